import sharp from 'sharp';
import { hashString } from './text';
import { type DocumentSummary, type SheetSummary } from './types';

/**
 * Cover images (1200×630 JPEG, the usual social-card size). Table and document covers are drawn
 * as SVG with shapes only — no text, the server has no CJK fonts — and coloured from a hash of
 * the title, so the same file always gets the same cover.
 */

export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

interface Palette {
  bg1: string;
  bg2: string;
  accent: string;
  soft: string;
}

const PALETTES: Palette[] = [
  { bg1: '#e8f4f2', bg2: '#cfe8e4', accent: '#2a9d8f', soft: '#8ecdc4' },
  { bg1: '#eef0fb', bg2: '#dde2f6', accent: '#4f5bd5', soft: '#a6acec' },
  { bg1: '#fdf0ea', bg2: '#f8dccf', accent: '#e76f51', soft: '#f4a896' },
  { bg1: '#fdf6e3', bg2: '#f6e7bf', accent: '#c98f0a', soft: '#ecd08a' },
  { bg1: '#eef6ea', bg2: '#d9ebd0', accent: '#4f9d5d', soft: '#a9d3ae' },
  { bg1: '#f6eef5', bg2: '#ead8e8', accent: '#9b5d93', soft: '#cfa9c9' },
  { bg1: '#eaf3fb', bg2: '#d2e5f5', accent: '#2f78b7', soft: '#94bfe3' },
];

export function paletteFor(seed: string): Palette {
  return PALETTES[hashString(seed) % PALETTES.length];
}

/** Deterministic pseudo-random numbers in [0, 1) from a seed. */
function seeded(seed: string): () => number {
  let a = hashString(seed) || 1;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function frame(p: Palette, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg1}"/><stop offset="1" stop-color="${p.bg2}"/></linearGradient></defs>
<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#bg)"/>
<circle cx="1120" cy="60" r="150" fill="${p.soft}" opacity="0.25"/>
<circle cx="70" cy="600" r="110" fill="${p.soft}" opacity="0.2"/>
${body}
</svg>`;
}

async function render(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}

function chart(values: number[], p: Palette, kind: 'bars' | 'line' = values.length <= 60 ? 'bars' : 'line'): string {
  const left = 150;
  const right = 1050;
  const top = 130;
  const bottom = 500;
  const lowest = Math.min(...values);
  const max = Math.max(...values);
  // Start at zero when the data is near it, else zoom in on the data's band (a cover, not a report).
  const min = lowest >= 0 && lowest <= (max - lowest) * 1.5 ? 0 : lowest - (max - lowest) * 0.25;
  const span = max - min || 1;
  const y = (v: number) => bottom - ((v - min) / span) * (bottom - top);
  const grid = [0, 1, 2, 3, 4].map((i) => `<line x1="${left}" x2="${right}" y1="${top + i * ((bottom - top) / 4)}" y2="${top + i * ((bottom - top) / 4)}" stroke="${p.soft}" stroke-width="2" opacity="0.5"/>`).join('');
  if (kind === 'bars') {
    const slot = (right - left) / values.length;
    const width = Math.max(4, slot * 0.7);
    const bars = values
      .map((v, i) => {
        const x = left + i * slot + (slot - width) / 2;
        const top = Math.min(y(v), y(0));
        const height = Math.max(3, Math.abs(y(0) - y(v)));
        return `<rect x="${r1(x)}" y="${r1(top)}" width="${r1(width)}" height="${r1(height)}" rx="${Math.min(8, width / 3).toFixed(1)}" fill="${i % 2 ? p.accent : p.soft}"/>`;
      })
      .join('');
    return grid + bars;
  }
  const step = (right - left) / (values.length - 1);
  const points = values.map((v, i) => `${r1(left + i * step)},${r1(y(v))}`);
  return `${grid}<polygon points="${left},${bottom} ${points.join(' ')} ${right},${bottom}" fill="${p.soft}" opacity="0.55"/><polyline points="${points.join(' ')}" fill="none" stroke="${p.accent}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"/>`;
}

function gridPattern(seed: string, p: Palette, columns: number): string {
  const random = seeded(seed);
  const cols = Math.max(2, Math.min(6, columns || 4));
  const rows = 7;
  const left = 150;
  const width = 900 / cols;
  const out: string[] = [];
  for (let c = 0; c < cols; c++) out.push(`<rect x="${r1(left + c * width + 8)}" y="130" width="${r1(width - 16)}" height="34" rx="8" fill="${p.accent}"/>`);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const w = (width - 16) * (0.35 + random() * 0.6);
      out.push(`<rect x="${r1(left + c * width + 8)}" y="${190 + r * 45}" width="${r1(w)}" height="22" rx="6" fill="${r % 2 ? p.soft : p.bg2}"/>`);
    }
  }
  return out.join('');
}

const card = (p: Palette) => `<rect x="100" y="80" width="1000" height="470" rx="28" fill="#ffffff" opacity="0.92"/><rect x="100" y="80" width="1000" height="470" rx="28" fill="none" stroke="${p.soft}" stroke-width="3"/>`;

/**
 * A table cover: the headline measure of the main sheet over time (a line) or by entity (ranked
 * bars); else the first varying numeric column that is a measure; else a grid.
 */
export async function tableCover(seed: string, sheets: SheetSummary[], main?: SheetSummary): Promise<Buffer> {
  const p = paletteFor(seed);
  const profiled = main?.profile?.chart && main.profile.chart.values.length >= 2 ? main.profile.chart : undefined;
  const measureNames = new Set(sheets.flatMap((s) => s.profile?.roles.filter((r) => r.role === 'measure').map((r) => r.name) ?? []));
  const numeric = sheets
    .flatMap((s) => s.columns)
    .find((c) => c.type === 'number' && c.trend && c.trend.length >= 2 && c.min !== c.max && (measureNames.size === 0 || measureNames.has(c.name)));
  const body = profiled
    ? chart(profiled.values, p, profiled.kind === 'line' && profiled.values.length >= 3 ? 'line' : 'bars')
    : numeric
      ? chart(numeric.trend!, p)
      : gridPattern(seed, p, sheets[0]?.columns.length ?? 4);
  return render(frame(p, card(p) + body));
}

/** A document cover: a page of heading bars and paragraph lines shaped like the document. */
export async function documentCover(seed: string, document: DocumentSummary | undefined): Promise<Buffer> {
  const p = paletteFor(seed);
  const random = seeded(seed);
  const out: string[] = [];
  out.push(`<rect x="330" y="40" width="540" height="560" rx="18" fill="#ffffff" opacity="0.95"/>`);
  out.push(`<rect x="330" y="40" width="540" height="560" rx="18" fill="none" stroke="${p.soft}" stroke-width="3"/>`);
  out.push(`<rect x="380" y="85" width="${r1(300 + random() * 140)}" height="26" rx="8" fill="${p.accent}"/>`);
  const headings = document?.headings.length ?? 0;
  const paragraphs = document?.paragraphs ?? [];
  let y = 140;
  let paragraph = 0;
  for (let block = 0; y < 560; block++) {
    if (headings > 0 && block % 2 === 1 && block / 2 < headings) {
      out.push(`<rect x="380" y="${y}" width="${r1(150 + random() * 150)}" height="16" rx="6" fill="${p.soft}"/>`);
      y += 30;
      continue;
    }
    const length = paragraphs[paragraph++]?.length ?? 120 + random() * 200;
    const lines = Math.max(1, Math.min(4, Math.round(length / 90)));
    for (let l = 0; l < lines && y < 560; l++) {
      const w = l === lines - 1 ? 120 + random() * 280 : 440;
      out.push(`<rect x="380" y="${y}" width="${r1(w)}" height="9" rx="4" fill="#c9ced6"/>`);
      y += 20;
    }
    y += 14;
  }
  out.push(`<circle cx="190" cy="210" r="70" fill="${p.accent}" opacity="0.25"/><circle cx="1010" cy="430" r="95" fill="${p.accent}" opacity="0.18"/>`);
  return render(frame(p, out.join('')));
}

/** An image cover: the photo cropped to 1200×630, re-encoded without any metadata (EXIF, GPS). */
export async function imageCover(image: Buffer): Promise<Buffer> {
  return sharp(image, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize(COVER_WIDTH, COVER_HEIGHT, { fit: 'cover', position: 'centre' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/** A plain patterned cover for files that could not be read. */
export async function fallbackCover(seed: string): Promise<Buffer> {
  const p = paletteFor(seed);
  const random = seeded(seed);
  const circles = Array.from({ length: 9 }, () => `<circle cx="${r1(random() * COVER_WIDTH)}" cy="${r1(random() * COVER_HEIGHT)}" r="${r1(40 + random() * 120)}" fill="${random() > 0.5 ? p.accent : p.soft}" opacity="0.22"/>`).join('');
  try {
    return await render(frame(p, circles));
  } catch {
    return sharp({ create: { width: COVER_WIDTH, height: COVER_HEIGHT, channels: 3, background: p.bg2 } }).jpeg().toBuffer();
  }
}
