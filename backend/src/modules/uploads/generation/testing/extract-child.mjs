/**
 * Runs extractContent on one file in a plain Node process and prints timing and memory as JSON.
 * Used by extract-large.spec.ts: inside Jest's VM context hot loops run many times slower (global
 * lookups go through the context's interceptors), and Jest's own heap would blur the figures.
 * TypeScript sources are compiled on the fly with @swc/core (a dev dependency already used by Jest).
 *
 * usage: node extract-child.mjs <file> <kind>
 */
import { transformSync } from '@swc/core';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript', decorators: true }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

async function main() {
  const [file, kind] = process.argv.slice(2);
  const { extractContent } = require(path.join(here, '..', 'extract.ts'));
  const { dataFileType } = require(path.join(here, '..', 'file-types.ts'));
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const timer = setInterval(sample, 20);
  const started = Date.now();
  const content = await extractContent(async () => fs.createReadStream(file, { highWaterMark: 256 * 1024 }), dataFileType(kind), {
    fileName: path.basename(file),
    sizeBytes: fs.statSync(file).size,
  });
  const ms = Date.now() - started;
  clearInterval(timer);
  sample();
  const { cover, ...rest } = content;
  process.stdout.write(
    JSON.stringify({ ms, rssGrowth: peakRss - baseline.rss, heapGrowth: peakHeap - baseline.heapUsed, coverBytes: cover.length, content: rest }),
  );
}

main().catch((error) => {
  process.stderr.write(String(error && error.stack ? error.stack : error));
  process.exit(1);
});
