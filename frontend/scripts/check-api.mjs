#!/usr/bin/env node
// Fails when src/api/generated.ts is not what @rtk-query/codegen-openapi makes from ../openapi.yaml.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = JSON.parse(fs.readFileSync(path.join(here, 'openapi-config.json'), 'utf8'));
const out = path.join(here, 'src/api', `.generated-check-${process.pid}.ts`);
// The config sits beside the real one so that relative imports come out the same.
const tmpConfig = path.join(here, `.openapi-config-check-${process.pid}.json`);
fs.writeFileSync(tmpConfig, JSON.stringify({ ...config, outputFile: `./src/api/${path.basename(out)}` }));
try {
  execFileSync(path.join(here, '../node_modules/.bin/rtk-query-codegen-openapi'), [tmpConfig], { cwd: here, stdio: 'pipe' });
  const fresh = fs.readFileSync(out, 'utf8');
  const current = fs.readFileSync(path.resolve(here, config.outputFile), 'utf8');
  if (fresh !== current) {
    console.error('frontend/src/api/generated.ts is stale: run `npm run openapi` and commit the result.');
    process.exit(1);
  }
  console.log('generated API client is current');
} finally {
  if (!process.env.KEEP_API_CHECK) fs.rmSync(out, { force: true });
  fs.rmSync(tmpConfig, { force: true });
}
