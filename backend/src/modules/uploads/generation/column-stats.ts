import { profileTable } from './profile';
import { type ColumnSummary, type SheetSummary } from './types';

/**
 * Running statistics of a table read row by row. Memory is bounded whatever the row count:
 * per column a few numbers, a capped frequent-value map (Misra–Gries) and a fixed-size trend.
 */

export const DISTINCT_CAP = 1000;
const MAX_COLUMNS = 200;
const MAX_VALUE_KEY = 100;
const SAMPLE_ROWS = 5;
/** First data rows kept for the Book's preview (shown only to those who may download the file). */
export const PREVIEW_ROWS = 20;
const PREVIEW_COLUMNS = 40;
const TREND_BUFFER = 128;
const TREND_POINTS = 64;

/** A cell value as read from CSV (string) or Excel (number, Date, boolean, rich text …). */
export type CellValue = string | number | boolean | Date | null | undefined;

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const GROUPED = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;

/** Characters a number may start with: digits, sign, dot, currency, full-width forms. */
function mayStartNumber(c: number): boolean {
  return (
    (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e || c === 0x24 || c === 0xa3 || c === 0xa5 || c === 0x20ac ||
    c === 0x2212 || c === 0x2013 || c === 0x2010 || (c >= 0xff10 && c <= 0xff19) || c === 0xff0b || c === 0xff0d || c === 0xff0e || c === 0xffe5
  );
}

/** Parses "1,234", "12.5%", "¥1,000", "−3", full-width digits… or returns undefined. */
export function parseNumber(raw: string): number | undefined {
  let s = raw.trim();
  if (!s || s.length > 40 || !mayStartNumber(s.charCodeAt(0))) return undefined;
  // Fast path: plain ASCII decimal.
  if (NUMBER.test(s)) return Number(s);
  if (/[^\x20-\x7e]/.test(s)) s = s.normalize('NFKC').replace(/[−–‐]/g, '-');
  s = s.replace(/^([+-]?)[¥$€£]/, '$1').replace(/(%|円)$/, '').trim();
  if (GROUPED.test(s)) s = s.replace(/,/g, '');
  if (!NUMBER.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

const DATE_YMD = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?/;
const DATE_JA = /^(\d{4})年(\d{1,2})月(\d{1,2})日/;
const MONTH_YM = /^(\d{4})[-/](\d{1,2})$|^(\d{4})年(\d{1,2})月$/;

/** A sortable ISO form (YYYY-MM-DD[THH:MM]) of a date-looking string, or undefined. */
export function parseDate(raw: string): string | undefined {
  const s = raw.trim();
  if (s.length < 6 || s.length > 40) return undefined;
  const c = s.charCodeAt(0);
  if (c < 0x30 || c > 0x39) return undefined;
  const pad = (v: string) => v.padStart(2, '0');
  let m = DATE_YMD.exec(s) ?? DATE_JA.exec(s);
  if (m) {
    const month = Number(m[2]);
    const day = Number(m[3]);
    if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
    const date = `${m[1]}-${pad(m[2])}-${pad(m[3])}`;
    return m[4] ? `${date}T${pad(m[4])}:${m[5]}` : date;
  }
  m = MONTH_YM.exec(s);
  if (m) {
    const year = m[1] ?? m[3];
    const month = m[2] ?? m[4];
    if (Number(month) < 1 || Number(month) > 12) return undefined;
    return `${year}-${pad(month)}`;
  }
  return undefined;
}

const BOOLEANS = new Set(['true', 'false', 'yes', 'no', 'はい', 'いいえ']);

export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().replace(/T00:00:00\.000Z$/, '').replace(/\.000Z$/, 'Z');
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return String(value);
}

class ColumnAccumulator {
  nonEmpty = 0;
  numeric = 0;
  dates = 0;
  booleans = 0;
  sum = 0;
  min = Infinity;
  max = -Infinity;
  minLabel: string | undefined;
  maxLabel: string | undefined;
  minDate: string | undefined;
  maxDate: string | undefined;
  minDateText: string | undefined;
  maxDateText: string | undefined;
  /** Misra–Gries counters; exact while `overflowed` is false. */
  readonly counts = new Map<string, number>();
  overflowed = false;
  trend: number[] = [];
  stride = 1;
  bucketSum = 0;
  bucketCount = 0;

  constructor(public name: string) {}

  add(value: CellValue, label: string | undefined): void {
    let text: string;
    let number: number | undefined;
    let date: string | undefined;
    if (value instanceof Date) {
      text = cellText(value);
      if (!text) return;
      date = text;
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return;
      text = String(value);
      number = value;
    } else if (typeof value === 'boolean') {
      text = String(value);
      this.booleans++;
    } else {
      text = value === null || value === undefined ? '' : String(value).trim();
      if (!text) return;
      number = parseNumber(text);
      if (number === undefined) {
        date = parseDate(text);
        if (date === undefined && BOOLEANS.has(text.toLowerCase())) this.booleans++;
      }
    }
    this.nonEmpty++;
    if (number !== undefined) this.addNumber(number, label);
    if (date !== undefined) {
      this.dates++;
      if (this.minDate === undefined || date < this.minDate) {
        this.minDate = date;
        this.minDateText = text;
      }
      if (this.maxDate === undefined || date > this.maxDate) {
        this.maxDate = date;
        this.maxDateText = text;
      }
    }
    this.count(text.length > MAX_VALUE_KEY ? text.slice(0, MAX_VALUE_KEY) : text);
  }

  private addNumber(n: number, label: string | undefined): void {
    this.numeric++;
    this.sum += n;
    if (n < this.min) {
      this.min = n;
      this.minLabel = label;
    }
    if (n > this.max) {
      this.max = n;
      this.maxLabel = label;
    }
    this.bucketSum += n;
    this.bucketCount++;
    if (this.bucketCount >= this.stride) {
      this.trend.push(this.bucketSum / this.bucketCount);
      this.bucketSum = 0;
      this.bucketCount = 0;
      if (this.trend.length >= TREND_BUFFER) {
        const halved: number[] = [];
        for (let i = 0; i + 1 < this.trend.length; i += 2) halved.push((this.trend[i] + this.trend[i + 1]) / 2);
        this.trend = halved;
        this.stride *= 2;
      }
    }
  }

  private count(key: string): void {
    const current = this.counts.get(key);
    if (current !== undefined) {
      this.counts.set(key, current + 1);
      return;
    }
    if (this.counts.size < DISTINCT_CAP) {
      this.counts.set(key, 1);
      return;
    }
    // Misra–Gries: a new key with the table full decrements every counter (amortised O(1)).
    this.overflowed = true;
    for (const [k, c] of this.counts) {
      if (c <= 1) this.counts.delete(k);
      else this.counts.set(k, c - 1);
    }
  }

  summary(labelIsText: boolean): ColumnSummary {
    const nonEmpty = this.nonEmpty;
    const type: ColumnSummary['type'] =
      nonEmpty === 0
        ? 'empty'
        : this.numeric >= nonEmpty * 0.9
          ? 'number'
          : this.dates >= nonEmpty * 0.9
            ? 'date'
            : this.booleans >= nonEmpty * 0.9
              ? 'boolean'
              : 'text';
    const topValues = [...this.counts.entries()]
      .filter(([, count]) => count > 1 || !this.overflowed)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, 5)
      .map(([value, count]) => ({ value, count }));
    const summary: ColumnSummary = {
      name: this.name,
      type,
      nonEmpty,
      distinct: this.overflowed ? DISTINCT_CAP : this.counts.size,
      topValues,
    };
    if (this.overflowed) summary.distinctCapped = true;
    if (type === 'number' && this.numeric > 0) {
      summary.min = this.min;
      summary.max = this.max;
      summary.sum = this.sum;
      summary.mean = this.sum / this.numeric;
      if (labelIsText) {
        if (this.minLabel) summary.minLabel = this.minLabel;
        if (this.maxLabel) summary.maxLabel = this.maxLabel;
      }
      const trend = this.bucketCount > 0 ? [...this.trend, this.bucketSum / this.bucketCount] : [...this.trend];
      summary.trend = downsample(trend, TREND_POINTS);
    }
    if (type === 'date') {
      summary.minDate = this.minDateText;
      summary.maxDate = this.maxDateText;
    }
    return summary;
  }
}

function downsample(values: number[], points: number): number[] {
  if (values.length <= points) return values;
  const out: number[] = [];
  for (let i = 0; i < points; i++) {
    const from = Math.floor((i * values.length) / points);
    const to = Math.floor(((i + 1) * values.length) / points);
    let sum = 0;
    for (let j = from; j < to; j++) sum += values[j];
    out.push(sum / Math.max(1, to - from));
  }
  return out;
}

function looksLikeHeader(cells: CellValue[]): boolean {
  const texts = cells.map(cellText).map((t) => t.trim());
  const filled = texts.filter((t) => t !== '');
  if (filled.length === 0) return false;
  const plain = cells.filter((c, i) => texts[i] !== '' && typeof c === 'string' && parseNumber(c) === undefined && parseDate(c) === undefined);
  return plain.length === filled.length || (plain.length >= filled.length * 0.8 && filled.length >= 3);
}

/** Rows kept for the table profile (a uniform sample of the whole file, in file order). */
export const PROFILE_ROWS = 5000;
const PROFILE_COLUMNS = 60;
const PROFILE_CELL = 80;
/** Rows looked at before deciding which one is the header (title rows may sit above it). */
const HEADER_LOOKAHEAD = 10;

/** Deterministic pseudo-random numbers (mulberry32) for the row sample. */
function sampler(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const filledCount = (cells: CellValue[]) => cells.reduce<number>((n, c) => n + (cellText(c).trim() === '' ? 0 : 1), 0);

/**
 * Builds a SheetSummary from rows fed one at a time. The header is the first row that looks
 * like one and is about as wide as the table; rows above it are title rows. Besides the running
 * column statistics, a uniform sample of ≤ 5,000 rows is kept (reservoir sampling) for the
 * table profile, so memory is bounded whatever the file size.
 */
export class SheetAccumulator {
  private columns: ColumnAccumulator[] | undefined;
  private rows = 0;
  private readonly samples: string[][] = [];
  private headerDecided = false;
  private pending: CellValue[][] = [];
  private titleLines: string[] = [];
  private readonly reservoir: Array<{ index: number; cells: string[] }> = [];
  private readonly random = sampler(0x5eed);

  constructor(
    readonly name: string,
    private readonly hints = '',
  ) {}

  get rowCount(): number {
    return this.rows + (this.headerDecided ? 0 : this.pending.length);
  }

  addRow(cells: CellValue[]): void {
    if (cells.length > MAX_COLUMNS) cells = cells.slice(0, MAX_COLUMNS);
    if (cells.every((c) => cellText(c).trim() === '')) return;
    if (!this.headerDecided) {
      this.pending.push(cells);
      if (this.pending.length >= HEADER_LOOKAHEAD) this.decideHeader();
      return;
    }
    this.addDataRow(cells);
  }

  private decideHeader(): void {
    this.headerDecided = true;
    const pending = this.pending;
    this.pending = [];
    const width = Math.max(...pending.map(filledCount));
    let header = -1;
    for (let i = 0; i < pending.length; i++) {
      const filled = filledCount(pending[i]);
      if (filled >= Math.max(2, Math.ceil(width * 0.6)) && looksLikeHeader(pending[i])) {
        header = i;
        break;
      }
      // Title rows: one or two cells of text above a wider table.
      if (filled > 2 || filled >= width) break;
    }
    if (header < 0 && pending.length && looksLikeHeader(pending[0])) header = 0;
    if (header >= 0) {
      for (const row of pending.slice(0, header)) {
        const text = row.map(cellText).map((t) => t.trim()).filter(Boolean).join(' ');
        if (text) this.titleLines.push(text.slice(0, 200));
      }
      this.columns = pending[header].map((c, i) => new ColumnAccumulator(cellText(c).trim() || `Column ${i + 1}`));
    } else this.columns = [];
    for (const row of pending.slice(header + 1)) this.addDataRow(row);
  }

  private addDataRow(cells: CellValue[]): void {
    const columns = this.columns!;
    while (columns.length < cells.length) {
      const column = new ColumnAccumulator(`Column ${columns.length + 1}`);
      // A column appearing late was empty in every earlier row.
      columns.push(column);
    }
    const label = cellText(cells[0]).trim().slice(0, 100) || undefined;
    for (let i = 0; i < cells.length; i++) columns[i].add(cells[i], i === 0 ? undefined : label);
    const index = this.rows++;
    if (this.samples.length < PREVIEW_ROWS) this.samples.push(cells.slice(0, PREVIEW_COLUMNS).map((c) => cellText(c).trim().slice(0, 100)));
    // Reservoir sampling (Algorithm R): every row has the same chance to be kept.
    let slot = this.reservoir.length;
    if (slot >= PROFILE_ROWS) {
      slot = Math.floor(this.random() * (index + 1));
      if (slot >= PROFILE_ROWS) return;
    }
    const kept = cells.slice(0, PROFILE_COLUMNS).map((c) => cellText(c).trim().slice(0, PROFILE_CELL));
    if (slot === this.reservoir.length) this.reservoir.push({ index, cells: kept });
    else this.reservoir[slot] = { index, cells: kept };
  }

  summary(): SheetSummary {
    if (!this.headerDecided) this.decideHeader();
    const columns = this.columns ?? [];
    const first = columns[0]?.summary(false);
    const labelIsText = first?.type === 'text' || first?.type === 'date';
    const summaries = columns.map((c, i) => (i === 0 ? first! : c.summary(labelIsText)));
    const out: SheetSummary = {
      name: this.name,
      rowCount: this.rows,
      columns: summaries,
      sampleRows: this.samples.slice(0, SAMPLE_ROWS),
      previewRows: this.samples,
    };
    const title = this.titleLines.join(' ').trim();
    if (title) out.title = title;
    if (summaries.length > 0 && this.rows > 0) {
      const rows = [...this.reservoir].sort((a, b) => a.index - b.index).map((r) => r.cells);
      out.profile = profileTable(
        { columns: summaries.slice(0, PROFILE_COLUMNS), rows, rowCount: this.rows, sampled: this.rows > this.reservoir.length },
        [this.hints, this.name, title].join(' '),
      );
      summaries.slice(0, PROFILE_COLUMNS).forEach((c, i) => {
        if (c.type === 'number' && c.min !== undefined && c.max !== undefined) c.bins = histogram(rows, i, c.min, c.max);
      });
    }
    return out;
  }
}

export const HISTOGRAM_BINS = 12;

/** Row counts of a numeric column in equal bins from min to max (one bin when min = max). */
function histogram(rows: string[][], index: number, min: number, max: number): number[] {
  const bins = new Array<number>(min === max ? 1 : HISTOGRAM_BINS).fill(0);
  const width = (max - min) / bins.length;
  for (const r of rows) {
    const v = parseNumber(r[index] ?? '');
    if (v === undefined) continue;
    bins[width > 0 ? Math.min(bins.length - 1, Math.max(0, Math.floor((v - min) / width))) : 0]++;
  }
  return bins;
}
