import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import * as fs from 'node:fs';
import * as net from 'node:net';

export interface DatabaseHandle {
  /** postgres:// URL the ordinary `pg` driver connects to. */
  url: string;
  /** True for the in-process PGlite: the pool must then keep to one connection. */
  embedded: boolean;
  /** Connections in the application's pool. */
  poolSize: number;
  close(): Promise<void>;
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
 * PGlite (PostgreSQL compiled to WASM) served on a loopback socket, so the application reaches
 * it through the same `pg` driver as a real server. `dir` undefined keeps it in memory (tests).
 */
export async function startEmbeddedPostgres(dir?: string): Promise<DatabaseHandle> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const db = await PGlite.create(dir ?? 'memory://');
  const port = await freePort();
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 20 });
  await server.start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    embedded: true,
    poolSize: 1,
    close: async () => {
      await server.stop();
      await db.close();
    },
  };
}

export async function openDatabase(databaseUrl: string | undefined, dataDir: string, poolSize = 10): Promise<DatabaseHandle> {
  if (databaseUrl) return { url: databaseUrl, embedded: false, poolSize, close: async () => {} };
  return startEmbeddedPostgres(`${dataDir}/db`);
}
