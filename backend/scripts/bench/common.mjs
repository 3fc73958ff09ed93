// The opening the in-process benches share (bench-events, bench-ads, bench-webhooks,
// bench-notifications): their options and usage, the built application (backend/dist) loaded
// with the packages it resolves, a fresh database (embedded PGlite, or a new
// `bench_<name>_<random>` database on the server of DATABASE_URL, dropped at the end), and the
// application booted on it in this process.
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * The command line: `options` as parseArgs takes them (each a string with its default and a
 * `help` text), plus --help, which prints `usage` and the options and exits. Answers the values.
 */
export function benchOptions(usage, options) {
  const spec = { help: { type: 'boolean', default: false } };
  for (const [name, o] of Object.entries(options)) spec[name] = { type: o.type ?? 'string', default: o.default };
  let values;
  try {
    ({ values } = parseArgs({ options: spec }));
  } catch (err) {
    console.error(err.message);
    values = { help: true, failed: true };
  }
  if (values.help) {
    const lines = Object.entries(options).map(([name, o]) => {
      const left = `  --${name}${o.type === 'boolean' ? '' : ` ${o.arg ?? 'N'}`}`;
      return `${left.padEnd(19)}${(o.help ?? '').padEnd(55)}${o.type === 'boolean' || o.default === undefined ? '' : ` default ${o.default}`}`.trimEnd();
    });
    (values.failed ? console.error : console.log)(`Usage: ${usage}\n${lines.join('\n')}`);
    process.exit(values.failed ? 2 : 0);
  }
  return values;
}

/**
 * The built application in `dist` (backend/dist by default): `require` resolves from it (its
 * pg, typeorm, stripe), and `load(file)` requires one of its files. Exits when it is not built.
 */
export function loadDist(dist = path.join(backendDir, 'dist')) {
  dist = path.resolve(dist);
  if (!fs.existsSync(path.join(dist, 'bootstrap.js'))) {
    console.error(`${dist} has no bootstrap.js: run \`npm run build\` first.`);
    process.exit(2);
  }
  const require = createRequire(path.join(dist, 'main.js'));
  const load = (file) => require(path.join(dist, file));
  return { dist, require, load, pg: require('pg') };
}

/**
 * A fresh database: embedded PGlite (no DATABASE_URL), or `bench_<name>_<random>` created on the
 * server of DATABASE_URL. Answers { handle (for createApp), label, url (PostgreSQL), drop() }.
 */
export async function openDatabase(pg, name, { startEmbeddedPostgres, poolSize = 10 }) {
  const base = process.env.DATABASE_URL;
  if (!base) return { handle: await startEmbeddedPostgres(), label: 'PGlite (embedded)', embedded: true, drop: async () => {} };
  const db = `bench_${name}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${db}`;
  return {
    handle: { url: url.toString(), embedded: false, poolSize, close: async () => {} },
    label: `PostgreSQL ${url.host}`,
    url: url.toString(),
    embedded: false,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * The application booted in this process on a fresh database: `name` names the database and
 * the data directory; `env` adds to the configuration; `runWorkers` starts the job queue;
 * `beforeInit(app)` runs between creation and init (subscribers of a bench); `listen` makes it
 * serve HTTP on a free port of 127.0.0.1 (`url` is then its origin). `close()` undoes it all.
 */
export async function startBenchApp(dist, { name, env = {}, runWorkers = false, beforeInit, listen = false, poolSize }) {
  const { createApp } = dist.load('bootstrap.js');
  const { loadConfig } = dist.load('config/config.js');
  const { startEmbeddedPostgres } = dist.load('database/embedded-postgres.js');
  const database = await openDatabase(dist.pg, name, { startEmbeddedPostgres, poolSize });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mb-bench-${name}-`));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://bench.test',
    SEED_DEMO: 'false',
    SERVE_FRONTEND: 'false',
    ...env,
  });
  const app = await createApp({ config, database: database.handle, runWorkers });
  await beforeInit?.(app);
  await app.init();
  let url;
  if (listen) {
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  }
  const { DataSource } = dist.require('typeorm');
  return {
    app,
    url,
    database,
    dataDir,
    db: app.get(DataSource),
    async close() {
      await app.close();
      await database.handle.close?.();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
