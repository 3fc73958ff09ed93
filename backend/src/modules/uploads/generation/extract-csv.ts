import { parse } from 'csv-parse';
import { pipeline, Readable } from 'node:stream';
import { SheetAccumulator } from './column-stats';
import { decodeHead, detectDelimiter, type TextEncodingName } from './csv-sniff';
import { peekStream } from './stream-utils';
import { type SheetSummary } from './types';

const SNIFF_BYTES = 64 * 1024;

export interface CsvResult {
  sheet: SheetSummary;
  encoding: TextEncodingName;
  delimiter: string;
  warnings: string[];
}

/**
 * Streams a CSV/TSV through csv-parse, keeping only running column statistics: memory does not
 * grow with the file. Any encoding `detectTextEncoding` knows is decoded on the fly.
 */
export async function extractCsv(source: Readable, sheetName: string, hints = ''): Promise<CsvResult> {
  const warnings: string[] = [];
  const { head, rest, ended } = await peekStream(source, SNIFF_BYTES);
  const sniffed = decodeHead(head, ended);
  const encoding: TextEncodingName = sniffed?.encoding ?? 'utf-8';
  if (!sniffed) warnings.push('The text encoding was not recognised; it was read as UTF-8.');
  const delimiter = (sniffed && detectDelimiter(sniffed.text, ended)) ?? ',';

  // UTF-8 bytes go to csv-parse as they are (it strips the BOM); the other encodings (UTF-16,
  // Shift_JIS, EUC-JP, ISO-2022-JP) are decoded on the way, TextDecoder keeping multi-byte
  // characters split across chunks (and dropping a UTF-16 BOM).
  async function* input(): AsyncGenerator<Buffer | string> {
    if (encoding === 'utf-8') {
      if (head.length) yield head;
      yield* rest;
      return;
    }
    const decoder = new TextDecoder(encoding);
    if (head.length) yield decoder.decode(head, { stream: true });
    for await (const chunk of rest) yield decoder.decode(chunk, { stream: true });
    const tail = decoder.decode();
    if (tail) yield tail;
  }

  const parser = parse({
    delimiter,
    bom: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    // Blank lines are kept: a blank line followed by prose ends a table (SheetAccumulator).
    skip_empty_lines: false,
    skip_records_with_error: true,
    max_record_size: 1_000_000,
  });
  let skipped = 0;
  parser.on('skip', () => {
    skipped++;
  });
  const sheet = new SheetAccumulator(sheetName, hints);
  // pipeline() applies backpressure and tears the source down if the parser fails.
  const piped = new Promise<void>((resolve) => pipeline(Readable.from(input()), parser, () => resolve()));
  // Records are taken in batches on 'readable' (an async iterator would cost a promise per row).
  await new Promise<void>((resolve) => {
    parser.on('readable', () => {
      let record: string[] | null;
      while ((record = parser.read() as string[] | null) !== null) sheet.addRow(record);
    });
    parser.once('end', () => resolve());
    parser.once('error', () => {
      warnings.push(`Reading stopped early after ${sheet.rowCount} rows because the file is damaged.`);
      resolve();
    });
    parser.once('close', () => resolve());
  });
  await piped;
  source.destroy();
  if (skipped > 0) warnings.push(`${skipped} malformed rows were skipped.`);
  return { sheet: sheet.summary(), encoding, delimiter, warnings };
}
