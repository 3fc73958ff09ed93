/**
 * A small ZIP writer for tests that craft hostile archives: entries from buffers or streamed from
 * generators (a zip bomb of hundreds of MB is deflated chunk by chunk, never held in memory), with
 * headers that may lie about sizes, and as many entries as wanted (writes are batched).
 */
import { type FileHandle, open } from 'node:fs/promises';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export interface EntryOptions {
  /** 0 stored, 8 deflated (default). */
  method?: 0 | 8;
  /** Uncompressed size written in both headers instead of the true one. */
  declaredSize?: number;
}

interface Written {
  name: Buffer;
  method: number;
  crc: number;
  compressed: number;
  uncompressed: number;
  offset: number;
}

export class ZipWriter {
  private handle?: FileHandle;
  private position = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private readonly entries: Written[] = [];

  constructor(private readonly path: string) {}

  private async file(): Promise<FileHandle> {
    this.handle ??= await open(this.path, 'w');
    return this.handle;
  }

  private async write(buf: Buffer): Promise<void> {
    this.pending.push(buf);
    this.pendingBytes += buf.length;
    this.position += buf.length;
    if (this.pendingBytes >= 4 * 1024 * 1024) await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.pendingBytes) return;
    const data = Buffer.concat(this.pending);
    const at = this.position - this.pendingBytes;
    this.pending = [];
    this.pendingBytes = 0;
    await (await this.file()).write(data, 0, data.length, at);
  }

  private localHeader(entry: Written): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0800, 6); // UTF-8 names
    header.writeUInt16LE(entry.method, 8);
    header.writeUInt32LE(entry.crc >>> 0, 14);
    header.writeUInt32LE(entry.compressed, 18);
    header.writeUInt32LE(entry.uncompressed, 22);
    header.writeUInt16LE(entry.name.length, 26);
    return Buffer.concat([header, entry.name]);
  }

  async add(name: string, content: Buffer | string, options: EntryOptions = {}): Promise<void> {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const method = options.method ?? 8;
    const packed = method === 8 ? deflateRawSync(data) : data;
    const entry: Written = {
      name: Buffer.from(name),
      method,
      crc: crc32(data),
      compressed: packed.length,
      uncompressed: options.declaredSize ?? data.length,
      offset: this.position,
    };
    this.entries.push(entry);
    await this.write(this.localHeader(entry));
    await this.write(packed);
  }

  /** A deflated entry from chunks made on the fly; the header is written with the sizes afterwards. */
  async addStream(name: string, chunks: Iterable<Buffer>, options: Omit<EntryOptions, 'method'> = {}): Promise<void> {
    await this.flush();
    const entry: Written = { name: Buffer.from(name), method: 8, crc: 0, compressed: 0, uncompressed: 0, offset: this.position };
    const headerLength = 30 + entry.name.length;
    const handle = await this.file();
    await handle.write(Buffer.alloc(headerLength), 0, headerLength, this.position);
    let at = this.position + headerLength;
    const deflate = createDeflateRaw({ level: 9 });
    const done = (async () => {
      for await (const out of deflate) {
        const buf = out as Buffer;
        await handle.write(buf, 0, buf.length, at);
        at += buf.length;
        entry.compressed += buf.length;
      }
    })();
    let crc = 0;
    for (const chunk of chunks) {
      crc = crc32(chunk, crc);
      entry.uncompressed += chunk.length;
      if (!deflate.write(chunk)) await new Promise<void>((resolve) => deflate.once('drain', () => resolve()));
    }
    deflate.end();
    await done;
    entry.crc = crc;
    if (options.declaredSize !== undefined) entry.uncompressed = options.declaredSize;
    await handle.write(this.localHeader(entry), 0, headerLength, entry.offset);
    this.entries.push(entry);
    this.position = at;
  }

  /** Writes the central directory and the end record (the entry count is capped at 65,535 there, as without ZIP64). */
  async close(): Promise<number> {
    const directoryStart = this.position;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(0x0800, 8);
      header.writeUInt16LE(entry.method, 10);
      header.writeUInt32LE(entry.crc >>> 0, 16);
      header.writeUInt32LE(entry.compressed, 20);
      header.writeUInt32LE(entry.uncompressed, 24);
      header.writeUInt16LE(entry.name.length, 28);
      header.writeUInt32LE(entry.offset, 42);
      await this.write(Buffer.concat([header, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(Math.min(this.entries.length, 0xffff), 8);
    end.writeUInt16LE(Math.min(this.entries.length, 0xffff), 10);
    end.writeUInt32LE(this.position - directoryStart, 12);
    end.writeUInt32LE(directoryStart, 16);
    await this.write(end);
    await this.flush();
    await this.handle?.close();
    return this.position;
  }
}

const CONTENT_TYPES_DOCX =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS_DOCX =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const CONTENT_TYPES_XLSX =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';
const RELS_XLSX =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const DOC_OPEN =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
const DOC_CLOSE = '</w:body></w:document>';

/** Chunks of zeros adding up to `bytes`. */
export function* zeros(bytes: number, chunk = 1024 * 1024): Generator<Buffer> {
  const block = Buffer.alloc(chunk);
  for (let left = bytes; left > 0; left -= chunk) yield left >= chunk ? block : block.subarray(0, left);
}

/**
 * A DOCX whose word/document.xml is `bytes` of text (zeros inside a paragraph) — ~1 MB on disk for
 * 400 MB unpacked. `declaredSize` makes the headers claim another unpacked size.
 */
export async function writeZipBombDocx(path: string, bytes: number, declaredSize?: number): Promise<number> {
  const zip = new ZipWriter(path);
  await zip.add('[Content_Types].xml', CONTENT_TYPES_DOCX);
  await zip.add('_rels/.rels', RELS_DOCX);
  const open = Buffer.from(`${DOC_OPEN}<w:p><w:r><w:t>`);
  const close = Buffer.from(`</w:t></w:r></w:p>${DOC_CLOSE}`);
  const body = bytes - open.length - close.length;
  const digits = Buffer.alloc(1024 * 1024, 0x30); // '0' characters: valid XML text
  function* parts(): Generator<Buffer> {
    yield open;
    for (let left = body; left > 0; left -= digits.length) yield left >= digits.length ? digits : digits.subarray(0, left);
    yield close;
  }
  await zip.addStream('word/document.xml', parts(), { declaredSize });
  return zip.close();
}

/** A DOCX whose body nests `depth` elements in one another (short names: 100,000 levels stay under 1 MB). */
export async function writeNestedDocx(path: string, depth: number): Promise<number> {
  const zip = new ZipWriter(path);
  await zip.add('[Content_Types].xml', CONTENT_TYPES_DOCX);
  await zip.add('_rels/.rels', RELS_DOCX);
  await zip.add('word/document.xml', `${DOC_OPEN}<w:p>${'<x>'.repeat(depth)}<w:t>deep</w:t>${'</x>'.repeat(depth)}</w:p>${DOC_CLOSE}`);
  return zip.close();
}

/** An XLSX package with `count` tiny stored entries besides its own parts. */
export async function writeManyEntriesXlsx(path: string, count: number): Promise<number> {
  const zip = new ZipWriter(path);
  await zip.add('[Content_Types].xml', CONTENT_TYPES_XLSX);
  await zip.add('_rels/.rels', RELS_XLSX);
  await zip.add('xl/workbook.xml', '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>');
  for (let i = 0; i < count; i++) await zip.add(`x/${i.toString(36)}`, '', { method: 0 });
  return zip.close();
}
