#!/usr/bin/env node
// Prints the built-in generator's Books for the corpus files (test/fixtures/corpus), in Japanese
// and English, as JSON: `node scripts/corpus-books.mjs [file …] > books.json`. Needs the built
// backend (npm run build).
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { Readable } from 'node:stream';

const require = createRequire(import.meta.url);
const here = path.dirname(new URL(import.meta.url).pathname);
const dist = path.resolve(here, '../dist/modules/uploads/generation');
if (!fs.existsSync(path.join(dist, 'extract.js'))) {
  console.error('backend/dist is missing: run `npm run build` first.');
  process.exit(2);
}
const { extractContent } = require(path.join(dist, 'extract.js'));
const { detectDataFile } = require(path.join(dist, 'file-types.js'));
const { LocalBookGenerator } = require(path.join(dist, 'local-generator.js'));

const dir = path.resolve(here, '../test/fixtures/corpus');
const names = process.argv.slice(2).length ? process.argv.slice(2) : fs.readdirSync(dir).filter((f) => /\.(csv|xlsx|docx)$/.test(f));
const out = {};
for (const name of names) {
  const buf = fs.readFileSync(path.join(dir, name));
  const content = await extractContent(async () => Readable.from([buf]), detectDataFile(buf.subarray(0, 65536), name), {
    fileName: name,
    sizeBytes: buf.length,
  });
  for (const language of ['ja', 'en']) {
    const d = await new LocalBookGenerator().generate(content, { language, tagCandidates: [] });
    out[`${name}:${language}`] = {
      title: d.title,
      summary: d.summary,
      goodpoint: d.goodpoint,
      badpoint: d.badpoint,
      points: [d.point1, d.point2, d.point3, d.point4, d.point5],
      answer: d.answer,
    };
  }
}
console.log(JSON.stringify(out, null, 1));
