#!/usr/bin/env node
// Database time per feed request, from EXPLAIN ANALYZE of every statement the request runs: the
// app's (its token lookup, then the statements its FeedsService and packers issue, recorded
// through an adapter) and the expert floor's one statement. Run it on a database the bench kept:
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- --posts 1000000 --keep …
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_xxxx npm exec -- node backend/scripts/bench/explain-feeds.mjs [--plans]
//
// Each request is explained 5 times (after one unrecorded run); the median of the sums of
// planning + execution time is shown. Needs the built backend (npm run build).
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { expertQuery } from './expert-floor.mjs';

const require = createRequire(import.meta.url);
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
const { AccessService } = require(`${dist}/common/access/access.service.js`);
const { ProfilePacker } = require(`${dist}/modules/profiles/profile.packer.js`);
const { BookPacker } = require(`${dist}/modules/books/book.packer.js`);
const { BooksService } = require(`${dist}/modules/books/books.service.js`);
const { FollowsService } = require(`${dist}/modules/follows/follows.service.js`);
const { PostPacker } = require(`${dist}/modules/posts/post.packer.js`);
const { FeedsService } = require(`${dist}/modules/posts/feeds.service.js`);
const { TokenService } = require(`${dist}/modules/auth/token.service.js`);
const { markActiveViewer } = require(`${dist}/common/access/access.service.js`);
const { Audiences } = require(`${dist}/common/audiences/audiences.js`);
const { CirclesService } = require(`${dist}/modules/circles/circles.service.js`);

const showPlans = process.argv.includes('--plans');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
const one = async (text, values = []) => (await pool.query(text, values)).rows[0];

let recording = null; // statements of the request being explained
const db = {
  query: async (text, values) => {
    recording?.push({ text, values });
    return (await pool.query(text, values)).rows;
  },
};
const options = { config: { publicUrl: 'http://127.0.0.1', publicUrlConfigured: true } };
// Built as scripts/bench/feeds-floor-server.mjs builds them (the services' SQL is the app's).
const access = new AccessService();
const audiences = new Audiences();
const profiles = new ProfilePacker(db, options);
const bookPacker = new BookPacker(db, options, profiles, access, audiences);
const books = new BooksService(db, db, null, { subscribe() {} }, access, bookPacker, null);
const feeds = new FeedsService(db, new PostPacker(db, options, profiles, books, audiences), Object.create(FollowsService.prototype), books);
const circles = new CirclesService(db, options, db, access, { subscribe() {} }, null, books, feeds, null, profiles, audiences);
const tokens = new TokenService(null, db, access);

async function explain({ text, values }) {
  const [{ 'QUERY PLAN': [plan] }] = (await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values)).rows;
  return { ms: plan['Planning Time'] + plan['Execution Time'], plan };
}

const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];

/** Explains what `run` issues (recorded once), 5 times; returns { statements, ms }. */
async function measure(run) {
  recording = [];
  await run();
  const statements = recording;
  recording = null;
  const sums = [];
  let plans = [];
  for (let i = 0; i < 6; i++) {
    const results = [];
    for (const statement of statements) results.push(await explain(statement));
    if (i > 0) sums.push(results.reduce((a, r) => a + r.ms, 0));
    plans = results;
  }
  return { statements: statements.length, ms: median(sums), plans };
}

/** The requests measured (the first page of each feed, the Book list), with the token lookup of the logged-in ones. */
async function feedCases() {
  const viewer = await one(`SELECT t.user_id AS id, t.key_hash FROM auth_tokens t JOIN users u ON u.id = t.user_id
    WHERE u.is_active AND EXISTS (SELECT 1 FROM post_likes l WHERE l.user_id = u.id) ORDER BY t.id LIMIT 1`);
  const circle = await one(`SELECT c.id FROM circles c JOIN circle_members m ON m.circle_id = c.id WHERE m.user_id = $1 ORDER BY c.post_count DESC LIMIT 1`, [viewer.id]);
  const famous = (await one(`SELECT min(id)::int AS id FROM users`)).id;
  const book = (await one(`SELECT id FROM pages ORDER BY post_count DESC LIMIT 1`)).id;
  const user = markActiveViewer({ id: viewer.id, email: '', language: 'ja', tokenId: 0 }); // as the token guard does
  const page = { index: 0, offset: 0, limit: 10 };
  const token = { text: `SELECT t.id AS token_id, u.id, u.email, u.language, u.is_active FROM auth_tokens t JOIN users u ON u.id = t.user_id WHERE t.key_hash = $1`, values: [viewer.key_hash] };
  void tokens;

  const cases = [
    { name: 'postcc (logged in)', app: () => feeds.home(user, page), auth: true, path: '/api/user/postcc/', params: {} },
    { name: `userpostcc (user ${famous}, heavy)`, app: () => feeds.ofUser(famous, page, undefined), path: '/api/user/userpostcc/', params: { user_id: famous } },
    { name: `monopostcc (Book ${book}, most posts)`, app: () => feeds.ofBook(book, page, undefined), path: '/api/user/monopostcc/', params: { pageId: book } },
    { name: 'likedposts', app: () => feeds.liked(user, page), auth: true, path: '/api/user/likedpostscc/likedposts/', params: {} },
    ...(circle ? [{ name: `communityposts (circle ${circle.id})`, app: () => circles.thread(user, circle.id, page), auth: true, path: `/api/user/communityposts/${circle.id}/`, params: {} }] : []),
    // The Book list, for its share of the feeds' goal (no expert floor: one statement already).
    { name: 'pageccja (Book list)', app: () => books.byLanguage('ja', page, user), auth: true, path: null },
  ];
  return { viewer, token, cases };
}

/** Each request's statements as the app issues them (recorded once): [{ name, statements: [{ text, values }] }]. */
export async function recordFeedStatements() {
  const { token, cases } = await feedCases();
  const out = [];
  for (const c of cases) {
    recording = c.auth ? [token] : [];
    await c.app();
    out.push({ name: c.name, statements: recording });
    recording = null;
  }
  return out;
}

export async function closeExplain() {
  await pool.end();
}

async function main() {
  const { viewer, token, cases } = await feedCases();
  console.log(`Database time per request (EXPLAIN ANALYZE: planning + execution, median of 5), viewer ${viewer.id}\n`);
  console.log(`${'feed'.padEnd(36)}  app stmts  app ms  expert ms`);
  for (const c of cases) {
    const appRun = await measure(async () => {
      if (c.auth) recording.push(token);
      await c.app();
    });
    const q = c.path && expertQuery(c.path, new URLSearchParams(Object.entries({ count: '0', ...c.params }).map(([k, v]) => [k, String(v)])), c.auth ? viewer.key_hash : null, 'http://127.0.0.1');
    const expertRun = q ? await measure(async () => void (await db.query(q.text, q.values))) : null;
    console.log(`${c.name.padEnd(36)}  ${String(appRun.statements).padStart(9)}  ${appRun.ms.toFixed(2).padStart(6)}  ${(expertRun ? expertRun.ms.toFixed(2) : '-').padStart(9)}`);
    if (showPlans) {
      const line = (r) => `${r.ms.toFixed(2)} ms (planning ${r.plan['Planning Time'].toFixed(2)}), ${r.plan.Plan['Shared Hit Blocks'] ?? 0} buffers hit`;
      for (const [i, r] of appRun.plans.entries()) console.log(`  app statement ${i + 1}: ${line(r)}`);
      if (expertRun) console.log(`  expert: ${line(expertRun.plans[0])}`);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
  await pool.end();
}
