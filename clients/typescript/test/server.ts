/**
 * A real Monobook server for the client's tests: backend/dist/main.js (built by `npm run build -w
 * backend`) on a free port, a fresh DATA_DIR and the demo seed, as `npm start` runs it. With
 * DATABASE_URL set it gets a fresh database of its own on that server, dropped when it stops.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(path.join(root, 'backend/package.json'));

export interface StartedServer {
  baseUrl: string;
  /** The server's output so far (for a failing test's message). */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startServer({ readyWithin = 240_000 } = {}): Promise<StartedServer> {
  const main = path.join(root, 'backend/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('backend/dist/main.js is missing: run `npm run build -w backend` first');
  const { serverEnv, serverNodeArgs } = (await import(path.join(root, 'backend/scripts/node-args.mjs'))) as {
    serverEnv: (env: NodeJS.ProcessEnv) => NodeJS.ProcessEnv;
    serverNodeArgs: () => string[];
  };
  const port = Number(process.env.CLIENT_TEST_PORT) || (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'monobook-client-test-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    SERVE_FRONTEND: 'false',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
  };
  let dropDatabase = async () => {};
  if (process.env.DATABASE_URL) {
    const { Client } = require('pg') as typeof import('pg');
    const name = `client_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = new Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const child: ChildProcess = spawn(process.execPath, [...serverNodeArgs(), main], { cwd: root, env: serverEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (b: Buffer) => (output = (output + b.toString()).slice(-20_000)));
  child.stderr!.on('data', (b: Buffer) => (output = (output + b.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    await dropDatabase().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + readyWithin;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    }
    const ok = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not ready within ${readyWithin / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { baseUrl, output: () => output, stop };
}
