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
import * as path from 'node:path';
import { backendDir, benchOptions, loadDist, quantile, sleep, startBenchApp } from './bench/common.mjs';

const opts = benchOptions('npm run bench:events -w backend [-- options]', {
  queues: { default: '30', help: 'subscriber queues (spread over the domain events)' },
  settle: { default: '5', arg: 'S', help: 'seconds after start-up before the idle window' },
  idle: { default: '30', arg: 'S', help: 'seconds of the idle window' },
  events: { default: '100', help: 'events published (one per transaction) for the latency' },
  gap: { default: '100', arg: 'MS', help: 'pause between two publishes (plus up to as much again)' },
  dist: { default: path.join(backendDir, 'dist'), arg: 'DIR', help: 'the built backend to measure (e.g. a copy of an older build)' },
  label: { default: '', arg: 'TXT', help: 'a name for this run in the output' },
  'show-idle': { type: 'boolean', default: false, help: 'print the statements of the idle window (their first line)' },
});
const built = loadDist(opts.dist);
const { dist, pg } = built;

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

const { EventsService } = built.load('common/events/events.service.js');

const EVENTS = [
  'book.generated',
  'book.posted',
  'book.followed',
  'book.owned',
  'profile.updated',
  'post.liked',
  'post.commented',
  'post.reposted',
  'user.followed',
  'user.follow_requested',
];

const committedAt = new Map(); // event id → time of its COMMIT
const handled = []; // [event id, time the handler started]
const queues = Number(opts.queues);
const ours = new Map(); // event → how many of the bench's subscribers it has
const bench = await startBenchApp(built, {
  name: 'events',
  runWorkers: true,
  beforeInit: (app) => {
    const events = app.get(EventsService);
    for (let i = 0; i < queues; i++) {
      const name = EVENTS[i % EVENTS.length];
      ours.set(name, (ours.get(name) ?? 0) + 1);
      // The handler may start before the publisher's `await` of the COMMIT has resumed: times are
      // compared once all is done (such a delivery counts as 0 ms).
      events.subscribe(name, `bench-${i}`, async (payload) => void handled.push([payload.benchId, performance.now()]));
    }
  },
});
const { app, database } = bench;
const events = app.get(EventsService);
const dataSource = bench.db;

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
  console.log(
    `latency (COMMIT → handler), ${latencies.length}/${expected} deliveries of ${published} events: p50 ${ms(quantile(sorted, 0.5))}, p99 ${ms(quantile(sorted, 0.99))}, max ${ms(sorted.at(-1))}`,
  );
} finally {
  await bench.close();
}
