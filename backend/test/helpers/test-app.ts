import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as crypto from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { createApp } from '../../src/bootstrap';
import { loadConfig } from '../../src/config/config';
import { type DatabaseHandle, startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { installOpenApiCheck } from './openapi-check';
import { TestSmtpServer } from './smtp';

// Every answer an e2e test receives through supertest must be one openapi.yaml documents.
installOpenApiCheck();

/**
 * The embedded database as the application's first start leaves it (migrations and pg-boss's
 * schema applied), dumped once and kept in the temporary directory under a key of everything
 * that shapes it. A fresh PGlite runs initdb in WebAssembly and then every migration: about
 * 6 s per test file on a 2-core machine, against well under a second to load this archive.
 * The first test file of a run on a new machine builds it, through the real first start.
 */
function templateKey(): string {
  const backend = [process.cwd(), path.join(process.cwd(), 'backend')].find((dir) => fs.existsSync(path.join(dir, 'src/database/migrations')))!;
  const hash = crypto.createHash('sha256');
  const migrations = path.join(backend, 'src/database/migrations');
  for (const file of fs.readdirSync(migrations).sort()) hash.update(file).update(fs.readFileSync(path.join(migrations, file)));
  for (const file of fs.readdirSync(path.join(backend, 'src/database')).sort()) {
    if (file.endsWith('.ts') && !file.endsWith('.spec.ts')) hash.update(file).update(fs.readFileSync(path.join(backend, 'src/database', file)));
  }
  for (const pkg of ['@electric-sql/pglite', 'pg-boss', 'typeorm']) {
    hash.update(fs.readFileSync(path.join(backend, '..', 'node_modules', pkg, 'package.json')));
  }
  return hash.digest('hex').slice(0, 16);
}

async function embeddedTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `monobook-test-pglite-${templateKey()}.tar`);
  if (!fs.existsSync(file)) {
    const database = await startEmbeddedPostgres();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'mb-template-')),
      SEED_DEMO: 'false',
      SERVE_FRONTEND: 'false',
    });
    const app = await createApp({ config, database, runWorkers: false });
    await app.init();
    await app.close();
    const dump = await database.dump!();
    await database.close();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file); // whole or not at all, also with several jest workers
  }
  return new Blob([fs.readFileSync(file)]);
}

/**
 * The same on PostgreSQL: a database migrated by the real first start, kept under the same key
 * (`mb_template_<key>`), from which each test file's database is copied by `CREATE DATABASE …
 * TEMPLATE` (a file copy: about 0.1 s, against 2–3 s of migrations and pg-boss's schema). Built
 * once per key under an advisory lock, so parallel jest workers and runs wait for one build;
 * of other keys (older migrations, other checkouts) the three newest are kept.
 */
async function postgresCopy(base: string, copy: string): Promise<void> {
  const name = `mb_template_${templateKey()}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  try {
    // Built, pruned and copied under one lock: another checkout (another key) never drops a
    // template between this one's check and its copy.
    await admin.query('SELECT pg_advisory_lock(7436120)');
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_build`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(base);
      url.pathname = `/${building}`;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-template-'));
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', SERVE_FRONTEND: 'false', DATABASE_URL: url.toString() });
      const app = await createApp({ config, database: { url: url.toString(), embedded: false, poolSize: 2 }, runWorkers: false });
      await app.init();
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      // Whole or not at all: only a finished build gets the name the others look for.
      await admin.query(`COMMENT ON DATABASE ${building} IS '${Date.now()}'`);
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      // Templates of other keys (older migrations, other checkouts): the three newest are kept.
      const others = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'mb\\_template\\_%' AND datname <> $1 AND datname NOT LIKE '%\\_build'
          ORDER BY coalesce(shobj_description(oid, 'pg_database'), '0') DESC OFFSET 3`,
        [name],
      );
      for (const { datname } of others.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE ${copy} TEMPLATE ${name}`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock(7436120)').catch(() => undefined);
    await admin.end();
  }
}

/**
 * A fresh database for one test file: a new database on the PostgreSQL of DATABASE_URL when
 * it is set (CI), copied from the migrated template above, else an in-memory PGlite started
 * from the migrated archive above.
 */
export async function freshDatabase(): Promise<DatabaseHandle> {
  const base = process.env.DATABASE_URL;
  if (!base) return startEmbeddedPostgres(undefined, await embeddedTemplate());
  const name = `mb_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await postgresCopy(base, name);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    embedded: false,
    poolSize: 5,
    close: async () => {
      const c = new Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: NestFastifyApplication;
  http: ReturnType<NestFastifyApplication['getHttpServer']>;
  smtp: TestSmtpServer;
  dataDir: string;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export async function startTestApp(
  env: Record<string, string> = {},
  options: { frontendDist?: string; beforeInit?: (app: NestFastifyApplication) => void; logDestination?: { write(line: string): unknown } } = {},
): Promise<TestApp> {
  const smtp = await TestSmtpServer.start();
  const database = await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://app.test',
    SEED_DEMO: 'false',
    SERVE_FRONTEND: 'false',
    SMTP_URL: smtp.url,
    AUTH_RATE_LIMIT_PER_IP: '1000',
    AUTH_RATE_LIMIT_PER_EMAIL: '1000',
    ...env,
  });
  const app = await createApp({ config, database, runWorkers: true, frontendDist: options.frontendDist, logDestination: options.logDestination });
  options.beforeInit?.(app); // e.g. test subscribers of domain events
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return {
    app,
    http: app.getHttpServer(),
    smtp,
    dataDir,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await smtp.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `/verify/{id}/{key}` or `/reset-password/{id}/{key}` from a mail. */
export function linkFrom(text: string, route: 'verify' | 'reset-password'): { id: number; key: string; url: string } {
  const match = text.match(new RegExp(`(https?://[^/\\s]+/${route}/(\\d+)/([A-Za-z0-9_-]+))`));
  if (!match) throw new Error(`no ${route} link in mail:\n${text}`);
  return { url: match[1], id: Number(match[2]), key: match[3] };
}

export const PASSWORD = 'correct-horse-battery';

/** Registers, verifies through the mailed link and logs in; answers the token. */
export async function signUp(t: TestApp, email: string, password = PASSWORD): Promise<{ token: string; userId: number }> {
  await request(t.http).post('/api/user/register/').send({ email, password1: password, password2: password, agreed: true }).expect(201);
  const mail = await t.smtp.waitFor(email, /verify/);
  const { id, key } = linkFrom(mail.text, 'verify');
  await request(t.http).post('/api/user/verify/').send({ id, key }).expect(200);
  const res = await request(t.http).post('/api/user/login/').send({ email, password }).expect(200);
  return { token: res.body.token, userId: id };
}

export const auth = (token: string) => ({ Authorization: `Token ${token}` });
