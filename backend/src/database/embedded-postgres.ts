import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { lockEmbeddedDatabase } from './data-dir-lock';
import { startPgliteThread } from './pglite-thread';

export interface DatabaseHandle {
  /** postgres:// URL the ordinary `pg` driver connects to. */
  url: string;
  /** True for the in-process PGlite: the pool must then keep to one connection. */
  embedded: boolean;
  /** Connections in the application's pool. */
  poolSize: number;
  close(): Promise<void>;
  /** Embedded only: the whole data directory as a tar archive (for `startEmbeddedPostgres`'s `load`). */
  dump?(): Promise<Blob>;
}

/**
 * PGlite's memory settings. Its WebAssembly memory only grows, and every page PostgreSQL touches
 * stays in the process's RSS: PostgreSQL's default 128 MB of shared buffers are initialised at
 * start, so they alone cost 128 MB whether the database is empty or not. Measured with an empty
 * (demo) database: idle RSS 392 MB with the defaults, 252 MB with these. Pages not in the
 * buffers come from the OS file cache (the data directory is a real directory), so reads stay
 * cheap. Index builds (migrations) get 16 MB instead of 64 MB of maintenance memory for the same
 * reason: what the WebAssembly heap grew to is never given back.
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB', 'wal_buffers=1MB', 'maintenance_work_mem=16MB', 'temp_buffers=2MB'];

export function pgliteOptions(): PGliteOptions {
  return { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])] };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A new data directory is made by initdb, a second WebAssembly instance whose memory (about
 * 450 MB) the process would keep until a full garbage collection that an idle server never
 * runs. So initdb runs in a short-lived child process (pglite-initdb.js), and this process only
 * ever opens an existing directory.
 */
function initDataDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  // Run from the TypeScript sources (tests, as ES modules: no __dirname) there is no .js: PGlite.create then runs initdb itself.
  const script = typeof __dirname === 'string' ? path.join(__dirname, 'pglite-initdb.js') : undefined;
  if (fs.existsSync(path.join(dir, 'PG_VERSION')) || !script || !fs.existsSync(script)) return;
  execFileSync(process.execPath, [script, dir], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * PGlite (PostgreSQL compiled to WASM) served on a loopback socket, so the application reaches
 * it through the same `pg` driver as a real server. It runs on a worker thread of its own
 * (pglite-thread.ts), so its statements and the HTTP work overlap. `dir` undefined keeps it in
 * memory (tests); `load` starts from a dumped data directory instead of an empty one.
 *
 * A directory is one process's: this process takes its lock file (`dir.lock`, data-dir-lock.ts)
 * before anything else, and a directory another live process holds throws DatabaseBusyError.
 * `close` releases it.
 */
export async function startEmbeddedPostgres(dir?: string, load?: Blob): Promise<DatabaseHandle> {
  const release = dir ? lockEmbeddedDatabase(dir) : () => {};
  try {
    if (dir) initDataDir(dir);
    const port = await freePort();
    const thread = await startPgliteThread({
      dir,
      load,
      startParams: pgliteOptions().startParams ?? [],
      host: '127.0.0.1',
      port,
      maxConnections: 20,
    });
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      embedded: true,
      poolSize: 1,
      close: async () => {
        try {
          await thread.close();
        } finally {
          release();
        }
      },
      dump: () => thread.dump(),
    };
  } catch (err) {
    release();
    throw err;
  }
}

export async function openDatabase(databaseUrl: string | undefined, dataDir: string, poolSize = 10): Promise<DatabaseHandle> {
  if (databaseUrl) return { url: databaseUrl, embedded: false, poolSize, close: async () => {} };
  return startEmbeddedPostgres(`${dataDir}/db`);
}
