import { jest } from '@jest/globals';
import * as fs from 'node:fs';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { extractIsolated, stopSpareExtractor, waitingExtractor } from './extract-process';
import { type ExtractLimits } from './extract-protocol';
import { dataFileType } from './file-types';
import { SAMPLES_DIR } from './testing/fixtures';
import { writeNestedDocx, writeZipBombDocx } from './testing/zip-writer';
import { DEFAULT_ARCHIVE_LIMITS } from './zip-check';
import { type DataFileKind } from './types';

const MB = 1024 * 1024;
const LIMITS: ExtractLimits = { heapMb: 256, timeoutMs: 60_000, archive: DEFAULT_ARCHIVE_LIMITS };

/** Extraction in its child process, each case a file on disk as storage would hand it over. */
describe('extractIsolated', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mb-isolated-'));
  afterAll(() => {
    stopSpareExtractor();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (path: string, kind: DataFileKind, limits: ExtractLimits = LIMITS) =>
    extractIsolated(async () => createReadStream(path), dataFileType(kind), { fileName: path.split('/').pop()!, sizeBytes: statSync(path).size }, limits);

  // The temporary directories this test's extractions made (other processes make theirs in the
  // same place: the other database's run in CI, a server): each must be gone afterwards.
  const made: string[] = [];
  const realMkdtemp = fs.promises.mkdtemp.bind(fs.promises);
  beforeAll(() => {
    jest.spyOn(fs.promises, 'mkdtemp').mockImplementation(async (prefix, options) => {
      const made_ = String(await realMkdtemp(prefix, options as BufferEncoding));
      if (basename(made_).startsWith('mb-extract-')) made.push(made_);
      return made_;
    });
  });
  afterAll(() => jest.restoreAllMocks());
  const leftovers = () => made.filter((madeDir) => existsSync(madeDir));

  it('reads a workbook and a document in the child, cover included', async () => {
    made.length = 0;
    const xlsx = await run(join(SAMPLES_DIR, 'world-city-populations.xlsx'), 'xlsx');
    expect(xlsx.ok).toBe(true);
    if (!xlsx.ok) return;
    expect(xlsx.content.sheets!.map((s) => s.name)).toEqual(['Cities', 'Notes']);
    expect(Buffer.isBuffer(xlsx.content.cover)).toBe(true);
    expect(xlsx.content.cover.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const docx = await run(join(SAMPLES_DIR, 'remote-work-survey.docx'), 'docx');
    expect(docx.ok && docx.content.document!.title).toBe('Remote Work Survey 2025');
    expect(made).toHaveLength(2); // one temporary copy per file
    expect(leftovers()).toEqual([]); // and each is gone
  });

  it('refuses a zip bomb, a package nested 100,000 levels deep, and a damaged document without parsing them', async () => {
    await writeZipBombDocx(join(dir, 'bomb.docx'), 400 * MB);
    expect(await run(join(dir, 'bomb.docx'), 'docx')).toMatchObject({ ok: false, failure: 'too-large' });
    await writeNestedDocx(join(dir, 'deep.docx'), 100_000);
    expect(await run(join(dir, 'deep.docx'), 'docx')).toMatchObject({ ok: false, failure: 'too-large', reason: expect.stringMatching(/nested/) });
    writeFileSync(join(dir, 'bad.docx'), 'PK\u0003\u0004 not really a zip');
    expect(await run(join(dir, 'bad.docx'), 'docx')).toMatchObject({ ok: false, failure: 'unreadable' });
    writeFileSync(join(dir, 'bad.xls'), 'not a compound file');
    expect(await run(join(dir, 'bad.xls'), 'xls')).toMatchObject({ ok: false, failure: 'unreadable' });
  });

  it('kills an extraction that runs past its time', async () => {
    const started = Date.now();
    // 1 ms: the process may already be waiting (started ahead), so only a limit shorter than any
    // reading of a workbook is sure to be passed.
    const outcome = await run(join(SAMPLES_DIR, 'world-city-populations.xlsx'), 'xlsx', { ...LIMITS, timeoutMs: 1 });
    expect(outcome).toMatchObject({ ok: false, failure: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('fails a file whose reading needs more memory than the heap limit, and nothing else', async () => {
    // Within generous archive limits, 120 MB of text in one paragraph: mammoth holds it as strings.
    await writeZipBombDocx(join(dir, 'big.docx'), 120 * MB);
    const outcome = await run(join(dir, 'big.docx'), 'docx', { ...LIMITS, heapMb: 96, archive: { ...DEFAULT_ARCHIVE_LIMITS, maxRatio: 10_000 } });
    expect(outcome).toMatchObject({ ok: false, failure: 'too-large', reason: expect.stringMatching(/out of memory/) });
    // This process is untouched, and the next file reads normally.
    const next = await run(join(SAMPLES_DIR, 'community-report-ja.docx'), 'docx');
    expect(next.ok).toBe(true);
  }, 120_000);

  it('has the next file read by a process started ahead, which ends when asked to', async () => {
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    const waitFor = async (check: () => boolean) => {
      for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(check()).toBe(true);
    };
    expect((await run(join(SAMPLES_DIR, 'remote-work-survey.docx'), 'docx')).ok).toBe(true);
    await waitFor(() => waitingExtractor()?.ready === true);
    const ahead = waitingExtractor()!.pid;
    expect((await run(join(SAMPLES_DIR, 'remote-work-survey.docx'), 'docx')).ok).toBe(true);
    // The waiting process read that file and exited; another one now waits.
    await waitFor(() => !alive(ahead));
    await waitFor(() => waitingExtractor() !== undefined);
    const next = waitingExtractor()!.pid;
    expect(next).not.toBe(ahead);
    stopSpareExtractor();
    expect(waitingExtractor()).toBeUndefined();
    await waitFor(() => !alive(next));
  });

  it('rethrows storage trouble (so the job is retried)', async () => {
    await expect(
      extractIsolated(async () => Promise.reject(new Error('storage down')), dataFileType('csv'), { fileName: 'a.csv', sizeBytes: 1 }, LIMITS),
    ).rejects.toThrow('storage down');
  });
});
