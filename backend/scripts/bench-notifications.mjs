#!/usr/bin/env node
// Notifications under load: `node --expose-gc scripts/bench-notifications.mjs` (after `npm run build`).
//
// Boots the built application in this process with workers on a fresh database (embedded PGlite,
// or a new database on the server of DATABASE_URL), then
//  1. opens --streams event streams (one per user) from a child process and reports the server
//     process's memory per open stream (RSS and JS heap, after a full GC, before and after);
//  2. act-to-bell latency: --acts likes, each of a random streaming user's post, timed from the
//     start of the PUT to the notification's arrival on that user's stream (p50 / p99);
//  3. the fan-out: one `followinguser_book_generated` to --followers followers, one statement.
import * as crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    streams: { type: 'string', default: '1000' },
    acts: { type: 'string', default: '100' },
    followers: { type: 'string', default: '10000' },
    dist: { type: 'string', default: path.join(backendDir, 'dist') },
  },
});
const dist = path.resolve(opts.dist);
const require = createRequire(path.join(dist, 'main.js'));
const pg = require('pg');
const { createApp } = require(path.join(dist, 'bootstrap.js'));
const { loadConfig } = require(path.join(dist, 'config/config.js'));
const { startEmbeddedPostgres } = require(path.join(dist, 'database/embedded-postgres.js'));
const { TokenService } = require(path.join(dist, 'modules/auth/token.service.js'));
const { NotificationsService } = require(path.join(dist, 'modules/notifications/notifications.service.js'));
const { FollowsService } = require(path.join(dist, 'modules/follows/follows.service.js'));
const { DataSource } = require('typeorm');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const gc = async () => {
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.();
    await sleep(100);
  }
};

async function openDatabase() {
  const base = process.env.DATABASE_URL;
  if (!base) return { handle: await startEmbeddedPostgres(), label: 'PGlite (embedded)', drop: async () => {} };
  const name = `bench_notifications_${crypto.randomBytes(4).toString('hex')}`;
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
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-bench-notifications-'));
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.test', SEED_DEMO: 'false', SERVE_FRONTEND: 'false' });
const app = await createApp({ config, database: database.handle, runWorkers: true });
await app.init();
await app.listen(0, '127.0.0.1');
const port = app.getHttpServer().address().port;
const db = app.get(DataSource);
let child;

/** n users with profiles (one statement each), answers their ids. */
async function users(n, label) {
  const rows = await db.query(
    `INSERT INTO users (email, email_verified, language) SELECT $1 || g || '@bench.test', true, 'ja' FROM generate_series(1, $2::int) g RETURNING id`,
    [`${label}-${crypto.randomBytes(3).toString('hex')}-`, n],
  );
  const ids = rows.map((r) => r.id);
  await db.query(`INSERT INTO profiles (user_id, nick_name) SELECT id, 'u' || id FROM unnest($1::int[]) AS id`, [ids]);
  return ids;
}

try {
  const n = Number(opts.streams);
  const readers = await users(n, 'reader');
  const tokens = [];
  for (const id of readers) tokens.push(await app.get(TokenService).issue(id));
  const posts = (await db.query(`INSERT INTO posts (user_id, text) SELECT id, 'post of ' || id FROM unnest($1::int[]) AS id RETURNING id, user_id`, [readers])).map((r) => r.id);
  const [liker] = await users(1, 'liker');
  const likerToken = await app.get(TokenService).issue(liker);
  const tokenFile = path.join(dataDir, 'tokens.json');
  fs.writeFileSync(tokenFile, JSON.stringify(tokens));

  // 1. Memory per open stream.
  await gc();
  const before = process.memoryUsage();
  child = spawn(process.execPath, [path.join(backendDir, 'scripts/bench-notifications-client.mjs'), String(port), tokenFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  const arrivals = new Map(); // stream index → arrival times
  let opened;
  const allOpen = new Promise((resolve) => (opened = resolve));
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    const [kind, a, b] = line.split(' ');
    if (kind === 'open') opened();
    if (kind === 'got') arrivals.set(Number(a), [...(arrivals.get(Number(a)) ?? []), Number(b)]);
  });
  const openStarted = performance.now();
  await allOpen;
  const openMs = performance.now() - openStarted;
  await gc();
  const after = process.memoryUsage();
  const streams = app.get(require(path.join(dist, 'modules/notifications/notification-streams.service.js')).NotificationStreams).size;

  // 2. Act-to-bell latency with every stream open.
  const acts = Number(opts.acts);
  const latencies = [];
  // Distinct posts: a second like of the same post by the same user is no new act.
  const order = readers.map((_, i) => i).sort(() => Math.random() - 0.5);
  for (let k = 0; k < Math.min(acts, n); k++) {
    const i = order[k];
    const seen = arrivals.get(i)?.length ?? 0;
    const started = Date.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/user/monopost/${posts[i]}/`, {
      method: 'PUT',
      headers: { Authorization: `Token ${likerToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ liked: [liker] }),
    });
    if (res.status !== 200) throw new Error(`like answered ${res.status}: ${await res.text()}`);
    const deadline = Date.now() + 10_000;
    while ((arrivals.get(i)?.length ?? 0) === seen) {
      if (Date.now() > deadline) throw new Error(`no notification for stream ${i}`);
      await sleep(2);
    }
    latencies.push(arrivals.get(i)[seen] - started);
  }
  latencies.sort((a, b) => a - b);

  // 3. The fan-out.
  const followers = Number(opts.followers);
  const [uploader] = await users(1, 'uploader');
  const fans = await users(followers, 'fan');
  await db.query(`INSERT INTO follow_requests (ask_from, ask_to, approved) SELECT id, $2, true FROM unnest($1::int[]) AS id`, [fans, uploader]);
  const notifications = app.get(NotificationsService);
  const fanStarted = performance.now();
  const made = await notifications.notify(app.get(FollowsService).followersSql('$8'), [uploader], {
    type: 'followinguser_book_generated', actorId: uploader, objectId: 987654, pageId: 987654,
  });
  const fanMs = performance.now() - fanStarted;

  console.log(`notifications bench on ${database.label}, Node ${process.version}, ${os.cpus().length} cores`);
  console.log(`  ${streams} open streams (opened in ${(openMs / 1000).toFixed(1)} s): server RSS ${mb(before.rss)} → ${mb(after.rss)} MB, heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB`);
  console.log(`  per open stream: RSS ${((after.rss - before.rss) / n / 1024).toFixed(1)} KB, heap ${((after.heapUsed - before.heapUsed) / n / 1024).toFixed(1)} KB${globalThis.gc ? '' : ' (run with --expose-gc for steadier figures)'}`);
  console.log(`  act-to-bell (PUT like → notification on the stream), ${acts} acts: p50 ${quantile(latencies, 0.5)} ms, p99 ${quantile(latencies, 0.99)} ms, max ${latencies.at(-1)} ms`);
  console.log(`  fan-out to ${followers} followers: ${made} notifications in one statement, ${fanMs.toFixed(0)} ms`);
} finally {
  child?.kill();
  await app.close();
  await database.handle.close?.();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
