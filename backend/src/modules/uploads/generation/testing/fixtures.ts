/** Test helpers: sample paths and a tiny compound-file (OLE2) writer for legacy .xls/.doc cases. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** backend/samples (tests run from backend/, or from the repository root). */
export const SAMPLES_DIR =
  [join(process.cwd(), 'samples'), join(process.cwd(), 'backend', 'samples')].find((d) => existsSync(d)) ?? join(process.cwd(), 'samples');

/** This folder's testing/ directory (tests run from backend/, or from the repository root). */
export const TESTING_DIR =
  [join(process.cwd(), 'src/modules/uploads/generation/testing'), join(process.cwd(), 'backend/src/modules/uploads/generation/testing')].find((d) =>
    existsSync(d),
  ) ?? join(process.cwd(), 'src/modules/uploads/generation/testing');

export const SAMPLE_FILES = [
  'prefecture-health-insurance.csv',
  'tokyo-weather-2025.csv',
  'world-city-populations.xlsx',
  'remote-work-survey.docx',
  'community-report-ja.docx',
  'park-photo.jpg',
] as const;

export function sample(name: string): Buffer {
  return readFileSync(join(SAMPLES_DIR, name));
}

const FREE = 0xffffffff;
const END = 0xfffffffe;
const FAT_SECT = 0xfffffffd;

/** A version-3 compound file (512-byte sectors) holding one stream (≥ 4096 bytes, so not in the mini stream). */
export function compoundFile(streamName: string, data: Buffer): Buffer {
  const size = Math.max(4096, Math.ceil(data.length / 512) * 512);
  const payload = Buffer.alloc(size);
  data.copy(payload);
  const dataSectors = size / 512;
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // FAT sectors
  header.writeUInt32LE(1, 0x30); // first directory sector
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(END, 0x3c);
  header.writeUInt32LE(0, 0x40);
  header.writeUInt32LE(END, 0x44);
  header.writeUInt32LE(0, 0x48);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : FREE, 0x4c + i * 4);
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(FAT_SECT, 0);
  fat.writeUInt32LE(END, 4);
  for (let i = 0; i < dataSectors; i++) fat.writeUInt32LE(i === dataSectors - 1 ? END : 3 + i, (2 + i) * 4);
  const dir = Buffer.alloc(512);
  const entry = (index: number, name: string, type: number, start: number, length: number, child = FREE) => {
    const at = index * 128;
    const nameBytes = Buffer.from(name + '\0', 'utf16le');
    nameBytes.copy(dir, at);
    dir.writeUInt16LE(nameBytes.length, at + 0x40);
    dir[at + 0x42] = type;
    dir[at + 0x43] = 1;
    dir.writeUInt32LE(FREE, at + 0x44);
    dir.writeUInt32LE(FREE, at + 0x48);
    dir.writeUInt32LE(child, at + 0x4c);
    dir.writeUInt32LE(start, at + 0x74);
    dir.writeUInt32LE(length, at + 0x78);
  };
  entry(0, 'Root Entry', 5, END, 0, 1);
  entry(1, streamName, 2, 2, size);
  return Buffer.concat([header, fat, dir, payload]);
}

/** A BIFF8 workbook globals stream with the given sheet names (BOF, BoundSheet8…, EOF). */
export function biffWorkbook(sheetNames: string[]): Buffer {
  const record = (type: number, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt16LE(type, 0);
    head.writeUInt16LE(data.length, 2);
    return Buffer.concat([head, data]);
  };
  const bof = Buffer.alloc(16);
  bof.writeUInt16LE(0x0600, 0);
  bof.writeUInt16LE(0x0005, 2);
  const sheets = sheetNames.map((name) => {
    const wide = /[^\x00-\xff]/.test(name);
    const chars = wide ? Buffer.from(name, 'utf16le') : Buffer.from(name, 'latin1');
    const fixed = Buffer.alloc(8);
    fixed[6] = name.length;
    fixed[7] = wide ? 1 : 0;
    return record(0x0085, Buffer.concat([fixed, chars]));
  });
  return Buffer.concat([record(0x0809, bof), ...sheets, record(0x000a, Buffer.alloc(0))]);
}
