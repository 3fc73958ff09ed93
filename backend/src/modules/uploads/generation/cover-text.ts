import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';

/**
 * Text for the cover images, drawn as SVG paths from Noto Sans JP (the npm package the web app
 * already uses for its own text), so a cover reads the same on any server: no system font,
 * fontconfig or CJK package is needed, and Japanese never turns into boxes. The font ships as
 * ~120 subsets by Unicode range; a subset is read the first time one of its characters is drawn.
 * fontkit does not apply a variable WOFF2 font's weight axis to outlines, so the outlines are the
 * font's default (thin) master, and weight is given by stroking them: about as wide as the
 * regular and bold instances' stems.
 */

interface Subset {
  file: string;
  ranges: Array<[number, number]>;
  font?: fontkit.Font;
}

let subsets: Subset[] | undefined;
const fontCache = new Map<string, fontkit.Font>();

function fontDir(): string {
  // CommonJS in the build; Jest runs the sources as ES modules, where there is no `require`.
  const req = typeof require === 'function' ? require : createRequire(join(process.cwd(), 'index.js'));
  return dirname(req.resolve('@fontsource-variable/noto-sans-jp/files/noto-sans-jp-latin-wght-normal.woff2'));
}

function loadSubsets(): Subset[] {
  if (subsets) return subsets;
  const dir = fontDir();
  const unicode = JSON.parse(readFileSync(join(dir, '..', 'unicode.json'), 'utf8')) as Record<string, string>;
  const list: Subset[] = Object.entries(unicode).map(([key, spec]) => ({
    file: join(dir, `noto-sans-jp-${key.replace(/^\[(\d+)\]$/, '$1')}-wght-normal.woff2`),
    ranges: spec.split(',').map((part) => {
      const [lo, hi] = part.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(lo, 16), parseInt(hi ?? lo, 16)] as [number, number];
    }),
  }));
  // Latin first: the common case, and the subset whose digits and punctuation look right.
  list.sort((a, b) => Number(!/latin-wght/.test(a.file)) - Number(!/latin-wght/.test(b.file)));
  subsets = list;
  return list;
}

/** The font subset that draws a code point, or undefined when none does. */
function fontFor(codePoint: number): fontkit.Font | undefined {
  const subset = loadSubsets().find((s) => s.ranges.some(([lo, hi]) => codePoint >= lo && codePoint <= hi));
  if (!subset) return undefined;
  let font = fontCache.get(subset.file);
  if (!font) {
    font = fontkit.create(readFileSync(subset.file));
    fontCache.set(subset.file, font);
  }
  return font.hasGlyphForCodePoint(codePoint) ? font : undefined;
}

/** The stroke added around the thin outlines for a weight (px at a size), and the spacing it needs. */
const strokeFor = (size: number, weight: number) => (size * (Math.max(100, Math.min(900, weight)) - 60)) / 7000;

export interface TextStyle {
  size: number;
  weight?: number;
  fill: string;
}

const round = (d: string) => d.replace(/-?\d+\.\d+/g, (n) => String(Math.round(Number(n) * 10) / 10));

/** The width of a text at a size (in px), as `text()` would draw it. */
export function textWidth(text: string, size: number, weight = 400): number {
  const spacing = strokeFor(size, weight) * 0.6;
  let width = 0;
  for (const ch of text) {
    const font = fontFor(ch.codePointAt(0)!);
    width += (font ? (font.glyphForCodePoint(ch.codePointAt(0)!).advanceWidth / font.unitsPerEm) * size : size * 0.5) + spacing;
  }
  return width - spacing;
}

/** The text cut with an ellipsis to fit a width. */
export function fitText(text: string, maxWidth: number, size: number, weight = 400): string {
  if (textWidth(text, size, weight) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 1 && textWidth(`${chars.join('').trimEnd()}…`, size, weight) > maxWidth) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/**
 * A line of text as one SVG path (baseline at y; anchor start, middle or end at x), with the text
 * itself in a <title> for anyone reading the SVG. Characters no subset has are left as a gap.
 */
export function text(value: string, x: number, y: number, style: TextStyle, anchor: 'start' | 'middle' | 'end' = 'start', rotate?: number): string {
  const weight = style.weight ?? 400;
  const width = textWidth(value, style.size, weight);
  const stroke = strokeFor(style.size, weight);
  let pen = anchor === 'start' ? 0 : anchor === 'middle' ? -width / 2 : -width;
  const parts: string[] = [];
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    const font = fontFor(code);
    if (!font) {
      pen += style.size * 0.5 + stroke * 0.6;
      continue;
    }
    const scale = style.size / font.unitsPerEm;
    const glyph = font.glyphForCodePoint(code);
    const d = glyph.path.scale(scale, -scale).translate(pen, 0).toSVG();
    if (d) parts.push(round(d));
    pen += glyph.advanceWidth * scale + stroke * 0.6;
  }
  const transform = `translate(${Math.round(x * 10) / 10} ${Math.round(y * 10) / 10})${rotate ? ` rotate(${rotate})` : ''}`;
  return `<g transform="${transform}" fill="${style.fill}" stroke="${style.fill}" stroke-width="${Math.round(stroke * 10) / 10}" stroke-linejoin="round"><title>${escapeXml(value)}</title><path d="${parts.join('')}"/></g>`;
}

export function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}
