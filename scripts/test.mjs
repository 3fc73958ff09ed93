#!/usr/bin/env node
// `npm test`: every test — backend unit + e2e, frontend component tests, the typed client's
// example against a started server, Playwright journeys.
// The backend tests spend much of their time waiting on the database and on timers, so the
// frontend component tests run beside them (their output is held and printed when they end);
// the browser journeys come last, on their own.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const db = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite';
const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;

/** Runs an npm script; with `held`, its output goes to a file printed when it ends. */
function run(name, args, { held = false } = {}) {
  const log = held ? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'monobook-test-')), 'output.log') : undefined;
  const out = log ? fs.openSync(log, 'w') : 'inherit';
  if (!held) console.log(`\n=== ${name} ===`);
  const child = spawn('npm', args, { cwd: root, stdio: ['ignore', out, out], env: process.env });
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      if (log) {
        console.log(`\n=== ${name} (ran alongside, output held) ===`);
        process.stdout.write(fs.readFileSync(log));
        fs.rmSync(path.dirname(log), { recursive: true, force: true });
      }
      const ok = code === 0;
      console.log(`=== ${ok ? 'passed' : 'FAILED'}: ${name} (${signal ?? `exit ${code}`}, at ${elapsed()})`);
      resolve(ok);
    });
  });
}

const frontend = run('frontend component tests', ['run', 'test:frontend'], { held: true });
const backend = run(`backend unit + e2e on ${db}`, ['run', 'test:backend']);
const results = [await backend, await frontend];
ensureBuilt();
results.push(await run(`typed client (clients/typescript): its README example against a started server on ${db}`, ['run', 'test:client']));
results.push(await run(`browser journeys in Chromium on ${db}`, ['run', 'test:e2e']));

const failed = results.filter((ok) => !ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed (test groups) in ${elapsed()}`);
process.exit(failed ? 1 : 0);
