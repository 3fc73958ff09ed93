import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ArchiveLimits, ArchiveRefused, checkZipArchive, DEFAULT_ARCHIVE_LIMITS, XmlDepthScanner } from './zip-check';
import { sample, SAMPLES_DIR } from './testing/fixtures';
import { writeManyEntriesXlsx, writeNestedDocx, writeZipBombDocx, ZipWriter } from './testing/zip-writer';

const MB = 1024 * 1024;

describe('checkZipArchive', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mb-zipcheck-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string) => join(dir, name);

  async function refusal(path: string, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Promise<ArchiveRefused> {
    const error = await checkZipArchive(path, limits).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ArchiveRefused);
    return error as ArchiveRefused;
  }

  it('passes the sample workbook and documents, and reports what it read', async () => {
    for (const name of ['world-city-populations.xlsx', 'remote-work-survey.docx', 'community-report-ja.docx']) {
      const result = await checkZipArchive(join(SAMPLES_DIR, name));
      expect(result.entries).toBeGreaterThan(3);
      expect(result.uncompressedBytes).toBeGreaterThan(1000);
      expect(result.deepestXml).toBeGreaterThan(2);
      expect(result.deepestXml).toBeLessThan(30);
    }
  });

  it('refuses a zip bomb by its declared size before inflating anything (400 MB of text in about 1 MB)', async () => {
    const size = await writeZipBombDocx(file('bomb.docx'), 400 * MB);
    expect(size).toBeLessThan(2 * MB);
    const started = Date.now();
    const error = await refusal(file('bomb.docx'));
    expect(error.reason).toBe('limits');
    expect(error.message).toMatch(/bytes uncompressed|compressed more than/);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses an entry compressed beyond the ratio even within the total', async () => {
    await writeZipBombDocx(file('ratio.docx'), 150 * MB);
    const error = await refusal(file('ratio.docx'));
    expect(error.message).toMatch(/compressed more than 300 to 1/);
  });

  it('refuses headers that lie about the size, counting what is actually inflated', async () => {
    // The headers claim 1 MB (ratio 1:1-ish, far within every limit); the data inflates to 300 MB.
    await writeZipBombDocx(file('liar.docx'), 300 * MB, 1 * MB);
    const started = Date.now();
    const error = await refusal(file('liar.docx'));
    expect(error.reason).toBe('limits');
    expect(error.message).toMatch(/inflates to more than its declared 1048576 bytes/);
    expect(Date.now() - started).toBeLessThan(5000); // stopped after ~1 MB, not 300 MB
  });

  it('refuses more entries than allowed, counting the directory itself (the end record says 65,535 at most)', async () => {
    await writeManyEntriesXlsx(file('many.xlsx'), 100_000);
    expect((await refusal(file('many.xlsx'))).message).toMatch(/more than 10000 entries/);
    await writeManyEntriesXlsx(file('some.xlsx'), 50);
    expect((await checkZipArchive(file('some.xlsx'))).entries).toBe(53);
    expect((await refusal(file('some.xlsx'), { ...DEFAULT_ARCHIVE_LIMITS, maxEntries: 20 })).message).toMatch(/more than 20 entries/);
  });

  it('refuses XML nested deeper than allowed (100,000 levels), and passes ordinary nesting', async () => {
    await writeNestedDocx(file('deep.docx'), 100_000);
    expect((await refusal(file('deep.docx'))).message).toMatch(/word\/document.xml: XML nested more than 1000 levels deep/);
    await writeNestedDocx(file('shallow.docx'), 50);
    expect((await checkZipArchive(file('shallow.docx'))).deepestXml).toBe(54);
  });

  it('refuses overlapping entries and data hidden between entries', async () => {
    const data = Buffer.from('<a>hello</a>');
    const zip = new ZipWriter(file('plain.zip'));
    await zip.add('a.xml', data);
    await zip.add('b.xml', data);
    await zip.close();
    await expect(checkZipArchive(file('plain.zip'))).resolves.toMatchObject({ entries: 2 });

    // Point the second directory entry at the first one's local header: the same data twice.
    const bytes = readFileSync(file('plain.zip'));
    const second = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const overlapped = Buffer.from(bytes);
    overlapped.writeUInt32LE(0, second + 42);
    overlapped.write('a.xml', second + 46);
    writeFileSync(file('overlap.zip'), overlapped);
    expect((await refusal(file('overlap.zip'))).message).toMatch(/overlaps another entry/);

    // Drop the second entry from the directory: its local header and data stay in the file.
    const firstCentral = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const end = bytes.subarray(bytes.length - 22);
    const hidden = Buffer.concat([bytes.subarray(0, second), Buffer.from(end)]);
    hidden.writeUInt16LE(1, hidden.length - 22 + 8);
    hidden.writeUInt16LE(1, hidden.length - 22 + 10);
    hidden.writeUInt32LE(second - firstCentral, hidden.length - 22 + 12);
    writeFileSync(file('hidden.zip'), hidden);
    expect((await refusal(file('hidden.zip'))).message).toMatch(/data outside the directory's entries/);
  });

  it('calls a damaged or foreign file unreadable', async () => {
    writeFileSync(file('text.docx'), 'PK\u0003\u0004 not really a zip');
    expect((await refusal(file('text.docx'))).reason).toBe('unreadable');
    writeFileSync(file('cut.xlsx'), sample('world-city-populations.xlsx').subarray(0, 3000));
    expect((await refusal(file('cut.xlsx'))).reason).toBe('unreadable');
  });
});

describe('XmlDepthScanner', () => {
  const depth = (xml: string | Buffer, chunk = 3) => {
    const scanner = new XmlDepthScanner(1_000_000);
    const buf = Buffer.isBuffer(xml) ? xml : Buffer.from(xml);
    for (let i = 0; i < buf.length; i += chunk) scanner.push(buf.subarray(i, i + chunk));
    return scanner.deepest;
  };

  it('counts elements, not self-closing tags, declarations, comments or attribute values', () => {
    expect(depth('<?xml version="1.0"?><!-- c --><a><b x="1>2" y=\'/\'><c/><c /></b><b/></a>')).toBe(2);
    expect(depth('<a><b><c><d/></c></b></a>', 1)).toBe(3);
    expect(depth('<a>text > more</a><a><a></a></a>')).toBe(2);
  });

  it('reads UTF-16 markup the same (NUL bytes skipped)', () => {
    expect(depth(Buffer.from('<a><b><c/></b></a>', 'utf16le'))).toBe(2);
  });

  it('stops at the limit', () => {
    const scanner = new XmlDepthScanner(10);
    expect(scanner.push(Buffer.from('<a>'.repeat(10)))).toBe(true);
    expect(scanner.push(Buffer.from('<a>'))).toBe(false);
  });
});
