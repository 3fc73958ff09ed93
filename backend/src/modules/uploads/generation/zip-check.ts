import { type FileHandle, open } from 'node:fs/promises';
import { createInflateRaw, inflateRawSync } from 'node:zlib';

/**
 * Checks a ZIP archive (DOCX, XLSX) before any parser reads it: its central directory first
 * (entry count, declared sizes, compression ratios, entries that overlap or hide between others),
 * then every entry is inflated once with its output counted against what its headers declare,
 * and the XML parts are scanned for their nesting depth. A zip bomb, a package of millions of
 * parts, headers that lie about sizes, or XML nested deeper than any real document is refused
 * here, with the parsers (exceljs, mammoth) never having seen it.
 */
export interface ArchiveLimits {
  /** Sum of the entries' uncompressed sizes (declared, and as actually inflated). */
  maxTotalBytes: number;
  /** Number of entries in the central directory. */
  maxEntries: number;
  /** Largest uncompressed / compressed ratio of an entry larger than `ratioFloorBytes`. */
  maxRatio: number;
  /** Deepest element nesting of an XML part. */
  maxXmlDepth: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxTotalBytes: 200 * 1024 * 1024,
  maxEntries: 10_000,
  maxRatio: 300,
  maxXmlDepth: 1000,
};

/** Entries below this size are not held to the ratio (tiny, very regular XML parts compress a lot). */
const RATIO_FLOOR_BYTES = 1024 * 1024;
/** Entries up to this (declared) size are inflated in one call; larger ones as a stream. */
const SYNC_INFLATE_BYTES = 4 * 1024 * 1024;

/** Why an archive was refused: `limits` for a hazard (bomb, too many parts, lies), `unreadable` for a damaged or unsupported zip. */
export class ArchiveRefused extends Error {
  constructor(
    readonly reason: 'limits' | 'unreadable',
    message: string,
  ) {
    super(message);
  }
}

interface Entry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_U32 = 0xffffffff;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

function u64(buffer: Buffer, at: number): number {
  const value = buffer.readBigUInt64LE(at);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

/** The central directory's place: from the end record, or its ZIP64 form. */
async function centralDirectory(handle: FileHandle, fileSize: number): Promise<{ offset: number; size: number }> {
  if (fileSize < 22) throw new ArchiveRefused('unreadable', 'not a zip archive (too short)');
  const tailLength = Math.min(fileSize, 22 + 0xffff + 20);
  const tailStart = fileSize - tailLength;
  const tail = await readAt(handle, tailStart, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD && i + 22 + tail.readUInt16LE(i + 20) <= tail.length) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ArchiveRefused('unreadable', 'not a zip archive (no end of central directory)');
  let size = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  if ((offset === MAX_U32 || size === MAX_U32 || tail.readUInt16LE(at + 10) === 0xffff) && at >= 20 && tail.readUInt32LE(at - 20) === ZIP64_LOCATOR) {
    const recordAt = u64(tail, at - 20 + 8);
    const record = await readAt(handle, recordAt, 56);
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD) throw new ArchiveRefused('unreadable', 'damaged ZIP64 end record');
    size = u64(record, 40);
    offset = u64(record, 48);
  }
  const end = tailStart + at;
  if (offset + size > end) throw new ArchiveRefused('unreadable', 'central directory outside the file');
  return { offset, size };
}

/** The entries of the central directory, refusing past `maxEntries` (counted, whatever the end record claims). */
function parseEntries(directory: Buffer, limits: ArchiveLimits): Entry[] {
  const entries: Entry[] = [];
  let at = 0;
  while (at < directory.length) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL) throw new ArchiveRefused('unreadable', 'damaged central directory');
    if (entries.length >= limits.maxEntries) throw new ArchiveRefused('limits', `more than ${limits.maxEntries} entries`);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > directory.length) throw new ArchiveRefused('unreadable', 'damaged central directory');
    const entry: Entry = {
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      uncompressedSize: directory.readUInt32LE(at + 24),
      localOffset: directory.readUInt32LE(at + 42),
    };
    // ZIP64 extended information: the fields at their 32-bit maximum follow, in this order.
    const extra = directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    for (let e = 0; e + 4 <= extra.length;) {
      const id = extra.readUInt16LE(e);
      const length = extra.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let f = e + 4;
        const take = () => {
          if (f + 8 > e + 4 + length || f + 8 > extra.length) throw new ArchiveRefused('unreadable', 'damaged ZIP64 field');
          const value = u64(extra, f);
          f += 8;
          return value;
        };
        if (entry.uncompressedSize === MAX_U32) entry.uncompressedSize = take();
        if (entry.compressedSize === MAX_U32) entry.compressedSize = take();
        if (entry.localOffset === MAX_U32) entry.localOffset = take();
      }
      e += 4 + length;
    }
    entries.push(entry);
    at = end;
  }
  return entries;
}

/** Counts XML element nesting over a byte stream (UTF-8 or UTF-16: NUL bytes are skipped). */
export class XmlDepthScanner {
  private depth = 0;
  private max = 0;
  /** 0 text, 1 just after '<', 2 in a start tag, 3 in a closing tag or a declaration/comment. */
  private state = 0;
  private quote = 0;
  private last = 0;

  constructor(private readonly limit: number) {}

  get deepest(): number {
    return this.max;
  }

  /** Feeds bytes; false once the nesting went past the limit. */
  push(chunk: Buffer): boolean {
    let i = 0;
    const n = chunk.length;
    while (i < n) {
      if (this.state === 0) {
        const next = chunk.indexOf(0x3c, i);
        if (next < 0) return true;
        this.state = 1;
        i = next + 1;
        continue;
      }
      const c = chunk[i++];
      if (c === 0) continue;
      if (this.state === 1) {
        if (c === 0x2f) {
          this.state = 3;
          this.depth = Math.max(0, this.depth - 1);
        } else if (c === 0x21 || c === 0x3f) this.state = 3;
        else {
          this.state = 2;
          this.last = c;
        }
        continue;
      }
      if (this.quote) {
        if (c === this.quote) this.quote = 0;
        continue;
      }
      if (c === 0x3e) {
        if (this.state === 2 && this.last !== 0x2f) {
          this.depth++;
          if (this.depth > this.max) this.max = this.depth;
          if (this.depth > this.limit) return false;
        }
        this.state = 0;
        continue;
      }
      if (this.state === 2) {
        if (c === 0x22 || c === 0x27) this.quote = c;
        else if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) this.last = c;
      }
    }
    return true;
  }
}

const isXml = (name: string) => /\.(xml|rels|vml)$/i.test(name);

/**
 * Inflates one entry from the file, counting what comes out: more than its header declared (a
 * lying header) or than the archive's remaining budget is refused as soon as it is seen.
 */
async function verifyEntry(
  handle: FileHandle,
  entry: Entry,
  dataStart: number,
  budget: number,
  limits: ArchiveLimits,
  scanner?: XmlDepthScanner,
): Promise<number> {
  const allowed = Math.min(entry.uncompressedSize, budget);
  const tooDeep = () => new ArchiveRefused('limits', `${entry.name}: XML nested more than ${limits.maxXmlDepth} levels deep`);
  const tooBig = () =>
    entry.uncompressedSize > budget
      ? new ArchiveRefused('limits', `more than ${limits.maxTotalBytes} bytes uncompressed`)
      : new ArchiveRefused('limits', `${entry.name}: inflates to more than its declared ${entry.uncompressedSize} bytes`);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.uncompressedSize) throw new ArchiveRefused('limits', `${entry.name}: stored entry with two sizes`);
    if (entry.compressedSize > allowed) throw tooBig();
    if (scanner) {
      for (let at = 0; at < entry.compressedSize; at += 1024 * 1024) {
        const part = await readAt(handle, dataStart + at, Math.min(1024 * 1024, entry.compressedSize - at));
        if (!scanner.push(part)) throw tooDeep();
      }
    }
    return entry.compressedSize;
  }
  if (entry.uncompressedSize <= SYNC_INFLATE_BYTES) {
    const packed = await readAt(handle, dataStart, entry.compressedSize);
    let out: Buffer;
    try {
      out = inflateRawSync(packed, { maxOutputLength: Math.max(1, allowed) });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooBig();
      throw new ArchiveRefused('unreadable', `${entry.name}: damaged compressed data`);
    }
    if (out.length > allowed) throw tooBig();
    if (scanner && !scanner.push(out)) throw tooDeep();
    return out.length;
  }
  return new Promise<number>((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: 256 * 1024 });
    let produced = 0;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      reject(error);
    };
    inflate.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > allowed) return fail(tooBig());
      if (scanner && !scanner.push(chunk)) fail(tooDeep());
    });
    inflate.on('error', () => fail(new ArchiveRefused('unreadable', `${entry.name}: damaged compressed data`)));
    inflate.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(produced);
    });
    void (async () => {
      for (let at = 0; at < entry.compressedSize && !settled; at += 1024 * 1024) {
        const part = await readAt(handle, dataStart + at, Math.min(1024 * 1024, entry.compressedSize - at));
        if (!inflate.write(part)) await new Promise<void>((r) => inflate.once('drain', () => r()));
      }
      if (!settled) inflate.end();
    })().catch((error: Error) => fail(error));
  });
}

/**
 * Checks the archive at `path` against `limits`; throws ArchiveRefused when it must not be
 * parsed. Memory stays bounded: the central directory (at most the file) and 1 MiB read buffers.
 */
export async function checkZipArchive(
  path: string,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): Promise<{ entries: number; uncompressedBytes: number; deepestXml: number }> {
  const handle = await open(path, 'r');
  try {
    const fileSize = (await handle.stat()).size;
    const { offset, size } = await centralDirectory(handle, fileSize);
    const entries = parseEntries(await readAt(handle, offset, size), limits);
    let declared = 0;
    for (const entry of entries) {
      if (entry.flags & 0x0001) throw new ArchiveRefused('unreadable', 'encrypted archive');
      if (entry.method !== 0 && entry.method !== 8)
        throw new ArchiveRefused('unreadable', `${entry.name}: compression method ${entry.method} is not supported`);
      declared += entry.uncompressedSize;
      if (declared > limits.maxTotalBytes) throw new ArchiveRefused('limits', `more than ${limits.maxTotalBytes} bytes uncompressed`);
      if (entry.uncompressedSize > RATIO_FLOOR_BYTES && entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize)) {
        throw new ArchiveRefused('limits', `${entry.name}: compressed more than ${limits.maxRatio} to 1`);
      }
    }
    // Local headers in file order: each entry's data must end before the next one starts, and
    // before the central directory (overlapping entries are the other classic zip bomb, and data
    // no directory entry describes is what a streaming reader would see but this check would not).
    const ordered = [...entries].sort((a, b) => a.localOffset - b.localOffset);
    let end = 0;
    let slack = 0;
    let deepest = 0;
    let inflated = 0;
    const gapCheck = (next: number, name: string) => {
      if (next < end) throw new ArchiveRefused('limits', `${name}: overlaps another entry`);
      if (next - end > slack) throw new ArchiveRefused('limits', `${name}: data outside the directory's entries`);
    };
    for (const entry of ordered) {
      gapCheck(entry.localOffset, entry.name);
      const header = await readAt(handle, entry.localOffset, 30);
      if (header.length < 30 || header.readUInt32LE(0) !== LOCAL) throw new ArchiveRefused('unreadable', `${entry.name}: missing local header`);
      const nameLength = header.readUInt16LE(26);
      const extraLength = header.readUInt16LE(28);
      const localName = (await readAt(handle, entry.localOffset + 30, nameLength)).toString('utf8');
      if (localName !== entry.name || header.readUInt16LE(8) !== entry.method)
        throw new ArchiveRefused('limits', `${entry.name}: local header differs from the directory`);
      const localFlags = header.readUInt16LE(6);
      if ((localFlags & 0x0008) === 0) {
        const localCompressed = header.readUInt32LE(18);
        const localUncompressed = header.readUInt32LE(22);
        const zip64 = localCompressed === MAX_U32 || localUncompressed === MAX_U32;
        if (!zip64 && (localCompressed !== entry.compressedSize || localUncompressed !== entry.uncompressedSize)) {
          throw new ArchiveRefused('limits', `${entry.name}: local header sizes differ from the directory`);
        }
      }
      const dataStart = entry.localOffset + 30 + nameLength + extraLength;
      end = dataStart + entry.compressedSize;
      if (end > offset) throw new ArchiveRefused('unreadable', `${entry.name}: data runs past the central directory`);
      const scanner = isXml(entry.name) ? new XmlDepthScanner(limits.maxXmlDepth) : undefined;
      inflated += await verifyEntry(handle, entry, dataStart, limits.maxTotalBytes - inflated, limits, scanner);
      deepest = Math.max(deepest, scanner?.deepest ?? 0);
      // A data descriptor may follow: 12 to 24 bytes (signature and ZIP64 sizes optional).
      if (localFlags & 0x0008) end += 12;
      slack = localFlags & 0x0008 ? 12 : 0;
    }
    if (ordered.length > 0) gapCheck(offset, 'central directory');
    return { entries: entries.length, uncompressedBytes: inflated, deepestXml: deepest };
  } finally {
    await handle.close();
  }
}
