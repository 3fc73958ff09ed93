#!/usr/bin/env node
// Book generation on a large file: writes a CSV of --mb megabytes (default 50), then extracts
// it and writes the Book with the built-in generator exactly as the job does, reporting the
// time and the peak memory above the starting point (RSS and heap, sampled every 20 ms).
// Needs the built backend (npm run build).
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../dist/modules/uploads/generation');
if (!fs.existsSync(path.join(dist, 'extract.js'))) {
  console.error('backend/dist is missing: run `npm run build` first.');
  process.exit(2);
}
const { extractContent } = require(path.join(dist, 'extract.js'));
const { detectDataFile } = require(path.join(dist, 'file-types.js'));
const { LocalBookGenerator } = require(path.join(dist, 'local-generator.js'));
// Since issue 25 a Book is written in both languages with the column profile of its table.
const profileModule = path.join(dist, 'column-profile.js');
const { columnProfile } = fs.existsSync(profileModule) ? require(profileModule) : { columnProfile: undefined };

const { values } = parseArgs({ options: { mb: { type: 'string', default: '50' } } });
const targetBytes = Number(values.mb) * 1024 * 1024;
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mb-gen-')), 'large.csv');

const PREFS = ['北海道', '青森県', '東京都', '大阪府', '福岡県', '沖縄県', '愛知県', '京都府'];
function* rows() {
  yield '日付,都道府県,保険料率(%),加入者数,気温(℃),備考\n';
  let written = 0;
  for (let i = 0; written < targetBytes; i++) {
    const d = new Date(Date.UTC(2000, 0, 1) + (i % 9000) * 86400000).toISOString().slice(0, 10);
    const line = `${d},${PREFS[i % PREFS.length]},${(9 + (i % 150) / 100).toFixed(2)},${100000 + ((i * 7919) % 900000)},${((i * 13) % 400) / 10 - 5},${i % 11 === 0 ? '速報値' : ''}\n`;
    written += Buffer.byteLength(line);
    yield line;
  }
}
await pipeline(Readable.from(rows()), fs.createWriteStream(file));
const size = fs.statSync(file).size;

global.gc?.();
const base = process.memoryUsage();
let peakRss = base.rss;
let peakHeap = base.heapUsed;
const timer = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}, 20);

const started = process.hrtime.bigint();
const head = Buffer.alloc(64 * 1024);
const fd = fs.openSync(file, 'r');
fs.readSync(fd, head, 0, head.length, 0);
fs.closeSync(fd);
const type = detectDataFile(head, 'large.csv');
const content = await extractContent(async () => fs.createReadStream(file), type, { fileName: 'large.csv', sizeBytes: size });
const extracted = process.hrtime.bigint();
const generator = new LocalBookGenerator();
const tags = { ja: ['健康', '保険', '気象', '都道府県'], en: ['health', 'insurance', 'weather', 'prefecture'] };
const both = generator.generateBoth
  ? await generator.generateBoth(content, { title: '大きな表', tagCandidates: tags })
  : { ja: await generator.generate(content, { title: '大きな表', language: 'ja', tagCandidates: tags.ja }) };
const draft = both.ja;
const profile = columnProfile?.(content);
const finished = process.hrtime.bigint();
clearInterval(timer);
fs.rmSync(path.dirname(file), { recursive: true, force: true });

const mb = (n) => (n / 1024 / 1024).toFixed(1);
const ms = (a, b) => (Number(b - a) / 1e6).toFixed(0);
console.log(`file: ${mb(size)} MB CSV, ${content.sheets?.[0]?.rowCount ?? '?'} rows`);
console.log(`extract: ${ms(started, extracted)} ms, generate: ${ms(extracted, finished)} ms, total ${ms(started, finished)} ms`);
console.log(`peak memory above start: RSS +${mb(peakRss - base.rss)} MB, heap +${mb(peakHeap - base.heapUsed)} MB`);
console.log(`Book: ${draft.title} — ${draft.summary.slice(0, 120)}…`);
if (both.en) console.log(`English: ${both.en.summary.slice(0, 120)}…`);
if (profile)
  console.log(`column profile: ${profile.columns.length} columns, ${JSON.stringify(profile).length} bytes stored; chart ${profile.chart?.kind ?? 'none'}`);
