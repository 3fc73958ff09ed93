import sharp from 'sharp';
import { hashString } from './text';
import { fitText, text } from './cover-text';
import { type ContentLanguage, type DocumentSummary, type SheetSummary } from './types';

/**
 * Cover images (1200×630 JPEG, the usual social-card size). Table and document covers are drawn
 * as SVG (text as glyph outlines, see cover-text.ts, so no system font is needed) and coloured
 * from a hash of the title, so the same file always gets the same cover.
 */

export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

export interface Palette {
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

const INK = '#1f2933';
const MUTED = '#52606d';

/** Up to `count` round tick values covering [min, max] (1, 2 or 5 times a power of ten apart). */
export function niceTicks(min: number, max: number, count = 3): number[] {
  if (!(max > min)) return [min];
  const raw = (max - min) / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => (max - min) / s <= count) ?? 10 * power;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step - 1e-9) * step; v <= max + step * 1e-9; v += step) ticks.push(Math.round(v / step) * step || 0);
  return ticks;
}

const tickLabel = (v: number) => {
  const abs = Math.abs(v);
  if (abs >= 1e9) return `${trim(v / 1e9)}B`;
  if (abs >= 1e6) return `${trim(v / 1e6)}M`;
  if (abs >= 1e4) return `${trim(v / 1e3)}k`;
  return trim(v);
};
const trim = (v: number) => (Math.round(v * 100) / 100).toLocaleString('en-US', { maximumFractionDigits: 2 });

/** "2012-01-01" … "2015-12-31" → "2012–2015"; other periods as written. */
export function periodText(from: string, to: string): string {
  const a = /^(\d{4})/.exec(from)?.[1];
  const b = /^(\d{4})/.exec(to)?.[1];
  if (a && b && a !== b) return `${a}–${b}`;
  return from === to ? from : `${from} – ${to}`;
}

export interface CoverChart {
  kind: 'bars' | 'line';
  values: number[];
  labels?: string[];
  /** The y axis: the measure's name as in the file, and its unit when known. */
  measure: string;
  unit?: string;
  /** The x axis: the time or label column. */
  x?: string;
}

export interface CoverCaption {
  /** What is shown: the measure, its unit and the period. */
  headline: string;
  /** The table's title and how the points aggregate the rows. */
  detail: string;
}

/**
 * The chart as drawn on a cover: plot area, y axis with round ticks and the measure (and unit) as
 * its title, x axis with its first, middle and last labels and the column as its title. Sizes are
 * chosen for the cover shown 140 px high on a Book card (about 0.22 of its size) and 180–260 px on
 * the Book page.
 */
export function chartSvg(c: CoverChart, p: Palette): string {
  const left = 215;
  const right = 1100;
  const top = 250;
  const bottom = 455;
  const values = c.values;
  const lowest = Math.min(...values);
  const highest = Math.max(...values);
  const kind = c.kind === 'line' && values.length >= 3 ? 'line' : 'bars';
  // Bars start at zero; a line zooms in on the data's band unless it is near zero.
  const from = kind === 'bars' || (lowest >= 0 && lowest <= (highest - lowest) * 1.5) ? Math.min(0, lowest) : lowest;
  let ticks = niceTicks(from, Math.max(highest, from + 1e-9), 3);
  const min = Math.min(ticks[0], from);
  const max = Math.max(ticks[ticks.length - 1], highest);
  ticks = ticks.filter((t) => t >= min && t <= max);
  const span = max - min || 1;
  const y = (v: number) => bottom - ((v - min) / span) * (bottom - top);
  const out: string[] = [];
  for (const t of ticks) {
    out.push(`<line x1="${left}" x2="${right}" y1="${r1(y(t))}" y2="${r1(y(t))}" stroke="${p.soft}" stroke-width="2"/>`);
    out.push(text(tickLabel(t), left - 16, y(t) + 13, { size: 38, fill: MUTED }, 'end'));
  }
  if (kind === 'bars') {
    const slot = (right - left) / values.length;
    const width = Math.max(4, slot * 0.7);
    values.forEach((v, i) => {
      const x = left + i * slot + (slot - width) / 2;
      const top = Math.min(y(v), y(Math.max(0, min)));
      const height = Math.max(3, Math.abs(y(Math.max(0, min)) - y(v)));
      out.push(
        `<rect x="${r1(x)}" y="${r1(top)}" width="${r1(width)}" height="${r1(height)}" rx="${Math.min(8, width / 3).toFixed(1)}" fill="${i % 2 ? p.accent : p.soft}"/>`,
      );
    });
  } else {
    const step = (right - left) / (values.length - 1);
    const points = values.map((v, i) => `${r1(left + i * step)},${r1(y(v))}`);
    out.push(
      `<polygon points="${left},${bottom} ${points.join(' ')} ${right},${bottom}" fill="${p.soft}" opacity="0.55"/><polyline points="${points.join(' ')}" fill="none" stroke="${p.accent}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"/>`,
    );
  }
  // Axes.
  out.push(
    `<line x1="${left}" x2="${left}" y1="${top - 10}" y2="${bottom}" stroke="${INK}" stroke-width="3"/><line x1="${left}" x2="${right}" y1="${bottom}" y2="${bottom}" stroke="${INK}" stroke-width="3"/>`,
  );
  // x ticks: first, middle and last label (bars: the highest and the lowest).
  const labels = c.labels && c.labels.length === values.length ? c.labels : undefined;
  if (labels) {
    const at = (i: number) => (kind === 'bars' ? left + ((i + 0.5) * (right - left)) / values.length : left + (i * (right - left)) / (values.length - 1));
    const picks = kind === 'bars' || values.length < 5 ? [0, values.length - 1] : [0, Math.floor((values.length - 1) / 2), values.length - 1];
    const room = (right - left) / picks.length - 20;
    picks.forEach((i, n) => {
      const anchor = n === 0 ? 'start' : n === picks.length - 1 ? 'end' : 'middle';
      const x = anchor === 'start' ? Math.max(left - 20, at(i) - 30) : anchor === 'end' ? Math.min(right + 20, at(i) + 30) : at(i);
      out.push(`<line x1="${r1(at(i))}" x2="${r1(at(i))}" y1="${bottom}" y2="${bottom + 12}" stroke="${INK}" stroke-width="3"/>`);
      out.push(text(fitText(labels[i], room, 38), x, bottom + 52, { size: 38, fill: MUTED }, anchor));
    });
  }
  if (c.x) out.push(text(fitText(c.x, right - left, 34, 600), (left + right) / 2, bottom + 100, { size: 34, weight: 600, fill: INK }, 'middle'));
  const yTitle = c.unit && !c.measure.includes(c.unit) ? `${c.measure} (${c.unit})` : c.measure;
  // The y axis's title stands above it, level (legible small, and Japanese is not turned on its side).
  out.push(text(fitText(yTitle, right - 80, 34, 600), 80, top - 22, { size: 34, weight: 600, fill: INK }));
  return out.join('');
}

/** The caption: what is shown (bold) and of which table. */
function captionSvg(caption: CoverCaption): string {
  return (
    text(fitText(caption.headline, 1040, 54, 700), 80, 108, { size: 54, weight: 700, fill: INK }) +
    (caption.detail ? text(fitText(caption.detail, 1040, 38), 80, 160, { size: 38, fill: MUTED }) : '')
  );
}

function gridPattern(seed: string, p: Palette, names: string[]): string {
  const random = seeded(seed);
  const cols = Math.max(2, Math.min(4, names.length || 4));
  const rows = 5;
  const left = 90;
  const width = 1020 / cols;
  const out: string[] = [];
  for (let c = 0; c < cols; c++) {
    out.push(`<rect x="${r1(left + c * width + 8)}" y="215" width="${r1(width - 16)}" height="58" rx="10" fill="${p.accent}"/>`);
    if (names[c]) out.push(text(fitText(names[c], width - 40, 34, 600), left + c * width + 24, 257, { size: 34, weight: 600, fill: '#ffffff' }));
  }
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const w = (width - 16) * (0.35 + random() * 0.6);
      out.push(`<rect x="${r1(left + c * width + 8)}" y="${292 + r * 54}" width="${r1(w)}" height="30" rx="8" fill="${r % 2 ? p.soft : p.bg2}"/>`);
    }
  }
  return out.join('');
}

const card = (p: Palette) =>
  `<rect x="40" y="40" width="1120" height="550" rx="28" fill="#ffffff" opacity="0.94"/><rect x="40" y="40" width="1120" height="550" rx="28" fill="none" stroke="${p.soft}" stroke-width="3"/>`;

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The SVG of a table cover: a caption saying what is shown, and the headline measure of the main
 * sheet over time (a line) or by label (ranked bars) with labelled axes; else the first varying
 * measure; else the table's columns as a grid. The words are the file's own (column names,
 * title, values), its units and period, and a few words in the language of the data — the cover
 * is one image for both languages, and the column profile beside it explains the names in the
 * reader's language.
 *
 * @param titleGiven `title` is the uploader's: it wins over a title row in the file.
 */
export function tableCoverSvg(title: string, sheets: SheetSummary[], main: SheetSummary | undefined, language: ContentLanguage, titleGiven = false): string {
  const p = paletteFor(title);
  const sheet = main ?? sheets[0];
  const profile = sheet?.profile;
  const ja = language === 'ja';
  const name = (titleGiven ? title : sheet?.title || title).trim();
  const periodOf = profile?.period ? periodText(profile.period.from, profile.period.to) : '';
  let chartSpec: CoverChart | undefined;
  let aggregate = '';
  if (profile?.chart && profile.headline && profile.chart.values.length >= 2) {
    const line = profile.chart.kind === 'line';
    const labels = profile.chart.labels?.length === profile.chart.values.length ? profile.chart.labels : undefined;
    chartSpec = {
      kind: profile.chart.kind,
      values: profile.chart.values,
      labels,
      measure: profile.headline.column,
      unit: profile.headline.unit,
      x: line ? profile.trend?.column : profile.entity?.column,
    };
    if (line) {
      // As the column profile's chart: a point is one row's value, or the mean of a period's rows.
      const onePerPoint = profile.trend && profile.period && profile.trend.periods === profile.period.distinct;
      const unit = labels?.[0] && /^\d{4}-\d{2}$/.test(labels[0]) ? 'month' : labels?.[0] && /^\d{4}$/.test(labels[0]) ? 'year' : undefined;
      if (!onePerPoint)
        aggregate = ja
          ? unit === 'month'
            ? '月平均'
            : unit === 'year'
              ? '年平均'
              : '平均'
          : unit
            ? `${unit === 'month' ? 'monthly' : 'yearly'} mean`
            : 'mean';
    } else {
      // Several rows per label: say how they were put together; fewer bars than labels: which.
      if (sheet && sheet.rowCount > profile.ranked + profile.totals.length)
        aggregate = profile.rankedBy === 'sum' ? (ja ? '合計' : 'total') : ja ? '平均' : 'mean';
      const shown = profile.chart.values.length;
      if (profile.ranked > shown)
        aggregate = [aggregate, ja ? `上位${shown}（全${profile.ranked}）` : `top ${shown} of ${profile.ranked}`].filter(Boolean).join(' · ');
    }
  } else {
    const measures = new Set(profile?.roles.filter((r) => r.role === 'measure').map((r) => r.name) ?? []);
    const numeric = sheet?.columns.find(
      (c) => c.type === 'number' && c.trend && c.trend.length >= 2 && c.min !== c.max && (measures.size === 0 || measures.has(c.name)),
    );
    if (numeric) {
      chartSpec = {
        kind: 'line',
        values: numeric.trend!,
        measure: numeric.name,
        unit: profile?.roles.find((r) => r.name === numeric.name)?.unit,
        x: ja ? '行の順' : 'row order',
      };
      aggregate = ja ? `${count(sheet!.rowCount)}行` : `${count(sheet!.rowCount)} rows`;
    }
  }
  if (chartSpec) {
    const unit = chartSpec.unit && !chartSpec.measure.includes(chartSpec.unit) ? ` (${chartSpec.unit})` : '';
    const caption = { headline: `${chartSpec.measure}${unit}${periodOf ? ` · ${periodOf}` : ''}`, detail: [name, aggregate].filter(Boolean).join(' · ') };
    return frame(p, card(p) + captionSvg(caption) + chartSvg(chartSpec, p));
  }
  const rows = sheet?.rowCount ?? 0;
  const cols = sheet?.columns.length ?? 0;
  const shape =
    rows > 0
      ? ja
        ? `${count(rows)}行 × ${count(cols)}列`
        : `${count(rows)} rows × ${count(cols)} columns`
      : sheets.length > 1
        ? ja
          ? `${sheets.length}シート`
          : `${sheets.length} sheets`
        : '';
  const caption = { headline: name, detail: [shape, periodOf].filter(Boolean).join(' · ') };
  const names = sheet?.columns.length ? sheet.columns.map((c) => c.name) : sheets.map((s) => s.name);
  return frame(p, card(p) + captionSvg(caption) + gridPattern(title, p, names));
}

/** A table cover (see `tableCoverSvg`), as the JPEG that is stored. */
export async function tableCover(
  title: string,
  sheets: SheetSummary[],
  main: SheetSummary | undefined,
  language: ContentLanguage,
  titleGiven = false,
): Promise<Buffer> {
  return render(tableCoverSvg(title, sheets, main, language, titleGiven));
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
  const circles = Array.from(
    { length: 9 },
    () =>
      `<circle cx="${r1(random() * COVER_WIDTH)}" cy="${r1(random() * COVER_HEIGHT)}" r="${r1(40 + random() * 120)}" fill="${random() > 0.5 ? p.accent : p.soft}" opacity="0.22"/>`,
  ).join('');
  try {
    return await render(frame(p, circles));
  } catch {
    return sharp({ create: { width: COVER_WIDTH, height: COVER_HEIGHT, channels: 3, background: p.bg2 } })
      .jpeg()
      .toBuffer();
  }
}
