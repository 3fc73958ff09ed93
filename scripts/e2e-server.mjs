#!/usr/bin/env node
// The server for Playwright journeys: the built app on PORT (3100) with its own DATA_DIR. With
// DATABASE_URL set it gets a fresh database of its own on that server, dropped at exit, whose URL
// it leaves in DATA_DIR/database-url: a journey acts as the operator there (`npm run
// account:role` beside the running server, as on PostgreSQL an operator can; the embedded
// database is the server's alone).
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { ensureBuilt, runServer } from './start.mjs';

const require = createRequire(new URL('../backend/package.json', import.meta.url));
// Journeys make content and look at it as visitors at once: no page cache (the backend's
// server-render test covers it).
const env = { PORT: '3100', SEED_DEMO: 'false', LOG_LEVEL: 'warn', PAGE_CACHE_SECONDS: '0', ...process.env };

ensureBuilt();
if (env.DATABASE_URL) {
  const { Client } = require('pg');
  const name = `e2e_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  if (env.DATA_DIR) {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    fs.writeFileSync(path.join(env.DATA_DIR, 'database-url'), env.DATABASE_URL);
  }
  const child = runServer(env);
  child.on('exit', async () => {
    const c = new Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
} else {
  runServer(env);
}
