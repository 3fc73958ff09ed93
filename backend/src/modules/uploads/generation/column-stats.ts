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
    (c >= 0x30 && c <= 0x39) ||
    c === 0x2b ||
    c === 0x2d ||
    c === 0x2e ||
    c === 0x24 ||
    c === 0xa3 ||
    c === 0xa5 ||
    c === 0x20ac ||
    c === 0x2212 ||
    c === 0x2013 ||
    c === 0x2010 ||
    (c >= 0xff10 && c <= 0xff19) ||
    c === 0xff0b ||
    c === 0xff0d ||
    c === 0xff0e ||
    c === 0xffe5 ||
    c === 0x25b3 ||
    c === 0x25b2
  );
}

/** Parses "1,234", "12.5%", "¥1,000", "−3", full-width digits, "△3" / "▲3" (minus, as Japanese tables write it)… or returns undefined. */
export function parseNumber(raw: string): number | undefined {
  let s = raw.trim();
  if (!s || s.length > 40 || !mayStartNumber(s.charCodeAt(0))) return undefined;
  // Fast path: plain ASCII decimal.
  if (NUMBER.test(s)) return Number(s);
  if (/[^\x20-\x7e]/.test(s))
    s = s
      .normalize('NFKC')
      .replace(/[−–‐]/g, '-')
      .replace(/^[△▲]\s*/, '-');
  s = s
    .replace(/^([+-]?)[¥$€£]/, '$1')
    .replace(/(%|円)$/, '')
    .trim();
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

/**
 * The marks statistical tables (e-Stat) write for a figure that is missing or withheld: 「－」 (no
 * such case), 「…」 (not available), 「x」 (confidential), 「***」. Read as an empty cell.
 */
const MISSING_MARKS = new Set(['-', '－', '―', '‐', '—', '−', '…', '...', '‥', '・・・', 'x', 'X', 'ｘ', 'Ｘ', '*', '＊', '**', '***', '＊＊＊']);

export function isMissingMark(value: CellValue): boolean {
  return typeof value === 'string' && value.length <= 4 && MISSING_MARKS.has(value.trim());
}

export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date)
    return Number.isNaN(value.getTime())
      ? ''
      : value
          .toISOString()
          .replace(/T00:00:00\.000Z$/, '')
          .replace(/\.000Z$/, 'Z');
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

  constructor(
    public name: string,
    /** The name was joined from a multi-row header (its brackets name a sub-heading, not a unit). */
    readonly joined = false,
  ) {}

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
      if (!text || MISSING_MARKS.has(text)) return;
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
    if (this.joined) summary.joined = true;
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
/** Rows looked at before deciding which one is the header (title, unit and header rows may sit above the data). */
const HEADER_LOOKAHEAD = 12;
/** Extra header rows joined under the first (a two- or three-row merged header). */
const MAX_EXTRA_HEADER_ROWS = 2;

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
const firstFilled = (cells: CellValue[]) => cells.map((c) => cellText(c).trim()).find((t) => t !== '') ?? '';

/** A unit row or a unit in a title: 「（単位：千人）」, 「単位: %」, "Unit: thousand people". */
const UNIT_ROW = /(?:単位|units?)\s*[:：]\s*([^)）\]］,、;；\s]{1,12})/i;
/** Rows that end a table: notes and sources (注１）, ※, 資料：, 出典, 備考, Source:, Note:). */
const NOTE_ROW = /^\s*(?:[（(]?\s*(?:注|資料|出典|備考)(?:$|[\s0-9０-９一二三四五六七八九十:：．.、)）]|書き)|※|(?:sources?|notes?)\s*(?:$|[:：.0-9)]))/i;

/** The unit a unit row or title states, normalised (「％」 → 「%」), or undefined. */
export function unitFromText(text: string): string | undefined {
  const m = UNIT_ROW.exec(text.normalize('NFKC'));
  return m ? m[1].trim() : undefined;
}

/** Every filled cell is text that is neither a number nor a date (a header row). */
function allText(cells: CellValue[]): boolean {
  const texts = cells.map((c) => cellText(c).trim());
  return (
    texts.some((t) => t !== '') &&
    cells.every((c, i) => texts[i] === '' || (typeof c === 'string' && parseNumber(c) === undefined && parseDate(c) === undefined && !isMissingMark(c)))
  );
}

const CJK_TEXT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * One name per column from a header of several rows, merged cells read as empty: a heading spans
 * the empty cells to its right while the rows below have names there (健康保険料率 over 合計 |
 * 個人負担分 gives 「健康保険料率（合計）」「健康保険料率（個人負担分）」).
 */
function joinHeader(rows: CellValue[][]): Array<{ name: string; joined: boolean }> {
  const width = Math.max(...rows.map((r) => r.length));
  const texts = rows.map((r) => Array.from({ length: width }, (_, i) => cellText(r[i]).trim()));
  const names = texts[0].map((t) => ({ name: t, joined: false }));
  for (let level = 1; level < texts.length; level++) {
    const upper = texts[level - 1];
    const lower = texts[level];
    // The heading each column falls under: its own, or the one spanning from its left.
    let span = '';
    for (let i = 0; i < width; i++) {
      if (upper[i] !== '') span = names[i].name;
      else if (lower[i] === '' || i === 0 || lower[i - 1] === '') span = '';
      const top = upper[i] !== '' ? names[i].name : span;
      const low = lower[i];
      if (!low) names[i] = { name: top, joined: names[i].joined };
      else if (!top) names[i] = { name: low, joined: false };
      else if (/^[(（［\[].*[)）］\]]$/.test(low)) names[i] = { name: `${top}${low}`, joined: names[i].joined };
      else names[i] = { name: CJK_TEXT.test(top + low) ? `${top}（${low}）` : `${top} (${low})`, joined: true };
    }
  }
  return names;
}

/**
 * Builds a SheetSummary from rows fed one at a time, read the way offices lay tables out: title,
 * unit and blank rows above the header (a unit row such as 「（単位：千人）」 gives the measures
 * their unit), a header of one to three rows with merged cells (joined into one name per column),
 * and the table ending at its notes and sources (注, ※, 資料, 出典, Source, Note) or at a blank row
 * followed by prose. Besides the running column statistics, a uniform sample of ≤ 5,000 rows is
 * kept (reservoir sampling) for the table profile, so memory is bounded whatever the file size.
 */
export class SheetAccumulator {
  private columns: ColumnAccumulator[] | undefined;
  private rows = 0;
  private readonly samples: string[][] = [];
  private headerDecided = false;
  /** Rows before the header is decided; a blank row is kept as []. */
  private pending: CellValue[][] = [];
  private pendingFilled = 0;
  private titleLines: string[] = [];
  private unit: string | undefined;
  /** The table has ended (a note, a source, or prose after a blank row); later rows are notes. */
  private ended = false;
  private blankBefore = false;
  private readonly notes: string[] = [];
  private readonly reservoir: Array<{ index: number; cells: string[] }> = [];
  private readonly random = sampler(0x5eed);

  constructor(
    readonly name: string,
    private readonly hints = '',
  ) {}

  get rowCount(): number {
    return this.rows + (this.headerDecided ? 0 : this.pendingFilled);
  }

  addRow(cells: CellValue[]): void {
    if (cells.length > MAX_COLUMNS) cells = cells.slice(0, MAX_COLUMNS);
    const blank = cells.every((c) => cellText(c).trim() === '');
    if (!this.headerDecided) {
      if (blank) {
        if (this.pending.length && this.pending[this.pending.length - 1].length) this.pending.push([]);
        return;
      }
      this.pending.push(cells);
      if (++this.pendingFilled >= HEADER_LOOKAHEAD) this.decideHeader();
      return;
    }
    if (blank) {
      this.blankBefore = this.rows > 0;
      return;
    }
    this.tableRow(cells);
  }

  private decideHeader(): void {
    this.headerDecided = true;
    const pending = this.pending;
    this.pending = [];
    const filledRows = pending.map((r, i) => ({ row: r, i })).filter((r) => r.row.length > 0);
    const width = Math.max(0, ...filledRows.map((r) => filledCount(r.row)));
    let header = -1;
    for (const { row, i } of filledRows) {
      const filled = filledCount(row);
      if (filled >= Math.max(2, Math.ceil(width * 0.6)) && looksLikeHeader(row)) {
        header = i;
        break;
      }
      // Title and unit rows: one or two cells of text above a wider table.
      if (filled > 2 || filled >= width) break;
    }
    if (header < 0 && filledRows.length && looksLikeHeader(filledRows[0].row)) header = filledRows[0].i;
    if (header >= 0) {
      for (const row of pending.slice(0, header)) {
        const text = row
          .map(cellText)
          .map((t) => t.trim())
          .filter(Boolean)
          .join(' ');
        if (!text) continue;
        const unit = unitFromText(text);
        if (unit && !this.unit) this.unit = unit;
        // A row that only states the unit is not part of the title.
        const rest = text
          .normalize('NFKC')
          .replace(/[(（\[［]?\s*(?:単位|units?)\s*[:：][^)）\]］]*[)）\]］]?/i, '')
          .trim();
        if (rest) this.titleLines.push((unit ? rest : text).slice(0, 200));
      }
      // Rows under the header that are headings too (a merged header of two or three rows): text
      // only, cells empty where the row above has names (or the reverse), data following.
      const headerRows = [pending[header]];
      let next = header + 1;
      while (headerRows.length <= MAX_EXTRA_HEADER_ROWS && next < pending.length && pending[next].length > 0) {
        const row = pending[next];
        const after = pending.slice(next + 1).find((r) => r.length > 0);
        const above = headerRows[headerRows.length - 1];
        const n = Math.max(row.length, above.length);
        const text = (r: CellValue[], i: number) => cellText(r[i]).trim() !== '';
        let merged = false;
        for (let i = 0; i < n && !merged; i++) merged = text(above, i) !== text(row, i);
        if (!merged || !allText(row) || !after || allText(after)) break;
        headerRows.push(row);
        next++;
      }
      this.columns = joinHeader(headerRows).map((h, i) => new ColumnAccumulator(h.name || `Column ${i + 1}`, h.joined));
      header = next - 1;
    } else this.columns = [];
    for (const row of pending.slice(header + 1)) {
      if (row.length === 0) this.blankBefore = this.rows > 0;
      else this.tableRow(row);
    }
  }

  /** A row under the header: data, or the notes and prose that end the table. */
  private tableRow(cells: CellValue[]): void {
    if (!this.ended) {
      const filled = filledCount(cells);
      const first = firstFilled(cells);
      const width = this.columns?.length ?? 0;
      const note = NOTE_ROW.test(first) && filled <= Math.max(1, Math.floor(width / 3));
      const prose = this.blankBefore && width >= 2 && filled === 1 && parseNumber(first) === undefined && parseDate(first) === undefined;
      this.blankBefore = false;
      if (!note && !prose) {
        this.addDataRow(cells);
        return;
      }
      this.ended = true;
    }
    if (this.notes.length < 5) {
      const text = cells
        .map((c) => cellText(c).trim())
        .filter(Boolean)
        .join(' ');
      if (text) this.notes.push(text.slice(0, 200));
    }
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
    // The profile reads e-Stat's missing marks (「－」「…」「x」) as empty cells, as the statistics do.
    cells = cells.map((c) => (isMissingMark(c) ? '' : c));
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
    if (this.unit) out.unit = this.unit;
    if (this.notes.length) out.notes = [...this.notes];
    if (summaries.length > 0 && this.rows > 0) {
      const rows = [...this.reservoir].sort((a, b) => a.index - b.index).map((r) => r.cells);
      out.profile = profileTable(
        { columns: summaries.slice(0, PROFILE_COLUMNS), rows, rowCount: this.rows, sampled: this.rows > this.reservoir.length, unit: this.unit },
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
