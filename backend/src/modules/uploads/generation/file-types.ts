import { inflateRawSync } from 'node:zlib';
import { cfbEntryNames, isCfb } from './cfb';
import { decodeHead, looksDelimited } from './csv-sniff';
import { type DataFileKind, type DataFileType } from './types';

/** Bytes of a file's beginning that `detectDataFile` expects. */
export const DETECT_HEAD_BYTES = 64 * 1024;

const TYPES: Record<DataFileKind, DataFileType> = {
  jpeg: { kind: 'jpeg', mime: 'image/jpeg', extension: 'jpg' },
  csv: { kind: 'csv', mime: 'text/csv', extension: 'csv' },
  xlsx: { kind: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  xls: { kind: 'xls', mime: 'application/vnd.ms-excel', extension: 'xls' },
  docx: { kind: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' },
  doc: { kind: 'doc', mime: 'application/msword', extension: 'doc' },
};

/** Every media type a data file is stored and sent with (the download's answers). */
export const DATA_FILE_MIME_TYPES: readonly string[] = [...new Set(Object.values(TYPES).map((type) => type.mime))];

export function dataFileType(kind: DataFileKind): DataFileType {
  return { ...TYPES[kind] };
}

function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * The extension a name claims, lower case: 1–8 ASCII letters and digits with at least one letter
 * after the last dot; '' when there is none (`data`, `report.2024`, `売上.データ`).
 */
export function claimedExtension(fileName: string): string {
  const ext = extensionOf(fileName);
  return /^[a-z0-9]{1,8}$/.test(ext) && /[a-z]/.test(ext) ? ext : '';
}

/** The extensions a name may carry for each type (the first is the one downloads get). */
export const TYPE_EXTENSIONS: Record<DataFileKind, readonly string[]> = {
  jpeg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  csv: ['csv', 'tsv', 'txt'],
  xlsx: ['xlsx'],
  xls: ['xls'],
  docx: ['docx'],
  doc: ['doc'],
};

/**
 * Whether a name agrees with the type found in the content: its extension is one of the type's,
 * or it has none (a name without an extension takes the detected type's on download).
 */
export function nameFitsType(fileName: string, kind: DataFileKind): boolean {
  const ext = claimedExtension(fileName);
  return ext === '' || TYPE_EXTENSIONS[kind].includes(ext);
}

/**
 * Control characters (Cc), format characters (Cf: bidirectional overrides and isolates, zero-width
 * marks, the BOM…), line and paragraph separators and lone surrogates: none belongs in a file name,
 * and the format characters make a name read differently from what it is (`invoice\u202Excod.exe`).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

export function stripInvisible(name: string): string {
  return name.replace(INVISIBLE, '');
}

/**
 * The name a download gets: the stored name without invisible characters and without its own
 * extension, and the extension of the type its content was found to be (`page.html` of a CSV
 * downloads as `page.csv`, a JPEG named `photo` as `photo.jpg`).
 */
export function downloadName(fileName: string, kind: DataFileKind): string {
  const clean = stripInvisible(fileName.split(/[\\/]/).pop() ?? '').trim();
  const ext = claimedExtension(clean);
  const stem = (ext ? clean.slice(0, clean.length - ext.length - 1) : clean).replace(/^[.\s]+|[.\s]+$/g, '') || 'file';
  return `${stem}.${TYPE_EXTENSIONS[kind][0]}`;
}

interface ZipEntryHead {
  name: string;
  method: number;
  data: Buffer;
  /** Whether the entry's data lies whole within the head. */
  complete: boolean;
}

/** The zip entries whose local headers lie in the head, in file order. */
function zipEntries(head: Buffer): ZipEntryHead[] {
  const entries: ZipEntryHead[] = [];
  const signature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
  let at = head.indexOf(signature);
  while (at >= 0 && at + 30 <= head.length && entries.length < 500) {
    const flags = head.readUInt16LE(at + 6);
    const method = head.readUInt16LE(at + 8);
    const compressedSize = head.readUInt32LE(at + 18);
    const nameLength = head.readUInt16LE(at + 26);
    const extraLength = head.readUInt16LE(at + 28);
    const dataStart = at + 30 + nameLength + extraLength;
    if (at + 30 + nameLength > head.length) break;
    const name = head.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const sizeKnown = (flags & 0x08) === 0;
    const complete = sizeKnown && dataStart + compressedSize <= head.length;
    entries.push({ name, method, data: complete ? head.subarray(dataStart, dataStart + compressedSize) : Buffer.alloc(0), complete });
    at = head.indexOf(signature, sizeKnown && complete ? dataStart + compressedSize : at + 30 + nameLength);
  }
  return entries;
}

function entryText(entry: ZipEntryHead): string | undefined {
  if (!entry.complete || entry.data.length > 1024 * 1024) return undefined;
  try {
    if (entry.method === 0) return entry.data.toString('utf8');
    if (entry.method === 8) return inflateRawSync(entry.data, { maxOutputLength: 4 * 1024 * 1024 }).toString('utf8');
  } catch {
    return undefined;
  }
  return undefined;
}

const XLSX_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
const DOCX_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/** XLSX or DOCX from the package's content types, else from its part names; null for other zips. */
function ooxmlKind(head: Buffer): DataFileKind | null {
  const entries = zipEntries(head);
  const contentTypes = entries.find((e) => e.name === '[Content_Types].xml');
  const declared = contentTypes && entryText(contentTypes);
  if (declared !== undefined) {
    if (declared.includes(XLSX_MAIN)) return 'xlsx';
    if (declared.includes(DOCX_MAIN)) return 'docx';
    return null;
  }
  // Content types not readable from the head: recognise the parts (an OOXML package is required).
  const names = entries.map((e) => e.name);
  if (!names.includes('[Content_Types].xml') && !names.some((n) => n.startsWith('_rels/'))) return null;
  if (names.some((n) => /^xl\/(workbook\.xml|worksheets\/|sharedStrings\.xml|styles\.xml|_rels\/)/.test(n))) return 'xlsx';
  if (names.some((n) => /^word\/(document\.xml|styles\.xml|_rels\/)/.test(n))) return 'docx';
  return null;
}

function cfbKind(head: Buffer, fileName: string): DataFileKind | null {
  const names = cfbEntryNames(head).map((n) => n.toLowerCase());
  if (names.includes('workbook') || names.includes('book')) return 'xls';
  if (names.includes('worddocument')) return 'doc';
  // Directory not within the head: trust the name's extension, the content being CFB.
  if (names.length <= 1) {
    const ext = extensionOf(fileName);
    if (ext === 'xls') return 'xls';
    if (ext === 'doc') return 'doc';
  }
  return null;
}

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((b, i) => head[i] === b);

/**
 * The data file type of an upload, decided by its content — magic numbers, the parts of a zip
 * package, the streams of a compound file, or text that looks delimited. The name's extension
 * only breaks a tie between legacy Excel and Word when the compound file's directory lies beyond
 * the head. Anything else (PNG, PDF, executables, other zips, prose, markup…) gives null.
 *
 * @param head the first bytes of the file (DETECT_HEAD_BYTES; all of it when smaller)
 */
export function detectDataFile(head: Buffer, fileName: string): DataFileType | null {
  if (head.length === 0) return null;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return dataFileType('jpeg');
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const kind = ooxmlKind(head);
    return kind ? dataFileType(kind) : null;
  }
  if (isCfb(head)) {
    const kind = cfbKind(head, fileName);
    return kind ? dataFileType(kind) : null;
  }
  const complete = head.length < DETECT_HEAD_BYTES;
  const decoded = decodeHead(head, complete);
  if (!decoded) return null;
  return looksDelimited(decoded.text, complete) ? dataFileType('csv') : null;
}
