#!/usr/bin/env node
// Serving ads under load: `npm run bench:ads -w backend` (after `npm run build`).
//
// Boots the built application (backend/dist) in this process on a fresh database (embedded
// PGlite, or a new `bench_ads_<random>` database on the server of DATABASE_URL), inserts --ads
// running ads (3 tags each, targets far away so none retires), then calls
// GET advertisements-random/ --requests times over --connections concurrent connections. Reports
// requests per second and latency, and checks that no impression was lost: the views counted on
// the ads and the offers made equal the ads the answers served. The floor: a bare node:http
// handler in this process that counts one impression for 3 ids picked in memory, in one UPDATE
// through the app's database pool: what any endpoint that counts on the server must at least do.
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    ads: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '3000' },
    connections: { type: 'string', default: '50' },
    help: { type: 'boolean', default: false },
  },
});
if (opts.help) {
  console.log(`Usage: npm run bench:ads -w backend [-- options]
  --ads N          running ads                                   default 10000
  --requests N     calls of advertisements-random/               default 3000
  --connections N  concurrent connections                        default 50`);
  process.exit(0);
}
const dist = path.join(backendDir, 'dist');
if (!fs.existsSync(path.join(dist, 'bootstrap.js'))) {
  console.error(`${dist} has no bootstrap.js: run \`npm run build\` first.`);
  process.exit(2);
}
const require = createRequire(path.join(dist, 'main.js'));
const pg = require('pg');
const { createApp } = require(path.join(dist, 'bootstrap.js'));
const { loadConfig } = require(path.join(dist, 'config/config.js'));
const { startEmbeddedPostgres } = require(path.join(dist, 'database/embedded-postgres.js'));
const { DataSource } = require('typeorm');

const ADS = Number(opts.ads);
const REQUESTS = Number(opts.requests);
const CONNECTIONS = Number(opts.connections);
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function openDatabase() {
  const base = process.env.DATABASE_URL;
  if (!base) return { handle: await startEmbeddedPostgres(), label: 'PGlite (embedded)', drop: async () => {} };
  const name = `bench_ads_${crypto.randomBytes(4).toString('hex')}`;
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

/** GETs `url` `count` times over `connections` keep-alive connections; answers timings, statuses and the ads served. */
async function load(url, count, connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let left = count;
  let served = 0;
  const latencies = [];
  const statuses = new Map();
  const get = () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      http
        .get(url, { agent }, (res) => {
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

const database = await openDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-bench-ads-'));
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.test', SEED_DEMO: 'false', SERVE_FRONTEND: 'false' });
const app = await createApp({ config, database: database.handle, runWorkers: false });
await app.init();
await app.listen(0, '127.0.0.1');
const appUrl = `${await app.getUrl()}/api/user/advertisements-random/`.replace('[::1]', '127.0.0.1');
const dataSource = app.get(DataSource);
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
  const [{ views }] = await dataSource.query(`SELECT coalesce(sum(views), 0)::int AS views FROM ads`);
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

  const row = (name, r) => `${name.padEnd(8)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   ${JSON.stringify(r.statuses)}`;
  console.log(`advertisements-random/ on ${database.label}: ${ADS} running ads, ${REQUESTS} requests, ${CONNECTIONS} connections`);
  console.log(row('floor', floor));
  console.log(row('app', measured));
  console.log(`ads served ${measured.served}, impressions counted ${views}, offers made ${offers}`);
  if (measured.served !== views || measured.served !== offers || measured.statuses[200] !== REQUESTS) {
    console.error('FAIL: every ad served must be counted once (no lost impressions) and have one offer');
    process.exitCode = 1;
  }
} finally {
  floorServer?.close();
  await app.close();
  await database.handle.close?.();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
