/**
 * Recognising delimited text (CSV/TSV) without a magic number: the encoding (UTF-8 with or
 * without BOM, or Shift_JIS), and a delimiter that splits most of the first records alike.
 */

export type TextEncodingName = 'utf-8' | 'shift_jis';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

export function hasUtf8Bom(buf: Uint8Array): boolean {
  return buf.length >= 3 && buf[0] === UTF8_BOM[0] && buf[1] === UTF8_BOM[1] && buf[2] === UTF8_BOM[2];
}

/**
 * The text encoding of a file head, or null for binary content. A multi-byte character cut at
 * the end of the head is fine (the decoders run in streaming mode).
 */
export function detectTextEncoding(head: Uint8Array): TextEncodingName | null {
  if (head.length === 0 || head.includes(0)) return null;
  for (const encoding of ['utf-8', 'shift_jis'] as const) {
    try {
      new TextDecoder(encoding, { fatal: true }).decode(head, { stream: true });
      return encoding;
    } catch {
      // try the next encoding
    }
  }
  return null;
}

/** Decodes a head for sniffing (BOM dropped); null when it is not text. */
export function decodeHead(head: Uint8Array): { text: string; encoding: TextEncodingName } | null {
  const encoding = detectTextEncoding(head);
  if (!encoding) return null;
  const text = new TextDecoder(encoding).decode(head, { stream: true });
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
