#!/usr/bin/env node
// `npm start`: builds what is missing or out of date, then serves UI + API (default port 3000).
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv, serverNodeArgs } from '../backend/scripts/node-args.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * Builds a workspace when its output is missing or older than its sources. The build's own output
 * (Vite lists every asset: 130 lines, 120 of them font files) is kept back and shown only when
 * the build fails; the operator sees one line per build, with the time it is taking.
 */
function buildIfStale(workspace, what, output, sources) {
  const built = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  const changed = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (built && built >= changed) return;
  const started = Date.now();
  const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
  const tty = process.stdout.isTTY;
  const line = `Building the ${workspace} (${what})`;
  process.stdout.write(tty ? `${line}…` : `${line}…\n`);
  // On a terminal the line counts the seconds while it runs.
  const ticker = tty ? setInterval(() => process.stdout.write(`\r${line}… ${seconds()}`), 1000) : undefined;
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (ticker) clearInterval(ticker);
  if (result.status !== 0) {
    process.stdout.write(tty ? '\n' : '');
    console.error(`The ${workspace} build failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`${tty ? '\r' : ''}${line}: done in ${seconds()}\n`);
}

export function ensureBuilt() {
  buildIfStale('backend', 'TypeScript', path.join(root, 'backend/dist/main.js'), ['backend/src', 'backend/tsconfig.json', 'backend/tsconfig.build.json']);
  buildIfStale('frontend', 'Vite', path.join(root, 'frontend/dist-server/entry-server.js'), [
    'frontend/src',
    'frontend/index.html',
    'frontend/vite.config.ts',
    'frontend/public',
  ]);
}

/**
 * Runs the server. `npm start` is for people: its logs are short readable lines (the server's
 * start-up summary: address, database, mail, demo logins) unless LOG_FORMAT says otherwise, also
 * when its output goes to a file or a pipe (where the server's own default is JSON).
 */
export function runServer(env = process.env) {
  const readable = env.LOG_FORMAT ? env : { ...env, LOG_FORMAT: 'pretty' };
  const child = spawn(process.execPath, [...serverNodeArgs(), path.join(root, 'backend/dist/main.js')], {
    cwd: root,
    env: serverEnv(readable),
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
  return child;
}

/** pg-boss and nestjs-pino need Node 22.12 (`engines` in package.json). */
export function checkNodeVersion() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 12)) return;
  console.error(
    `Monobook needs Node.js 22.12 or newer; this is ${process.version}.\n` +
      'On Linux x64, `npm install` puts Node 22 into node_modules/.bin and `npm start` uses it: run `npm start`, not `node scripts/start.mjs`.\n' +
      'Elsewhere, install Node 22 (https://nodejs.org).',
  );
  process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  checkNodeVersion();
  ensureBuilt();
  runServer();
}
