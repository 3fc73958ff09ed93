import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TESTING_DIR } from './testing/fixtures';
import { type ExtractedContent } from './types';

const TARGET_BYTES = 50 * 1024 * 1024;
const REGIONS = ['北海道', '東北', '関東', '中部', '近畿', '中国', '四国', '九州・沖縄'];

/** Writes a ~50 MB CSV (Japanese header, mixed column types) through a stream, with backpressure. */
async function writeLargeCsv(path: string): Promise<number> {
  const out = createWriteStream(path);
  out.write('番号,日付,地域,気温,件数,メモ\n');
  let size = 0;
  let i = 0;
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
  while (size < TARGET_BYTES) {
    const lines: string[] = [];
    for (let j = 0; j < 2000; j++, i++) {
      const day = new Date(Date.UTC(2000, 0, 1) + (i % 9000) * 86_400_000).toISOString().slice(0, 10);
      lines.push(
        `${i},${day},${REGIONS[i % REGIONS.length]},${(random() * 40 - 5).toFixed(1)},${Math.floor(random() * 1000)},観測メモ${i % 5000}番 sensor-${i}`,
      );
    }
    const chunk = lines.join('\n') + '\n';
    size += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return i;
}

interface ChildResult {
  ms: number;
  rssGrowth: number;
  heapGrowth: number;
  coverBytes: number;
  content: Omit<ExtractedContent, 'cover'>;
}

describe('extractContent on a large CSV', () => {
  const path = join(tmpdir(), `monobook-large-${process.pid}-${Date.now()}.csv`);

  afterAll(() => rmSync(path, { force: true }));

  // The extraction runs in a plain Node process: production speed, and memory figures that
  // Jest's own heap does not blur (see testing/extract-child.mjs). Its time is printed, not
  // asserted (speed is the bench's business: npm run bench:generation).
  it('streams a 50 MB file with flat memory', async () => {
    const rows = await writeLargeCsv(path);
    expect(statSync(path).size).toBeGreaterThanOrEqual(TARGET_BYTES);

    // The child's JavaScript heap is capped at 64 MB, a bit more than the file: an extraction that
    // held the file (or its rows) in memory dies of it. RSS is only bounded loosely: it also holds
    // libvips (the cover chart) and read buffers, and how soon V8 gives memory back varies.
    const { stdout } = await promisify(execFile)(process.execPath, ['--max-old-space-size=64', join(TESTING_DIR, 'extract-child.mjs'), path, 'csv'], {
      maxBuffer: 10 * 1024 * 1024,
    });
    const result = JSON.parse(stdout) as ChildResult;
    const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
    console.log(`50 MB CSV: ${rows} rows in ${result.ms} ms; peak RSS +${mb(result.rssGrowth)} MB, peak heap +${mb(result.heapGrowth)} MB`);

    const [sheet] = result.content.sheets!;
    expect(sheet.rowCount).toBe(rows);
    expect(sheet.columns.map((c) => c.type)).toEqual(['number', 'date', 'text', 'number', 'number', 'text']);
    expect(sheet.columns[0]).toMatchObject({ min: 0, max: rows - 1 });
    expect(sheet.columns[1]).toMatchObject({ minDate: '2000-01-01', distinctCapped: true });
    expect(sheet.columns[2].distinct).toBe(8);
    expect(sheet.columns[2].topValues).toHaveLength(5);
    expect(sheet.columns[3].min!).toBeGreaterThanOrEqual(-5);
    expect(sheet.columns[3].max!).toBeLessThanOrEqual(35);
    expect(sheet.columns[3].trend!.length).toBe(64);
    expect(sheet.columns[5].distinctCapped).toBe(true);
    expect(result.content.language).toBe('ja');
    expect(result.coverBytes).toBeGreaterThan(1000);

    expect(result.heapGrowth).toBeLessThan(64 * 1024 * 1024);
    expect(result.rssGrowth).toBeLessThan(200 * 1024 * 1024);
  }, 120_000);
});
