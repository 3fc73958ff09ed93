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
//
//   --viewer ID   the logged-in requests as user ID (a bench user holding a token); default: the
//                 first bench user who liked something
//   --page N      page N of each list (count=N); default 0
//   --only TEXT   only the requests whose name starts with TEXT (e.g. postcc)
//   --generic     explain the plan PostgreSQL keeps for the prepared statement (its generic plan,
//                 PREPARE + EXPLAIN EXECUTE under plan_cache_mode = force_generic_plan), as the
//                 app's named statements run after their first executions, not a plan made for
//                 the request's values
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { expertQuery } from './expert-floor.mjs';
import { appReadServices } from './floor-support.mjs';

const require = createRequire(import.meta.url);
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
const { markActiveViewer } = require(`${dist}/common/access/access.service.js`);
const { Db } = require(`${dist}/database/db.js`);
const { compileNamed, bindNamed } = require(`${dist}/database/named-params.js`);

const showPlans = process.argv.includes('--plans');
const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const viewerArg = arg('--viewer') === undefined ? undefined : Number(arg('--viewer'));
const pageIndex = Number(arg('--page') ?? 0);
const only = arg('--only');
const generic = process.argv.includes('--generic');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
const one = async (text, values = []) => (await pool.query(text, values)).rows[0];

let recording = null; // statements of the request being explained
/** The app's Db over this pool (unnamed statements), noting each statement as PostgreSQL gets it ($n text, values). */
class RecordingDb extends Db {
  run(source, params, tx) {
    const compiled = compileNamed(source);
    recording?.push({ text: compiled.text, values: bindNamed(compiled, params) });
    return super.run(source, params, tx);
  }
}
const db = Object.setPrototypeOf(Db.overPool(pool, false), RecordingDb.prototype);
const options = { config: { publicUrl: 'http://127.0.0.1', publicUrlConfigured: true } };
// Built as the floors build them (floor-support.mjs; the services' SQL is the app's).
const { tokens, feeds, bookLists, circleThread } = appReadServices((file) => require(`${dist}/${file}`), db, {
  options,
  databaseHandle: { url: process.env.DATABASE_URL },
});

/** A parameter's value written into EXECUTE (the values are numbers, texts without quotes, or null). */
const literal = (v) => (v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

async function explain({ text, values }) {
  if (generic) {
    const client = await pool.connect();
    try {
      await client.query('SET plan_cache_mode = force_generic_plan');
      await client.query(`PREPARE explained AS ${text}`);
      const execute = `EXECUTE explained${values?.length ? `(${values.map(literal).join(', ')})` : ''}`;
      await client.query(execute); // the plan is made here, once, as for a named statement
      const [
        {
          'QUERY PLAN': [plan],
        },
      ] = (await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${execute}`)).rows;
      await client.query('DEALLOCATE explained');
      await client.query('RESET plan_cache_mode');
      return { ms: plan['Planning Time'] + plan['Execution Time'], plan };
    } finally {
      client.release();
    }
  }
  const [
    {
      'QUERY PLAN': [plan],
    },
  ] = (await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values)).rows;
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
  const viewer =
    viewerArg === undefined
      ? await one(`SELECT t.user_id AS id, t.key_hash FROM auth_tokens t JOIN users u ON u.id = t.user_id
          WHERE u.is_active AND EXISTS (SELECT 1 FROM post_likes l WHERE l.user_id = u.id) ORDER BY t.id LIMIT 1`)
      : await one(`SELECT t.user_id AS id, t.key_hash FROM auth_tokens t WHERE t.user_id = $1 ORDER BY t.id LIMIT 1`, [viewerArg]);
  if (!viewer) throw new Error(`no bench token for user ${viewerArg}`);
  const circle = await one(`SELECT c.id FROM circles c JOIN circle_members m ON m.circle_id = c.id WHERE m.user_id = $1 ORDER BY c.post_count DESC LIMIT 1`, [
    viewer.id,
  ]);
  const famous = (await one(`SELECT min(id)::int AS id FROM users`)).id;
  const book = (await one(`SELECT id FROM pages ORDER BY post_count DESC LIMIT 1`)).id;
  const user = markActiveViewer({ id: viewer.id, email: '', language: 'ja', tokenId: 0 }); // as the token guard does
  const page = { index: pageIndex, offset: pageIndex * 10, limit: 10 };
  const token = {
    text: `SELECT t.id AS token_id, u.id, u.email, u.language, u.is_active FROM auth_tokens t JOIN users u ON u.id = t.user_id WHERE t.key_hash = $1`,
    values: [viewer.key_hash],
  };
  void tokens;

  const all = [
    { name: 'postcc (logged in)', app: () => feeds.home(user, page), auth: true, path: '/api/user/postcc/', params: {} },
    {
      name: `userpostcc (user ${famous}, heavy)`,
      app: () => feeds.ofUser(famous, page, undefined),
      path: '/api/user/userpostcc/',
      params: { user_id: famous },
    },
    { name: `monopostcc (Book ${book}, most posts)`, app: () => feeds.ofBook(book, page, undefined), path: '/api/user/monopostcc/', params: { pageId: book } },
    { name: 'likedposts', app: () => feeds.liked(user, page), auth: true, path: '/api/user/likedpostscc/likedposts/', params: {} },
    ...(circle
      ? [
          {
            name: `communityposts (circle ${circle.id})`,
            app: () => circleThread.page(user, circle.id, page),
            auth: true,
            path: `/api/user/communityposts/${circle.id}/`,
            params: {},
          },
        ]
      : []),
    // The Book list, for its share of the feeds' goal (no expert floor: one statement already).
    { name: 'pageccja (Book list)', app: () => bookLists.byLanguage('ja', page, user), auth: true, path: null },
  ];
  const cases = only ? all.filter((c) => c.name.startsWith(only)) : all;
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
  console.log(
    `Database time per request (EXPLAIN ANALYZE${generic ? ' of the generic plans' : ''}: planning + execution, median of 5), viewer ${viewer.id}, page ${pageIndex}\n`,
  );
  console.log(`${'feed'.padEnd(36)}  app stmts  app ms  expert ms`);
  for (const c of cases) {
    const appRun = await measure(async () => {
      if (c.auth) recording.push(token);
      await c.app();
    });
    const q =
      c.path &&
      expertQuery(
        c.path,
        new URLSearchParams(Object.entries({ count: String(pageIndex), ...c.params }).map(([k, v]) => [k, String(v)])),
        c.auth ? viewer.key_hash : null,
        'http://127.0.0.1',
      );
    // The expert's one statement goes straight to the pool: recorded here, or nothing would be explained.
    const expertRun = q
      ? await measure(async () => {
          recording.push({ text: q.text, values: q.values });
          await pool.query(q.text, q.values);
        })
      : null;
    console.log(
      `${c.name.padEnd(36)}  ${String(appRun.statements).padStart(9)}  ${appRun.ms.toFixed(2).padStart(6)}  ${(expertRun ? expertRun.ms.toFixed(2) : '-').padStart(9)}`,
    );
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
