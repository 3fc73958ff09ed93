#!/usr/bin/env node
// Serving ads under load: `npm run bench:ads -w backend` (after `npm run build`).
//
// Boots the built application (backend/dist) in this process on a fresh database (embedded
// PGlite, or a new `bench_ads_<random>` database on the server of DATABASE_URL), inserts --ads
// running ads (3 tags each, targets far away so none retires), then calls
// GET advertisements-random/ --requests times over --connections concurrent connections, each call
// as a different visitor (its own user agent: every serving inserts its view rows, the costlier
// case) and AD_SERVE_RATE_LIMIT out of the way. Reports requests per second and latency, and checks
// that no impression was lost: the views counted (and refused as repeats: none here) on the ads
// and the offers made equal the ads the answers served. The floor: a bare node:http
// handler in this process that counts one impression for 3 ids picked in memory, in one UPDATE
// through the app's database pool: what any endpoint that counts on the server must at least do.
import * as http from 'node:http';
import * as path from 'node:path';
import { backendDir, benchOptions, loadDist, quantile, startBenchApp } from './bench/common.mjs';

const opts = benchOptions('npm run bench:ads -w backend [-- options]', {
  ads: { default: '10000', help: 'running ads' },
  requests: { default: '3000', help: 'calls of advertisements-random/' },
  connections: { default: '50', help: 'concurrent connections' },
  dist: { default: path.join(backendDir, 'dist'), arg: 'DIR', help: 'the built backend to measure (e.g. an older build)' },
  explain: { type: 'boolean', default: false, help: 'print the plan of the serving statement (after the counts are checked)' },
});
const built = loadDist(opts.dist);
// The serving statement, as the app sends it (for --explain).
let serving;
const originalQuery = built.pg.Client.prototype.query;
built.pg.Client.prototype.query = function (...args) {
  const q = typeof args[0] === 'string' ? { text: args[0], values: args[1] } : args[0];
  if (!serving && q?.text?.includes('INSERT INTO ad_offers')) serving = { text: q.text, values: q.values ?? args[1] };
  return originalQuery.apply(this, args);
};
const ADS = Number(opts.ads);
const REQUESTS = Number(opts.requests);
const CONNECTIONS = Number(opts.connections);
/** GETs `url` `count` times over `connections` keep-alive connections; answers timings, statuses and the ads served. */
async function load(url, count, connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let left = count;
  let served = 0;
  let sent = 0;
  const latencies = [];
  const statuses = new Map();
  const get = () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      http
        .get(url, { agent, headers: { 'user-agent': `bench-visitor-${sent++}` } }, (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            latencies.push(performance.now() - started);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode === 200) served += JSON.parse(Buffer.concat(chunks).toString('utf8')).length;
            resolve();
          });
        })
        .on('error', reject);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (left > 0) {
        left--;
        await get();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { seconds, served, rps: count / seconds, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), statuses: Object.fromEntries(statuses) };
}

const bench = await startBenchApp(built, { name: 'ads', listen: true, env: { AD_SERVE_RATE_LIMIT: String(REQUESTS * 10) } });
const { database } = bench;
const appUrl = `${bench.url}/api/user/advertisements-random/`;
const dataSource = bench.db;
let floorServer;

try {
  const [advertiser] = await dataSource.query(`INSERT INTO users (email, email_verified) VALUES ('advertiser@bench.test', true) RETURNING id`);
  const ids = (
    await dataSource.query(
      `INSERT INTO ads (user_id, type, url, img, content, target, price, attributes, paid, paid_on)
       SELECT $1, g % 2, 'https://shop.example/' || g, NULL, 'Ad ' || g, CASE WHEN g % 2 = 0 THEN 750000 ELSE 25000 END, 5000,
              ARRAY[1 + g % 20, 21 + g % 20, 41 + g % 20], true, now()
         FROM generate_series(1, $2) g RETURNING id`,
      [advertiser.id, ADS],
    )
  ).map((r) => r.id);

  const measured = await load(appUrl, REQUESTS, CONNECTIONS);
  // views_refused through jsonb: a build from before it (--dist) has no such column (then 0).
  const [{ views, refused }] = await dataSource.query(
    `SELECT coalesce(sum(views), 0)::int AS views, coalesce(sum((to_jsonb(a) ->> 'views_refused')::int), 0)::int AS refused FROM ads a`,
  );
  const [{ offers }] = await dataSource.query(`SELECT count(*)::int AS offers FROM ad_offers`);

  // The floor: one UPDATE counting 3 ids picked in memory (no random pick in SQL, no offers).
  floorServer = http.createServer(async (_req, res) => {
    const pick = [0, 1, 2].map(() => ids[Math.floor(Math.random() * ids.length)]);
    try {
      const [rows] = await dataSource.query(`UPDATE ads SET views = views + 1 WHERE id = ANY($1::int[]) RETURNING id, url, content`, [pick]);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows));
    } catch {
      res.writeHead(500).end();
    }
  });
  await new Promise((resolve) => floorServer.listen(0, '127.0.0.1', resolve));
  const floor = await load(`http://127.0.0.1:${floorServer.address().port}/`, REQUESTS, CONNECTIONS);

  const row = (name, r) =>
    `${name.padEnd(8)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   ${JSON.stringify(r.statuses)}`;
  console.log(`advertisements-random/ on ${database.label}: ${ADS} running ads, ${REQUESTS} requests, ${CONNECTIONS} connections`);
  console.log(row('floor', floor));
  console.log(row('app', measured));
  console.log(`ads served ${measured.served}, impressions counted ${views} (refused as repeats ${refused}), offers made ${offers}`);
  if (opts.explain && serving) {
    const plan = await dataSource.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${serving.text}`, serving.values);
    console.log(plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n'));
  }
  if (measured.served !== views || refused !== 0 || measured.served !== offers || measured.statuses[200] !== REQUESTS) {
    console.error('FAIL: every ad served must be counted once (no lost impressions) and have one offer');
    process.exitCode = 1;
  }
} finally {
  floorServer?.close();
  await bench.close();
}
