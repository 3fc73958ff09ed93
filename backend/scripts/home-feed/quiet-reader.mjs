// The scan's worst case: a reader of ~100 quiet people (none of the popular accounts), whose feed is
// too thin for the scan's cap, so the statement scans to the cap and then merges. In a transaction
// rolled back: user 50000 (follows ~20 people, not the popular ones) follows 80 more.
import fs from 'node:fs';
import pg from 'pg';
const c = new pg.Client(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/homefeed_1m');
await c.connect();
const v = 50000;
await c.query('BEGIN');
await c.query(
  `INSERT INTO follow_requests (ask_from, ask_to, approved) SELECT $1, 20000 + g * 37, true FROM generate_series(1, 80) g ON CONFLICT (ask_from, ask_to) DO NOTHING`,
  [v],
);
const n = (await c.query(`SELECT count(*)::int AS n FROM follow_requests WHERE ask_from = $1 AND approved AND ask_to <= 5`, [v])).rows[0].n;
const f = (await c.query(`SELECT count(*)::int AS n FROM follow_requests WHERE ask_from = $1 AND approved`, [v])).rows[0].n;
console.log(`user ${v}: follows ${f} people, ${n} of them popular`);
await c.query('SET LOCAL plan_cache_mode = force_generic_plan');
for (const [name, file] of [
  ["main's merge + totals", 'old-page-p0.sql'],
  ['app (scan tried or not, merge) + totals', 'app-new-page-p0.sql'],
  ["main's merge + totals, page 3", 'old-page-p3.sql'],
  ['app + totals, page 3', 'app-new-page-p3.sql'],
]) {
  const text = fs.readFileSync(`scripts/home-feed/${file}`, 'utf8');
  await c.query(`PREPARE s AS ${text}`);
  await c.query(`EXECUTE s(${v})`);
  const times = [];
  let plan;
  for (let i = 0; i < 5; i++) {
    plan = (await c.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE s(${v})`)).rows[0]['QUERY PLAN'][0];
    times.push(plan['Execution Time']);
  }
  times.sort((a, b) => a - b);
  // Without EXPLAIN's per-row timing: 300 executions on this connection, wall time.
  const t0 = performance.now();
  for (let i = 0; i < 300; i++) await c.query(`EXECUTE s(${v})`);
  const each = (performance.now() - t0) / 300;
  console.log(
    `${name}: ${plan.Plan['Shared Hit Blocks']} buffers, EXPLAIN ${times[2].toFixed(2)} ms (median of 5), ${each.toFixed(3)} ms a statement (300 in a row, round trip included)`,
  );
  await c.query('DEALLOCATE s');
}
await c.query('ROLLBACK');
await c.end();
