#!/usr/bin/env node
// `npm test`: every test — backend unit + e2e, frontend component tests, Playwright journeys.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const db = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite';
const steps = [
  [`backend unit + e2e on ${db}`, ['run', 'test:backend']],
  ['frontend component tests', ['run', 'test:frontend']],
  [`browser journeys in Chromium on ${db}`, ['run', 'test:e2e'], () => ensureBuilt()],
];

let failed = 0;
for (const [name, args, before] of steps) {
  console.log(`\n=== ${name} ===`);
  before?.();
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    failed++;
    console.error(`=== FAILED: ${name}`);
  }
}
console.log(`\n${steps.length - failed} passed, ${failed} failed (test groups)`);
process.exit(failed ? 1 : 0);
