import { type Readable } from 'node:stream';
import sharp from 'sharp';
import { biffSheetNames, CompoundFile } from './cfb';
import { documentCover, fallbackCover, imageCover, tableCover } from './cover';
import { readExif } from './exif';
import { mainSheet } from './local-generator';
import { extractCsv } from './extract-csv';
import { extractExcel } from './extract-excel';
import { extractDoc, extractDocx } from './extract-word';
import { readAll } from './stream-utils';
import { detectLanguage, KeywordCounter, titleFromFileName } from './text';
import { type DataFileType, type ExtractedContent, type SheetSummary } from './types';

export interface ExtractInfo {
  fileName: string;
  sizeBytes: number;
  /** The uploader's title: it names the table and the cover instead of the file name. */
  title?: string;
}

export interface ExtractOptions {
  /** Largest Word / JPEG / legacy file read into memory (the upload limit). Default 64 MiB. */
  maxBufferBytes?: number;
}

const DEFAULT_MAX_BUFFER = 64 * 1024 * 1024;

type Base = Pick<ExtractedContent, 'fileType' | 'fileName' | 'sizeBytes'>;

function kindOf(type: DataFileType): ExtractedContent['kind'] {
  if (type.kind === 'jpeg') return 'image';
  if (type.kind === 'docx' || type.kind === 'doc') return 'document';
  return 'table';
}

function tableText(sheets: SheetSummary[]): { keywords: string[]; language: ExtractedContent['language'] } {
  const counter = new KeywordCounter();
  const languageParts: string[] = [];
  for (const sheet of sheets) {
    if (!/^(sheet|シート)\s*\d*$/i.test(sheet.name)) counter.add(sheet.name, 2);
    for (const column of sheet.columns) {
      counter.add(column.name, 3);
      languageParts.push(column.name);
      if (column.type === 'text') {
        for (const top of column.topValues) {
          counter.add(top.value, 1);
          languageParts.push(top.value);
        }
      }
    }
    for (const row of sheet.sampleRows) {
      counter.add(row.join(' '), 1);
      languageParts.push(row.join(' '));
    }
  }
  return { keywords: counter.top(20), language: detectLanguage(languageParts.join('\n')) };
}

/** What names a file's table and cover: the uploader's title when one was given, else the file name. */
function displayTitle(base: Base, given?: string): string {
  return given?.trim().slice(0, 200) || titleFromFileName(base.fileName);
}

async function extractTable(
  open: () => Promise<Readable>,
  type: DataFileType,
  base: Base,
  options: Required<ExtractOptions>,
  given?: string,
): Promise<ExtractedContent> {
  const warnings: string[] = [];
  let sheets: SheetSummary[];
  if (type.kind === 'csv') {
    const result = await extractCsv(await open(), displayTitle(base, given) || 'CSV', `${given ?? ''} ${base.fileName}`.trim());
    sheets = [result.sheet];
    warnings.push(...result.warnings);
  } else if (type.kind === 'xlsx') {
    const result = await extractExcel(await open());
    sheets = result.sheets;
    warnings.push(...result.warnings);
  } else {
    // Legacy .xls (BIFF in a compound file): sheet names only.
    const cfb = new CompoundFile(await readAll(await open(), options.maxBufferBytes));
    const workbook = cfb.readStream('Workbook') ?? cfb.readStream('Book');
    if (!workbook) throw new Error('no workbook stream in the compound file');
    const { sheets: names, encrypted } = biffSheetNames(workbook);
    sheets = names.map((name) => ({ name, rowCount: 0, columns: [], sampleRows: [] }));
    if (encrypted) warnings.push('The workbook is password-protected.');
    warnings.push('Cell contents of legacy .xls files are not read; only the sheet names are known.');
  }
  const { keywords, language } = tableText(sheets);
  const counter = new KeywordCounter();
  for (const k of keywords) counter.add(k, 2);
  counter.add(titleFromFileName(base.fileName), 1);
  const cover = await tableCover(displayTitle(base, given) || base.fileName, sheets, mainSheet(sheets), language, Boolean(given?.trim())).catch(() =>
    fallbackCover(base.fileName),
  );
  return { kind: 'table', ...base, language, sheets, keywords: counter.top(20), cover, warnings };
}

async function extractDocument(
  open: () => Promise<Readable>,
  type: DataFileType,
  base: Base,
  options: Required<ExtractOptions>,
  given?: string,
): Promise<ExtractedContent> {
  const buffer = await readAll(await open(), options.maxBufferBytes);
  const { document, fullText } = type.kind === 'docx' ? await extractDocx(buffer) : await extractDoc(buffer);
  const counter = new KeywordCounter();
  counter.add(document.title, 3);
  for (const heading of document.headings) counter.add(heading, 2);
  counter.add(fullText, 1);
  const language = detectLanguage(fullText || document.title || '');
  const cover = await documentCover(given?.trim() || document.title || base.fileName, document).catch(() => fallbackCover(base.fileName));
  const warnings = document.characterCount === 0 ? ['The document contains no text.'] : [];
  return { kind: 'document', ...base, language, document, keywords: counter.top(20), cover, warnings };
}

async function extractImage(open: () => Promise<Readable>, base: Base, options: Required<ExtractOptions>): Promise<ExtractedContent> {
  const buffer = await readAll(await open(), options.maxBufferBytes);
  const metadata = await sharp(buffer, { limitInputPixels: 100_000_000 }).metadata();
  const exif = readExif(metadata.exif);
  const oriented = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
  const image: NonNullable<ExtractedContent['image']> = {
    width: oriented.width ?? 0,
    height: oriented.height ?? 0,
    format: metadata.format ?? 'jpeg',
    hasGps: exif.hasGps,
  };
  if (exif.takenAt) image.takenAt = exif.takenAt;
  if (exif.camera) image.camera = exif.camera;
  const name = titleFromFileName(base.fileName);
  const counter = new KeywordCounter();
  counter.add(name, 1);
  const cover = await imageCover(buffer).catch(() => fallbackCover(base.fileName));
  return { kind: 'image', ...base, language: detectLanguage(name), image, keywords: counter.top(20), cover, warnings: [] };
}

/** What is known of a file that could not be read: its name, size and type, and a plain cover. */
async function minimalContent(type: DataFileType, base: Base, reason: string): Promise<ExtractedContent> {
  const kind = kindOf(type);
  const name = titleFromFileName(base.fileName);
  const counter = new KeywordCounter();
  counter.add(name, 1);
  const content: ExtractedContent = {
    kind,
    ...base,
    language: detectLanguage(name),
    keywords: counter.top(20),
    cover: await fallbackCover(base.fileName),
    warnings: [reason],
    unreadable: reason,
  };
  if (kind === 'table') content.sheets = [];
  if (kind === 'document') content.document = { headings: [], paragraphs: [], characterCount: 0 };
  if (kind === 'image') content.image = { width: 0, height: 0, format: type.extension, hasGps: false };
  return content;
}

/**
 * Reads an uploaded data file into a summary the generators write a Book from. Tables are
 * streamed (memory stays flat for large CSV/XLSX); Word and JPEG files are read whole, up to
 * `maxBufferBytes`. Never throws for a damaged or odd file: it then returns what is known, with
 * `unreadable` saying why (the pipeline then fails the upload instead of writing a Book about nothing).
 * Only a failing `open()` (storage trouble) is rethrown, so a job queue can retry.
 *
 * @param open opens a stream over the file (called once)
 */
export async function extractContent(
  open: () => Promise<Readable>,
  type: DataFileType,
  info: ExtractInfo,
  options: ExtractOptions = {},
): Promise<ExtractedContent> {
  const base: Base = { fileType: { ...type }, fileName: info.fileName, sizeBytes: info.sizeBytes };
  const resolved = { maxBufferBytes: options.maxBufferBytes ?? DEFAULT_MAX_BUFFER };
  let openFailure: unknown;
  const rawOpen = open;
  const guardedOpen = async () => {
    try {
      return await rawOpen();
    } catch (error) {
      openFailure = error;
      throw error;
    }
  };
  open = guardedOpen;
  try {
    const kind = kindOf(type);
    if (kind === 'table') return await extractTable(open, type, base, resolved, info.title);
    if (kind === 'document') return await extractDocument(open, type, base, resolved, info.title);
    return await extractImage(open, base, resolved);
  } catch (error) {
    // Storage trouble is not the file's fault: let the caller (job queue) retry.
    if (openFailure !== undefined) throw openFailure;
    const message = error instanceof Error ? error.message : String(error);
    return minimalContent(type, base, `The file could not be read (${message.slice(0, 200)}).`);
  }
}
