/**
 * Recognising delimited text (CSV/TSV) without a magic number: the encoding (UTF-8 with or
 * without BOM, UTF-16LE/BE with BOM, Shift_JIS/CP932, EUC-JP, ISO-2022-JP), and a delimiter that
 * splits most of the first records alike.
 */
import Encoding from 'encoding-japanese';

/** Encodings by their WHATWG names (what TextDecoder takes). */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'shift_jis' | 'euc-jp' | 'iso-2022-jp';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

export function hasUtf8Bom(buf: Uint8Array): boolean {
  return buf.length >= 3 && buf[0] === UTF8_BOM[0] && buf[1] === UTF8_BOM[1] && buf[2] === UTF8_BOM[2];
}

/** The bytes up to the last line feed (a character cut at the end of a head must not decide). */
function wholeLines(head: Uint8Array): Uint8Array {
  const lf = head.lastIndexOf(0x0a);
  return lf > 0 ? head.subarray(0, lf + 1) : head;
}

/**
 * The text encoding of a file head, or null for binary content. UTF-16 is recognised by its BOM
 * (Excel's "Unicode text"); the Japanese legacy encodings by encoding-japanese's byte checks
 * (ISO-2022-JP by its escapes, then EUC-JP, then Shift_JIS/CP932, as the library orders them).
 * A multi-byte character cut at the end of the head is fine.
 *
 * @param complete whether `head` is the whole file
 */
export function detectTextEncoding(head: Uint8Array, complete = false): TextEncodingName | null {
  if (head.length === 0) return null;
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head.includes(0)) return null;
  const lines = complete ? head : wholeLines(head);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(lines, { stream: !complete });
    // Pure 7-bit text with the JIS escapes (ESC $ B / ESC $ @) is ISO-2022-JP.
    if (lines.includes(0x1b) && Encoding.detect(lines, ['JIS']) === 'JIS') return 'iso-2022-jp';
    return 'utf-8';
  } catch {
    // not UTF-8: one of the Japanese legacy encodings, or binary
  }
  const found = Encoding.detect(lines, ['EUCJP', 'SJIS']);
  if (found === 'EUCJP') return 'euc-jp';
  if (found === 'SJIS') return 'shift_jis';
  return null;
}

/** Decodes a head for sniffing (BOM dropped); null when it is not text. */
export function decodeHead(head: Uint8Array, complete = false): { text: string; encoding: TextEncodingName } | null {
  const encoding = detectTextEncoding(head, complete);
  if (!encoding) return null;
  const text = new TextDecoder(encoding, { ignoreBOM: false }).decode(head, { stream: true });
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, encoding };
}

/** Splits text into records on newlines outside double quotes (at most `max` records). */
export function splitRecords(text: string, max: number): string[] {
  const records: string[] = [];
  let inQuotes = false;
  let start = 0;
  for (let i = 0; i < text.length && records.length < max; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) inQuotes = !inQuotes;
    else if (!inQuotes && (c === 0x0a || c === 0x0d)) {
      records.push(text.slice(start, i));
      if (c === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
      start = i + 1;
    }
  }
  if (records.length < max && start < text.length) records.push(text.slice(start));
  return records.filter((r) => r.trim() !== '');
}

function countOutsideQuotes(record: string, delimiter: string): number {
  let inQuotes = false;
  let n = 0;
  for (const ch of record) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && ch === delimiter) n++;
  }
  return n;
}

export type Delimiter = ',' | '\t' | ';';

/**
 * The delimiter splitting most of the first records into the same number of fields, or null.
 * `complete` says whether `text` is the whole file (else its last record may be cut off).
 */
export function detectDelimiter(text: string, complete: boolean): Delimiter | null {
  let records = splitRecords(text, 51);
  if (!complete && records.length > 1) records = records.slice(0, -1);
  records = records.slice(0, 50);
  if (records.length === 0) return null;
  let best: { delimiter: Delimiter; score: number } | null = null;
  for (const delimiter of [',', '\t', ';'] as const) {
    const counts = records.map((r) => countOutsideQuotes(r, delimiter));
    const withDelimiter = counts.filter((c) => c > 0).length;
    if (withDelimiter / records.length < 0.8) continue;
    const frequency = new Map<number, number>();
    for (const c of counts) frequency.set(c, (frequency.get(c) ?? 0) + 1);
    const [mode, modeCount] = [...frequency.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0];
    if (mode === 0 || modeCount / records.length < 0.6) continue;
    const score = modeCount * 100 + mode;
    if (!best || score > best.score) best = { delimiter, score };
  }
  return best?.delimiter ?? null;
}

// Control characters other than tab, LF, FF, CR (and SUB, an old end-of-file mark).
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u0019\u001b-\u001f\u007f]/;

/**
 * Whether a decoded head looks like a delimited table rather than markup, code or prose: at least
 * two records (a header and a row; one line of text with a comma in it is a sentence, not a table).
 */
export function looksDelimited(text: string, complete: boolean): boolean {
  if (CONTROL.test(text)) return false;
  const start = text.trimStart().slice(0, 16).toLowerCase();
  if (/^(<|#!|\{|\[|%pdf|@echo)/.test(start)) return false;
  if (splitRecords(text, 2).length < 2) return false;
  return detectDelimiter(text, complete) !== null;
}
