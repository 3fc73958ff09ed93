/**
 * A small, defensive reader for OLE2 compound files (CFB: legacy .xls / .doc). It lists the
 * directory entries and reads a stream by name. It works on a truncated buffer (the first
 * 64 KiB of an upload) as far as the needed sectors are present, and never throws: anything
 * unreadable just yields fewer names or `undefined`.
 */

export const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const FREE_SECT = 0xffffffff;
const MAX_SECTOR = 0xfffffffa;
const MAX_CHAIN = 1_000_000;

export interface CfbEntry {
  name: string;
  type: 'storage' | 'stream' | 'root';
  start: number;
  size: number;
}

export function isCfb(buf: Uint8Array): boolean {
  return buf.length >= 8 && Buffer.from(buf.buffer, buf.byteOffset, 8).equals(CFB_SIGNATURE);
}

interface Header {
  sectorSize: number;
  miniSectorSize: number;
  firstDirSector: number;
  miniStreamCutoff: number;
  firstMiniFatSector: number;
  firstDifatSector: number;
  difatCount: number;
}

function readHeader(buf: Buffer): Header | undefined {
  if (!isCfb(buf) || buf.length < 512) return undefined;
  const sectorShift = buf.readUInt16LE(0x1e);
  const miniShift = buf.readUInt16LE(0x20);
  if (sectorShift !== 9 && sectorShift !== 12) return undefined;
  if (miniShift !== 6) return undefined;
  return {
    sectorSize: 1 << sectorShift,
    miniSectorSize: 1 << miniShift,
    firstDirSector: buf.readUInt32LE(0x30),
    miniStreamCutoff: buf.readUInt32LE(0x38) || 4096,
    firstMiniFatSector: buf.readUInt32LE(0x3c),
    firstDifatSector: buf.readUInt32LE(0x44),
    difatCount: buf.readUInt32LE(0x48),
  };
}

export class CompoundFile {
  private readonly header: Header | undefined;
  private fat: number[] | undefined;
  private entriesCache: CfbEntry[] | undefined;

  constructor(private readonly buf: Buffer) {
    this.header = readHeader(buf);
  }

  get valid(): boolean {
    return this.header !== undefined;
  }

  private sector(n: number): Buffer | undefined {
    const h = this.header!;
    const start = (n + 1) * h.sectorSize;
    if (n > MAX_SECTOR || start + h.sectorSize > this.buf.length) return undefined;
    return this.buf.subarray(start, start + h.sectorSize);
  }

  private loadFat(): number[] {
    if (this.fat) return this.fat;
    const h = this.header!;
    const fatSectors: number[] = [];
    for (let i = 0; i < 109; i++) {
      const s = this.buf.readUInt32LE(0x4c + i * 4);
      if (s <= MAX_SECTOR) fatSectors.push(s);
    }
    let difat = h.firstDifatSector;
    for (let i = 0; i < h.difatCount && difat <= MAX_SECTOR && i < 10_000; i++) {
      const sec = this.sector(difat);
      if (!sec) break;
      const per = h.sectorSize / 4 - 1;
      for (let j = 0; j < per; j++) {
        const s = sec.readUInt32LE(j * 4);
        if (s <= MAX_SECTOR) fatSectors.push(s);
      }
      difat = sec.readUInt32LE(per * 4);
    }
    const fat: number[] = [];
    for (const s of fatSectors) {
      const sec = this.sector(s);
      if (!sec) {
        // Sectors beyond the buffer: keep positions aligned with FREE entries.
        for (let j = 0; j < h.sectorSize / 4; j++) fat.push(FREE_SECT);
        continue;
      }
      for (let j = 0; j < sec.length; j += 4) fat.push(sec.readUInt32LE(j));
    }
    this.fat = fat;
    return fat;
  }

  /** Sector numbers of a chain (stops at the first unreadable link or a loop). */
  private chain(start: number, table: number[]): number[] {
    const out: number[] = [];
    const seen = new Set<number>();
    let s = start;
    while (s <= MAX_SECTOR && !seen.has(s) && out.length < MAX_CHAIN) {
      seen.add(s);
      out.push(s);
      const next = table[s];
      if (next === undefined || next === FREE_SECT) break;
      s = next;
    }
    return out;
  }

  entries(): CfbEntry[] {
    if (this.entriesCache) return this.entriesCache;
    const entries: CfbEntry[] = [];
    if (this.header) {
      const fat = this.loadFat();
      const dirSectors = this.chain(this.header.firstDirSector, fat);
      for (const s of dirSectors) {
        const sec = this.sector(s);
        if (!sec) break;
        for (let off = 0; off + 128 <= sec.length; off += 128) {
          const entry = parseDirEntry(sec.subarray(off, off + 128));
          if (entry) entries.push(entry);
        }
      }
    }
    this.entriesCache = entries;
    return entries;
  }

  /** The bytes of a stream by (case-insensitive) name, or undefined when it cannot be read whole. */
  readStream(name: string, maxBytes = 64 * 1024 * 1024): Buffer | undefined {
    const h = this.header;
    if (!h) return undefined;
    const entry = this.entries().find((e) => e.type === 'stream' && e.name.toLowerCase() === name.toLowerCase());
    if (!entry) return undefined;
    const size = Math.min(entry.size, maxBytes);
    const parts: Buffer[] = [];
    let got = 0;
    if (entry.size < h.miniStreamCutoff) {
      const root = this.entries().find((e) => e.type === 'root');
      if (!root) return undefined;
      const fat = this.loadFat();
      const miniStreamSectors = this.chain(root.start, fat);
      const miniFat: number[] = [];
      for (const s of this.chain(h.firstMiniFatSector, fat)) {
        const sec = this.sector(s);
        if (!sec) break;
        for (let j = 0; j < sec.length; j += 4) miniFat.push(sec.readUInt32LE(j));
      }
      const perSector = h.sectorSize / h.miniSectorSize;
      for (const m of this.chain(entry.start, miniFat)) {
        const container = miniStreamSectors[Math.floor(m / perSector)];
        if (container === undefined) return undefined;
        const sec = this.sector(container);
        if (!sec) return undefined;
        const off = (m % perSector) * h.miniSectorSize;
        parts.push(sec.subarray(off, off + h.miniSectorSize));
        got += h.miniSectorSize;
        if (got >= size) break;
      }
    } else {
      for (const s of this.chain(entry.start, this.loadFat())) {
        const sec = this.sector(s);
        if (!sec) return undefined;
        parts.push(sec);
        got += sec.length;
        if (got >= size) break;
      }
    }
    if (got < size) return undefined;
    return Buffer.concat(parts).subarray(0, size);
  }
}

function parseDirEntry(raw: Buffer): CfbEntry | undefined {
  const nameLength = raw.readUInt16LE(0x40);
  const typeByte = raw[0x42];
  if (nameLength < 2 || nameLength > 64 || (typeByte !== 1 && typeByte !== 2 && typeByte !== 5)) return undefined;
  const name = raw.subarray(0, nameLength - 2).toString('utf16le');
  return {
    name,
    type: typeByte === 1 ? 'storage' : typeByte === 2 ? 'stream' : 'root',
    start: raw.readUInt32LE(0x74),
    size: raw.readUInt32LE(0x78),
  };
}

/** Directory entry names of a (possibly truncated) compound file; falls back to a raw scan. */
export function cfbEntryNames(buf: Buffer): string[] {
  const names = new CompoundFile(buf).entries().map((e) => e.name);
  if (names.length > 0) return names;
  // The directory lies beyond the buffer or the FAT is unreadable: look for well-known names.
  const found: string[] = [];
  for (const candidate of ['Workbook', 'Book', 'WordDocument']) {
    if (buf.includes(Buffer.from(candidate, 'utf16le'))) found.push(candidate);
  }
  return found;
}

/** Sheet names from a BIFF8 Workbook stream (BoundSheet8 records), and whether it is encrypted. */
export function biffSheetNames(workbook: Buffer): { sheets: string[]; encrypted: boolean } {
  const sheets: string[] = [];
  let encrypted = false;
  let off = 0;
  while (off + 4 <= workbook.length && sheets.length < 1000) {
    const type = workbook.readUInt16LE(off);
    const len = workbook.readUInt16LE(off + 2);
    const data = workbook.subarray(off + 4, off + 4 + len);
    if (type === 0x002f) encrypted = true;
    if (type === 0x0085 && data.length >= 8) {
      const cch = data[6];
      const highByte = (data[7] & 1) === 1;
      const chars = data.subarray(8, 8 + (highByte ? cch * 2 : cch));
      const name = highByte ? chars.toString('utf16le') : chars.toString('latin1');
      if (name) sheets.push(name);
    }
    // The first EOF ends the workbook globals; BoundSheet records all come before it.
    if (type === 0x000a && off > 0) break;
    off += 4 + len;
  }
  return { sheets, encrypted };
}
