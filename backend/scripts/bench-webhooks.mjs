#!/usr/bin/env node
// The Stripe webhook endpoint under duplicate deliveries: `npm run bench:webhooks -w backend`
// (after `npm run build`).
//
// Boots the built application (backend/dist) in this process on a fresh database (embedded
// PGlite, or a new `bench_webhooks_<random>` database on the server of DATABASE_URL) with the
// Stripe stand-in (scripts/stripe-stand-in.mjs) as its Stripe, makes --sessions paid Book
// checkouts (one buyer and one ¥800 Book each), then posts every `checkout.session.completed`
// event --copies times, shuffled, over --connections concurrent connections, each signed as
// Stripe signs them. Reports requests per second and latency, and checks that the grants are
// exactly the distinct paid sessions. The floor: the same deliveries to a bare node:http handler
// in this process that checks the signature and inserts the event id (ON CONFLICT DO NOTHING)
// through the app's database pool: what any correct endpoint must at least do.
import * as http from 'node:http';
import { benchOptions, loadDist, quantile, startBenchApp } from './bench/common.mjs';
import { startStripeStandIn } from './stripe-stand-in.mjs';

const opts = benchOptions('npm run bench:webhooks -w backend [-- options]', {
  sessions: { default: '200', help: 'paid checkout sessions (distinct events)' },
  copies: { default: '5', help: 'deliveries of each event' },
  connections: { default: '50', help: 'concurrent connections' },
});
const built = loadDist();
const stripeModule = built.require('stripe');
const Stripe = stripeModule.default ?? stripeModule;
const SECRET = 'whsec_bench';
const SESSIONS = Number(opts.sessions);
const COPIES = Number(opts.copies);
const CONNECTIONS = Number(opts.connections);
/** Sends every delivery over `connections` keep-alive connections; answers timings and statuses. */
async function deliver(url, deliveries, connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const queue = [...deliveries];
  const latencies = [];
  const statuses = new Map();
  const post = ({ payload, header }) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = http.request(
        url,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', 'stripe-signature': header, 'content-length': Buffer.byteLength(payload) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - started);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            resolve();
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await post(next);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { seconds, rps: deliveries.length / seconds, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), statuses: Object.fromEntries(statuses) };
}

const standIn = await startStripeStandIn({ webhookSecret: SECRET });
standIn.autoDeliver = false;
const bench = await startBenchApp(built, {
  name: 'webhooks',
  runWorkers: true,
  listen: true,
  env: { STRIPE_SECRET_KEY: 'sk_test_bench', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: standIn.url },
});
const { database } = bench;
const appUrl = `${bench.url}/api/user/stripe-webhook/`;
const dataSource = bench.db;
const stripe = new Stripe('sk_test_bench', { host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 0 });
let floorServer;
let floorPool;

try {
  // The checkouts: a seller, one buyer and one ¥800 Book per session, a session at the stand-in.
  const [seller] = await dataSource.query(`INSERT INTO users (email, email_verified) VALUES ('seller@bench.test', true) RETURNING id`);
  const buyers = await dataSource.query(
    `INSERT INTO users (email, email_verified) SELECT 'buyer' || g || '@bench.test', true FROM generate_series(1, $1) g RETURNING id`,
    [SESSIONS],
  );
  const books = await dataSource.query(
    `INSERT INTO pages (title, page_price, owner_id) SELECT 'Book ' || g, 800, $2 FROM generate_series(1, $1) g RETURNING id`,
    [SESSIONS, seller.id],
  );
  const events = [];
  for (let i = 0; i < SESSIONS; i++) {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'jpy', unit_amount: 800, product_data: { name: `Book ${i}` } }, quantity: 1 }],
      success_url: 'http://bench.test/gotpage?session_id={CHECKOUT_SESSION_ID}',
      metadata: { kind: 'book', pageId: String(books[i].id), userId: String(buyers[i].id) },
    });
    await dataSource.query(`INSERT INTO payment_checkouts (session_id, buyer_id, page_id, seller_id, amount, platform_fee) VALUES ($1, $2, $3, $4, 800, 80)`, [
      session.id,
      buyers[i].id,
      books[i].id,
      seller.id,
    ]);
    events.push(await standIn.checkout.payByCard(session.id));
  }
  const signed = () => events.flatMap((event) => Array.from({ length: COPIES }, () => standIn.sign(event, { secret: SECRET }))).sort(() => Math.random() - 0.5);

  // The floor: signature check and one idempotent insert, nothing else.
  // (Through the app's own pool: the embedded database takes one connection.)
  floorPool = { query: (text, params) => dataSource.query(text, params), end: async () => {} };
  await floorPool.query(`CREATE TABLE IF NOT EXISTS bench_floor_events (id varchar(255) PRIMARY KEY)`);
  floorServer = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      try {
        const event = stripe.webhooks.constructEvent(Buffer.concat(chunks), req.headers['stripe-signature'], SECRET);
        await floorPool.query(`INSERT INTO bench_floor_events (id) VALUES ($1) ON CONFLICT DO NOTHING`, [event.id]);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise((resolve) => floorServer.listen(0, '127.0.0.1', resolve));
  const floorUrl = `http://127.0.0.1:${floorServer.address().port}/`;

  const floor = await deliver(floorUrl, signed(), CONNECTIONS);
  const measured = await deliver(appUrl, signed(), CONNECTIONS);
  const [{ grants }] = await dataSource.query(`SELECT count(*)::int AS grants FROM page_owners WHERE source = 'purchase'`);
  const [{ sales }] = await dataSource.query(`SELECT count(*)::int AS sales FROM payment_sales`);
  const [{ recorded }] = await dataSource.query(`SELECT count(*)::int AS recorded FROM payment_events`);
  const row = (name, r) =>
    `${name.padEnd(8)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   ${JSON.stringify(r.statuses)}`;
  console.log(
    `Stripe webhooks on ${database.label}: ${SESSIONS} paid sessions × ${COPIES} deliveries = ${SESSIONS * COPIES} requests, ${CONNECTIONS} connections`,
  );
  console.log(row('floor', floor));
  console.log(row('app', measured));
  console.log(`grants ${grants}, sales ${sales}, events recorded ${recorded} (distinct paid sessions: ${SESSIONS})`);
  if (grants !== SESSIONS || sales !== SESSIONS || recorded !== SESSIONS) {
    console.error('FAIL: grants must equal the distinct paid sessions exactly');
    process.exitCode = 1;
  }
} finally {
  floorServer?.close();
  await floorPool?.end();
  await bench.close();
  await standIn.close();
}
