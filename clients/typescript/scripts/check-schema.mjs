#!/usr/bin/env node
// Fails when src/schema.d.ts is not what openapi-typescript makes from ../../openapi.yaml.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'monobook-client-check-'));
const out = path.join(dir, 'schema.d.ts');
try {
  const bin = ['node_modules/.bin/openapi-typescript', '../../node_modules/.bin/openapi-typescript']
    .map((p) => path.join(here, p))
    .find((p) => fs.existsSync(p));
  execFileSync(bin, [path.join(here, '../../openapi.yaml'), '--output', out], { cwd: here, stdio: 'pipe' });
  if (fs.readFileSync(out, 'utf8') !== fs.readFileSync(path.join(here, 'src/schema.d.ts'), 'utf8')) {
    console.error('clients/typescript/src/schema.d.ts is stale: run `npm run openapi` and commit the result.');
    process.exit(1);
  }
  console.log('generated client schema is current');
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
