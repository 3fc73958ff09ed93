// The database a bench run uses: a throw-away database on the PostgreSQL server of DATABASE_URL,
// or the embedded PGlite that the server itself keeps under DATA_DIR/db.
import * as crypto from 'node:crypto';
import * as path from 'node:path';
import pg from 'pg';

/** A minimal SQL handle shared by both kinds: `query(text, params)` → `{ rows }`. */

function databaseUrlWithName(base, name) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin(baseUrl, fn) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/**
 * PostgreSQL: creates `bench_<random>` on the server of `baseUrl`; the server under test gets its
 * URL, the loader connects to it directly, and `drop()` removes it. With `keepName`, the database
 * of that name instead (created when missing), never dropped: a data set loaded once and reused.
 */
export async function postgresTarget(baseUrl, keepName = null) {
  const name = keepName ?? `bench_${crypto.randomBytes(5).toString('hex')}`;
  const exists = keepName
    ? await withAdmin(baseUrl, async (admin) => (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).rowCount > 0)
    : false;
  if (!exists) await withAdmin(baseUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = databaseUrlWithName(baseUrl, name);
  let dropped = !!keepName;
  return {
    kind: 'postgres',
    label: `PostgreSQL database ${name} on ${new URL(baseUrl).host}${keepName ? (exists ? ' (reused)' : ' (kept for reuse)') : ''}`,
    reused: exists,
    serverEnv: { DATABASE_URL: url },
    unsetEnv: [],
    /** The server may keep running while we load: PostgreSQL takes many connections. */
    loadWhileServing: true,
    async open() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return { query: (text, params) => client.query(text, params), close: () => client.end() };
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      await withAdmin(baseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * Embedded PGlite (the default `npm start` mode): the server opens DATA_DIR/db itself, and a PGlite
 * directory can be open in one process at a time. So the loader opens it in this process while
 * the server is stopped: start (migrations) → stop → load → start again → measure.
 */
export async function pgliteTarget(dataDir) {
  const dir = path.join(dataDir, 'db');
  return {
    kind: 'pglite',
    label: `embedded PGlite in ${dir}`,
    serverEnv: {},
    unsetEnv: ['DATABASE_URL'],
    loadWhileServing: false,
    async open() {
      const { PGlite } = await import('@electric-sql/pglite');
      const db = await PGlite.create(dir);
      return { query: (text, params) => db.query(text, params), close: () => db.close() };
    },
    async drop() {},
  };
}
