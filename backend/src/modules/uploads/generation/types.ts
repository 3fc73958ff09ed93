/** Shared shapes of the Book generation pipeline: detected file type → extracted content → draft. */
import type { BookText } from '../../books/book-text';

export type DataFileKind = 'jpeg' | 'csv' | 'xlsx' | 'xls' | 'docx' | 'doc';

export interface DataFileType {
  kind: DataFileKind;
  mime: string;
  /** Canonical extension without the dot (jpg, csv, xlsx, xls, docx, doc). */
  extension: string;
}

export type ContentLanguage = 'ja' | 'en';

export interface ColumnSummary {
  name: string;
  type: 'number' | 'date' | 'text' | 'boolean' | 'empty';
  nonEmpty: number;
  /** Distinct values, counted exactly up to a cap (see `distinctCapped`). */
  distinct: number;
  /** True when the column had more distinct values than were counted. */
  distinctCapped?: boolean;
  min?: number;
  max?: number;
  mean?: number;
  sum?: number;
  /** Value of the row's first column where the minimum / maximum was seen (when that column is a label). */
  minLabel?: string;
  maxLabel?: string;
  /** Earliest / latest value of a date column, as written in the file. */
  minDate?: string;
  maxDate?: string;
  /** The name was joined from a header of several rows (「健康保険料率（個人負担分）」: the brackets are not a unit). */
  joined?: boolean;
  /** ≤ 5 most frequent values (exact below the distinct cap, Misra–Gries estimates above it). */
  topValues: Array<{ value: string; count: number }>;
  /** Evenly spaced averages of a numeric column over the whole file (≤ 64 points), for charts. */
  trend?: number[];
  /** A numeric column's histogram: row counts in 12 equal bins from min to max (from the row sample). */
  bins?: number[];
}

/** One column of a Book's column profile (stored with the Book, shown to everyone: no raw rows). */
export interface ColumnProfileEntry {
  name: string;
  /** The name explained in the language(s) it is not written in (temp_max → ja 最高気温), with its unit. */
  label?: Partial<Record<ContentLanguage, string>>;
  type: ColumnSummary['type'];
  role: ColumnRole;
  unit?: string;
  /** Share of rows where the column is empty (0–1). */
  missing: number;
  distinct: number;
  distinctCapped?: boolean;
  min?: number;
  max?: number;
  mean?: number;
  /** First and last value of a date column, as written. */
  from?: string;
  to?: string;
  /** ≤ 5 most frequent values (text, category and date columns). */
  top?: Array<{ value: string; count: number }>;
  /** Histogram of a numeric column (12 bins from min to max). */
  bins?: number[];
}

/** The first rows of a Book's main table, for those who may download its file. */
export interface TablePreview {
  sheet: string;
  columns: string[];
  rows: string[][];
}

/** The column profile of a Book's main table and the chart of its headline measure. */
export interface TableColumnProfile {
  sheet: string;
  rows: number;
  /** Histograms come from a uniform sample of the rows (large files). */
  sampled: boolean;
  columns: ColumnProfileEntry[];
  /** Set once the columns have their labels (Books profiled before labels get them from the backfill). */
  labelled?: boolean;
  chart?: {
    kind: 'line' | 'bars';
    /** The headline measure and its unit (the y axis). */
    measure: string;
    unit?: string;
    /** The x axis: the time column (line) or the label column (bars). */
    x: string;
    /** How each point aggregates the rows: their mean or their total. */
    aggregate: 'mean' | 'sum';
    labels: string[];
    values: number[];
  };
}

export type ColumnRole = 'identifier' | 'constant' | 'time' | 'entity' | 'category' | 'measure' | 'coordinate' | 'text' | 'empty';

/** A labelled value (an entity, a group or a period with its figure). */
export interface LabelledValue {
  label: string;
  value: number;
}

/**
 * What a table is about, read the way a data journalist would: the role of each column, the
 * headline measure, its extremes by entity, groups, trend over time and strong relations. Built
 * from the running column statistics and a bounded sample of rows (memory stays flat).
 */
export interface TableProfile {
  roles: Array<{ name: string; role: ColumnRole; unit?: string }>;
  /** Columns with one value in every row: stated once, never as a statistic. */
  constants: Array<{ name: string; value: string }>;
  /** The column naming what each row is about (都道府県, country, name …). */
  entity?: { column: string; count: number };
  /** The measure the table is about. */
  headline?: { column: string; unit?: string; additive: boolean };
  /** Rows that are totals (合計, 全国, All …, Total) with their headline value. */
  totals: LabelledValue[];
  /** Highest / lowest entities by the headline measure (totals excluded), best first. */
  top: LabelledValue[];
  bottom: LabelledValue[];
  /** Number of entities ranked (after aggregation). */
  ranked: number;
  /** Groups compared by a category column: mean (or sum when additive) of the headline per group, highest first. */
  groups?: { column: string; items: Array<LabelledValue & { count: number }> };
  /** How many rows fall in each value of the main category (e.g. airports per state), most first. */
  counts?: { column: string; distinct: number; items: Array<{ label: string; count: number }> };
  /** The headline over time (aggregated per period). */
  trend?: {
    column: string;
    direction: 'up' | 'down' | 'flat';
    first: LabelledValue;
    last: LabelledValue;
    peak: LabelledValue;
    low: LabelledValue;
    biggestRise?: LabelledValue;
    biggestFall?: LabelledValue;
    periods: number;
    series: number[];
    /** For dated series over several full years: the months (01–12) highest and lowest within the year; value = the average gap between them. */
    season?: { high: LabelledValue; low: LabelledValue };
  };
  /** Strong correlations between the headline and other measures (|r| ≥ 0.7). */
  relations: Array<{ a: string; b: string; r: number }>;
  /** The northernmost and southernmost rows, when the table has a latitude and a name. */
  extent?: { column: string; north: LabelledValue; south: LabelledValue };
  /** What the cover draws: the headline over time (line) or by entity (ranked bars, ≤ 40), with the labels of its points. */
  chart?: { kind: 'bars' | 'line'; values: number[]; labels?: string[] };
  /** How the ranking and groups aggregate the headline: a total per label, or the mean of its rows. */
  rankedBy?: 'sum' | 'mean';
  /** The period the rows cover (a date or year column). */
  period?: { column: string; from: string; to: string; distinct: number; granularity: 'day' | 'month' | 'year' | 'other'; onePerRow: boolean; years?: number };
  /** Every measure's range and mean (exact, whole file), its share of rows above zero, and its yearly means' change. */
  measures?: Array<{
    column: string;
    unit?: string;
    min: number;
    max: number;
    mean: number;
    /** Rows with a value above 0 when the measure has many zeros (rainy days, active hours). */
    positive?: number;
    yearly?: { first: LabelledValue; last: LabelledValue; direction: 'up' | 'down' | 'flat' };
  }>;
  /** Ties at the top: labels that share the highest value (ranking or counts). */
  ties?: { of: 'top' | 'counts'; labels: string[]; value: number };
  /** Whether the row-level facts come from a sample of a larger file. */
  sampled: boolean;
  /** Every number the profile states (for checking a model's answer). */
  numbers: number[];
}

export interface SheetSummary {
  name: string;
  /** Text of title rows found above the header row, if any. */
  title?: string;
  /** The unit a unit row above the table states (「（単位：千人）」 → 千人), given to measures without their own. */
  unit?: string;
  /** The notes and sources under the table (注, ※, 資料, 出典…), ≤ 5, not counted as rows. */
  notes?: string[];
  /** Roles, headline and findings (tables with a header and at least one data row). */
  profile?: TableProfile;
  /** Data rows (the header row is not counted). */
  rowCount: number;
  columns: ColumnSummary[];
  /** ≤ 5 first data rows, cells cut to 100 characters. */
  sampleRows: string[][];
  /** ≤ 20 first data rows (≤ 40 cells, cut to 100 characters) for the Book's preview; never shown to those who may not download. */
  previewRows?: string[][];
}

export interface DocumentSummary {
  title?: string;
  /** Tables found in the document, summarised like sheets. */
  tables?: SheetSummary[];
  headings: string[];
  /** The first ~50 paragraphs (headings excluded). */
  paragraphs: string[];
  characterCount: number;
}

export interface ImageSummary {
  width: number;
  height: number;
  format: string;
  /** EXIF DateTimeOriginal as ISO-like local time, e.g. 2025-05-03T10:24:31. */
  takenAt?: string;
  camera?: string;
  /** Whether the file carried a GPS position. The position itself is never copied. */
  hasGps: boolean;
}

export interface ExtractedContent {
  kind: 'table' | 'document' | 'image';
  fileType: DataFileType;
  fileName: string;
  sizeBytes: number;
  language: ContentLanguage;
  sheets?: SheetSummary[];
  document?: DocumentSummary;
  image?: ImageSummary;
  /** ≤ 20 frequent meaningful words (no stop words, particles or numbers). */
  keywords: string[];
  /** JPEG cover image (1200×630), always present. */
  cover: Buffer;
  /** Problems met while reading (damaged file, rows skipped, …); empty or absent when none. */
  warnings?: string[];
  /** Set when nothing could be read from the file (why): the rest is only its name, size and type. */
  unreadable?: string;
}

/** A Book's text as the generator writes it in one language, with the tags it picked. */
export interface BookDraft extends BookText {
  tags: string[];
  language: ContentLanguage;
}

export interface GenerationContext {
  /** The uploader's own title, if given. */
  title?: string;
  description?: string;
  /** The uploader's UI language: the draft is written in it. */
  language: ContentLanguage;
  /** Existing tag names (of the user's language); tags are only ever picked from these. */
  tagCandidates: string[];
}

/** What both languages of a Book are written from: the tag vocabulary of each language. */
export interface BilingualContext {
  title?: string;
  description?: string;
  tagCandidates: Record<ContentLanguage, string[]>;
}

/** Labels of the main table's columns per language (from the model; the glossary fills the gaps). */
export type ColumnLabels = Record<string, Partial<Record<ContentLanguage, string>>>;

/** A Book written in both languages (every Book is), with its columns' labels when a model wrote them. */
export type BilingualDraft = Record<ContentLanguage, BookDraft> & { columnLabels?: ColumnLabels };

export interface BookGenerator {
  readonly name: string;
  generate(content: ExtractedContent, ctx: GenerationContext): Promise<BookDraft>;
  /** Both languages at once (the LLM asks for both in one answer, falling back per language). */
  generateBoth(content: ExtractedContent, ctx: BilingualContext): Promise<BilingualDraft>;
}

export const LANGUAGES: readonly ContentLanguage[] = ['ja', 'en'];
