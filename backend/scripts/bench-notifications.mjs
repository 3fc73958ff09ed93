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
//  4. the lists: GET notifications/unread/ and notifications/all/ with --notifications rows in the
//     table, each beside its one-statement floor, --rounds interleaved rounds at --connections
//     (scripts/bench/notification-lists.mjs); statements per request and their plans.
// --parts picks among streams (1 and 2), fanout (3) and lists (4).
import * as crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { backendDir, benchOptions, loadDist, quantile, sleep, startBenchApp } from './bench/common.mjs';
import { appAnswerHeaders, bareSql } from './bench/floor-support.mjs';
import { combine, compareAnswers, loadFromChild, seedLists, startFloor } from './bench/notification-lists.mjs';

const opts = benchOptions('npm run bench:notifications -w backend [-- options]', {
  parts: { default: 'streams,fanout,lists', arg: 'LIST', help: 'what to measure: streams (memory, act-to-bell), fanout, lists' },
  streams: { default: '1000', help: 'open event streams (one per user)' },
  acts: { default: '100', help: 'likes timed from PUT to the stream' },
  followers: { default: '10000', help: 'followers of the fan-out' },
  notifications: { default: '1000000', help: 'notifications in the table for the lists (PGlite: see docs)' },
  users: { default: '10000', help: 'users the notifications are spread over' },
  connections: { default: '50', help: 'concurrent connections of the lists' },
  rounds: { default: '3', help: 'interleaved rounds (app, floor) per list' },
  duration: { default: '5', arg: 'S', help: 'seconds of one measured run' },
  explain: { type: 'boolean', default: false, help: "print the plans of the lists' statements" },
  dist: { default: path.join(backendDir, 'dist'), arg: 'DIR', help: 'the built backend to measure' },
});
const parts = new Set(opts.parts.split(','));
const built = loadDist(opts.dist);
const { pg } = built;
const { TokenService } = built.load('modules/auth/token.service.js');
const { NotificationsService } = built.load('modules/notifications/notifications.service.js');
const { FollowsService } = built.load('modules/follows/follows.service.js');

// Statements counted (and, while `capture` is set, recorded) on node-postgres's Client.
let statements = 0;
let capture;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  statements++;
  if (capture && typeof args[0] === 'object' && args[0]?.text) capture.push({ text: args[0].text, values: args[0].values ?? args[1] });
  else if (capture && typeof args[0] === 'string') capture.push({ text: args[0], values: args[1] });
  return originalQuery.apply(this, args);
};

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const gc = async () => {
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.();
    await sleep(100);
  }
};

// Workers (the subscribers that make notifications) only for the streams: the lists are seeded in SQL.
const bench = await startBenchApp(built, { name: 'notifications', runWorkers: parts.has('streams'), listen: true });
const { app, database } = bench;
const port = Number(new URL(bench.url).port);
const db = bench.db;
const dataDir = bench.dataDir;
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

async function streamsPart() {
  const n = Number(opts.streams);
  const readers = await users(n, 'reader');
  const tokens = [];
  for (const id of readers) tokens.push(await app.get(TokenService).issue(id));
  const posts = (
    await db.query(`INSERT INTO posts (user_id, text) SELECT id, 'post of ' || id FROM unnest($1::int[]) AS id RETURNING id, user_id`, [readers])
  ).map((r) => r.id);
  const [liker] = await users(1, 'liker');
  const likerToken = await app.get(TokenService).issue(liker);
  const tokenFile = path.join(dataDir, 'tokens.json');
  fs.writeFileSync(tokenFile, JSON.stringify(tokens));

  // 1. Memory per open stream.
  await gc();
  const before = process.memoryUsage();
  child = spawn(process.execPath, [path.join(backendDir, 'scripts/bench-notifications-client.mjs'), String(port), tokenFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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
  const streams = app.get(built.load('modules/notifications/notification-streams.service.js').NotificationStreams).size;

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
  console.log(
    `  ${streams} open streams (opened in ${(openMs / 1000).toFixed(1)} s): server RSS ${mb(before.rss)} → ${mb(after.rss)} MB, heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB`,
  );
  console.log(
    `  per open stream: RSS ${((after.rss - before.rss) / n / 1024).toFixed(1)} KB, heap ${((after.heapUsed - before.heapUsed) / n / 1024).toFixed(1)} KB${globalThis.gc ? '' : ' (run with --expose-gc for steadier figures)'}`,
  );
  console.log(
    `  act-to-bell (PUT like → notification on the stream), ${acts} acts: p50 ${quantile(latencies, 0.5)} ms, p99 ${quantile(latencies, 0.99)} ms, max ${latencies.at(-1)} ms`,
  );
  child.kill();
  child = undefined;
}

async function fanoutPart() {
  const followers = Number(opts.followers);
  const [uploader] = await users(1, 'uploader');
  const fans = await users(followers, 'fan');
  await db.query(`INSERT INTO follow_requests (ask_from, ask_to, approved) SELECT id, $2, true FROM unnest($1::int[]) AS id`, [fans, uploader]);
  const notifications = app.get(NotificationsService);
  const fanStarted = performance.now();
  const made = await notifications.notify(
    app.get(FollowsService).followersSql(':user'),
    { user: uploader },
    {
      type: 'followinguser_book_generated',
      actorId: uploader,
      objectId: 987654,
      pageId: 987654,
    },
  );
  const fanMs = performance.now() - fanStarted;
  console.log(`  fan-out to ${followers} followers: ${made} notifications in one statement, ${fanMs.toFixed(0)} ms`);
}

/** notifications/unread/ and notifications/all/ beside their floor (scripts/bench/notification-lists.mjs). */
async function listsPart() {
  const total = Number(opts.notifications);
  const seedStarted = performance.now();
  const seeded = await seedLists({ query: (text, params) => db.query(text, params) }, { users: Number(opts.users), notifications: total });
  const [{ rows }] = await db.query(`SELECT count(*)::int AS rows FROM notifications`);
  console.log(
    `  lists: ${rows} notifications over ${seeded.ids.length} users, ${seeded.unread} unread (${((100 * seeded.unread) / rows).toFixed(1)} %), seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`,
  );
  // Tokens of 1,000 users spread over all of them (the load cycles through them).
  const step = Math.max(1, Math.floor(seeded.ids.length / 1000));
  const tokens = [];
  for (let i = 0; i < seeded.ids.length && tokens.length < 1000; i += step) tokens.push(await app.get(TokenService).issue(seeded.ids[i]));

  // The floor: its own pool on PostgreSQL; on PGlite (one connection) the app's.
  const floorPool = database.embedded ? null : bareSql(pg, built.load('database/db.js'), { url: database.url, max: 10, embedded: false });
  const floorQuery = floorPool ? floorPool.query : (text, params) => db.query(text, params);
  const floor = await startFloor(floorQuery, appAnswerHeaders(built.load));
  try {
    const problems = await compareAnswers(bench.url, floor.url, tokens.slice(0, 25));
    if (problems.length) {
      console.error(`FAIL: the floor's answers differ from the app's:\n${problems.slice(0, 5).join('\n')}`);
      process.exitCode = 1;
      return;
    }
    // Statements per request and their plans: one request of each list.
    for (const [name, p] of [
      ['unread', '/api/user/notifications/unread/'],
      ['all', '/api/user/notifications/all/?count=1'],
    ]) {
      capture = [];
      await fetch(`${bench.url}${p}`, { headers: { authorization: `Token ${tokens[1]}` } });
      const got = capture;
      capture = undefined;
      const plans = [];
      for (const s of got) {
        const plan = (await db.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${s.text}`, s.values)).map((r) => r['QUERY PLAN']);
        plans.push({ first: s.text.trim().replace(/\s+/g, ' ').slice(0, 90), plan });
      }
      const seqScans = plans.filter((x) => x.plan.some((l) => /Seq Scan on (notifications|profiles|posts|post_comments|pages|auth_tokens|users)\b/.test(l)));
      console.log(
        `  ${name}: ${got.length} statements per request${seqScans.length ? `; SEQ SCAN in: ${seqScans.map((x) => x.first).join(' | ')}` : ', every one through an index'}`,
      );
      if (opts.explain) for (const x of plans) console.log(`    ${x.first}\n${x.plan.map((l) => `      ${l}`).join('\n')}`);
    }
    const lists = {
      unread: ['/api/user/notifications/unread/'],
      all: [
        '/api/user/notifications/all/?count=0',
        '/api/user/notifications/all/?count=1',
        '/api/user/notifications/all/?count=0',
        '/api/user/notifications/all/?count=2',
      ],
    };
    const results = { unread: { app: [], floor: [] }, all: { app: [], floor: [] } };
    const appStatements = { unread: 0, all: 0 };
    for (let round = 0; round < Number(opts.rounds); round++) {
      for (const name of Object.keys(lists)) {
        const order = round % 2 ? ['floor', 'app'] : ['app', 'floor'];
        for (const target of order) {
          const before = statements;
          const r = await loadFromChild({
            url: target === 'app' ? bench.url : floor.url,
            paths: lists[name],
            tokens,
            connections: Number(opts.connections),
            duration: Number(opts.duration),
          });
          if (target === 'app') appStatements[name] += (statements - before) / Math.max(1, r.requests);
          results[name][target].push(r);
        }
      }
    }
    const row = (label, r, f) =>
      `    ${label.padEnd(6)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   ${f ? `${(r.rps / f.rps).toFixed(2)} × floor` : ''}   ${JSON.stringify(r.statuses)}${r.errors ? ` errors ${r.errors}` : ''}`;
    for (const name of Object.keys(lists)) {
      const f = combine(results[name].floor);
      const a = combine(results[name].app);
      console.log(
        `  GET notifications/${name}/, ${opts.connections} connections, ${opts.rounds} interleaved rounds of ${opts.duration} s (app: ${(appStatements[name] / Number(opts.rounds)).toFixed(2)} statements/request, floor: 1)`,
      );
      console.log(row('floor', f));
      console.log(row('app', a, f));
      if (a.statuses['200'] !== a.requests || f.statuses['200'] !== f.requests) process.exitCode = 1;
    }
  } finally {
    floor.server.close();
    await floorPool?.pool.end();
  }
}

try {
  console.log(`notifications bench on ${database.label}, Node ${process.version}, ${os.cpus().length} cores`);
  if (parts.has('streams')) await streamsPart();
  if (parts.has('fanout')) await fanoutPart();
  if (parts.has('lists')) await listsPart();
} finally {
  child?.kill();
  await bench.close();
}
process.exit(0);
