/** Shared shapes of the Book generation pipeline: detected file type → extracted content → draft. */

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
  /** ≤ 5 most frequent values (exact below the distinct cap, Misra–Gries estimates above it). */
  topValues: Array<{ value: string; count: number }>;
  /** Evenly spaced averages of a numeric column over the whole file (≤ 64 points), for charts. */
  trend?: number[];
}

export interface SheetSummary {
  name: string;
  /** Data rows (the header row is not counted). */
  rowCount: number;
  columns: ColumnSummary[];
  /** ≤ 5 first data rows, cells cut to 100 characters. */
  sampleRows: string[][];
}

export interface DocumentSummary {
  title?: string;
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
}

export interface BookDraft {
  title: string;
  summary: string;
  goodpoint: string;
  badpoint: string;
  point1: string;
  point2: string;
  point3: string;
  point4: string;
  point5: string;
  answer: string;
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

export interface BookGenerator {
  readonly name: string;
  generate(content: ExtractedContent, ctx: GenerationContext): Promise<BookDraft>;
}
