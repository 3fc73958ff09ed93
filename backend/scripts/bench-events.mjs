#!/usr/bin/env node
// Domain events at idle and under a trickle: `npm run bench:events -w backend` (after `npm run build`).
//
// Boots the built application (backend/dist, or --dist) in this process with workers on a fresh
// database (embedded PGlite, or a new `bench_events_<random>` database on the server of
// DATABASE_URL), with --queues subscriber queues spread over the domain events, then
//  1. counts the SQL statements every connection of the process sends while nothing happens
//     (after --settle seconds of start-up), for --idle seconds: statements per second at idle;
//  2. publishes --events events one at a time, each in a transaction of its own, and measures
//     for every delivery the time from the publishing transaction's COMMIT to the handler's start:
//     latency p50 / p99.
// Statements are counted on node-postgres's Client.prototype.query, so the pool, the job queue's
// own connections and any listener connection are all counted; a statement is one query() call.
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    queues: { type: 'string', default: '30' },
    idle: { type: 'string', default: '30' },
    settle: { type: 'string', default: '5' },
    events: { type: 'string', default: '100' },
    gap: { type: 'string', default: '100' },
    dist: { type: 'string', default: path.join(backendDir, 'dist') },
    label: { type: 'string', default: '' },
    'show-idle': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (opts.help) {
  console.log(`Usage: npm run bench:events -w backend [-- options]
  --queues N   subscriber queues (spread over the domain events)        default 30
  --settle S   seconds after start-up before the idle window             default 5
  --idle S     seconds of the idle window                               default 30
  --events N   events published (one per transaction) for the latency   default 100
  --gap MS     pause between two publishes (plus up to as much again)   default 100
  --dist DIR   the built backend to measure (e.g. a copy of an older build) default backend/dist
  --label TXT  a name for this run in the output
  --show-idle  print the statements of the idle window (their first line)`);
  process.exit(0);
}
const dist = path.resolve(opts.dist);
if (!fs.existsSync(path.join(dist, 'bootstrap.js'))) {
  console.error(`${dist} has no bootstrap.js: run \`npm run build\` first.`);
  process.exit(2);
}
const require = createRequire(path.join(dist, 'main.js'));
const pg = require('pg');

let statements = 0;
let idleTexts; // the idle window's statement texts, with --show-idle
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  statements++;
  if (idleTexts) {
    const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
    idleTexts.push(String(text).trim().replace(/\s+/g, ' ').slice(0, 100));
  }
  return originalQuery.apply(this, args);
};

const { createApp } = require(path.join(dist, 'bootstrap.js'));
const { loadConfig } = require(path.join(dist, 'config/config.js'));
const { startEmbeddedPostgres } = require(path.join(dist, 'database/embedded-postgres.js'));
const { EventsService } = require(path.join(dist, 'common/events/events.service.js'));
const { DataSource } = require('typeorm');

const EVENTS = ['book.generated', 'book.posted', 'book.followed', 'book.owned', 'profile.updated', 'post.liked', 'post.commented', 'post.reposted', 'user.followed', 'user.follow_requested'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function openDatabase() {
  const base = process.env.DATABASE_URL;
  if (!base) return { handle: await startEmbeddedPostgres(), label: 'PGlite (embedded)', drop: async () => {} };
  const name = `bench_events_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    handle: { url: url.toString(), embedded: false, poolSize: 10, close: async () => {} },
    label: `PostgreSQL ${url.host}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const database = await openDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-bench-events-'));
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.test', SEED_DEMO: 'false', SERVE_FRONTEND: 'false' });
const app = await createApp({ config, database: database.handle, runWorkers: true });
const events = app.get(EventsService);
const committedAt = new Map(); // event id → time of its COMMIT
const handled = []; // [event id, time the handler started]
const queues = Number(opts.queues);
const ours = new Map(); // event → how many of the bench's subscribers it has
for (let i = 0; i < queues; i++) {
  const name = EVENTS[i % EVENTS.length];
  ours.set(name, (ours.get(name) ?? 0) + 1);
  // The handler may start before the publisher's `await` of the COMMIT has resumed: times are
  // compared once all is done (such a delivery counts as 0 ms).
  events.subscribe(name, `bench-${i}`, async (payload) => void handled.push([payload.benchId, performance.now()]));
}
await app.init();
const dataSource = app.get(DataSource);

try {
  await sleep(Number(opts.settle) * 1000);
  const before = statements;
  if (opts['show-idle']) idleTexts = [];
  const started = performance.now();
  await sleep(Number(opts.idle) * 1000);
  const idleSeconds = (performance.now() - started) / 1000;
  const idleStatements = statements - before;
  if (idleTexts) {
    const counts = new Map();
    for (const text of idleTexts) counts.set(text, (counts.get(text) ?? 0) + 1);
    for (const [text, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(5)}  ${text}`);
    idleTexts = undefined;
  }

  const published = Number(opts.events);
  let expected = 0;
  for (let i = 0; i < published; i++) {
    const name = EVENTS[i % EVENTS.length];
    expected += ours.get(name) ?? 0;
    const payload = { benchId: i, userId: 1, bookId: 1, postId: 1, authorId: 1, likeId: 1, fileId: 1, followerId: 1, followedId: 1 };
    await dataSource.transaction(async (tx) => events.publish(name, payload, tx));
    committedAt.set(i, performance.now());
    await sleep(Number(opts.gap) * (1 + Math.random()));
  }
  const deadline = Date.now() + 60_000;
  while (handled.length < expected && Date.now() < deadline) await sleep(50);
  const latencies = handled.map(([id, at]) => Math.max(0, at - committedAt.get(id)));
  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (n) => (n === undefined ? 'n/a' : `${n.toFixed(0)} ms`);
  console.log(`${opts.label ? `${opts.label}: ` : ''}${database.label}, ${queues} subscriber queues, dist ${path.relative(process.cwd(), dist) || '.'}`);
  console.log(`idle: ${idleStatements} statements in ${idleSeconds.toFixed(1)} s = ${(idleStatements / idleSeconds).toFixed(2)} statements/s`);
  console.log(`latency (COMMIT → handler), ${latencies.length}/${expected} deliveries of ${published} events: p50 ${ms(quantile(sorted, 0.5))}, p99 ${ms(quantile(sorted, 0.99))}, max ${ms(sorted.at(-1))}`);
} finally {
  await app.close();
  await database.handle.close();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
