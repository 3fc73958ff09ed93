/** Dev aid: DUMP_BOOKS=/tmp/out.json writes the local Books of the corpus files (both languages). Skipped otherwise. */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { extractContent } from '../extract';
import { detectDataFile } from '../file-types';
import { LocalBookGenerator } from '../local-generator';

const target = process.env.DUMP_BOOKS;
const dir = join(process.cwd(), 'test/fixtures/corpus');

(target ? it : it.skip)('dumps the corpus Books', async () => {
  const out: Record<string, unknown> = {};
  for (const name of readdirSync(dir).filter((f) => /\.(csv|xlsx|docx)$/.test(f))) {
    const buf = readFileSync(join(dir, name));
    const content = await extractContent(async () => Readable.from([buf]), detectDataFile(buf.subarray(0, 65536), name)!, { fileName: name, sizeBytes: buf.length });
    for (const language of ['ja', 'en'] as const) {
      const d = await new LocalBookGenerator().generate(content, { language, tagCandidates: [] });
      out[`${name}:${language}`] = { title: d.title, summary: d.summary, goodpoint: d.goodpoint, badpoint: d.badpoint, points: [d.point1, d.point2, d.point3, d.point4, d.point5], answer: d.answer };
    }
  }
  writeFileSync(target!, JSON.stringify(out, null, 1));
}, 120_000);
