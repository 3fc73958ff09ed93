// The check of issue 43's new home page statement: for the bench's readers (popular 10, many 205,
// books 194, newcomer 184, and any given), pages 0–3, the app's statement (dist, FeedsService.homePageSql)
// answers the same ids in the same order as today's merge (scripts/home-feed/home-sql.mjs oldPageSql, the
// statement of main before this change), plus which way it took (scan or merge).
//   DATABASE_URL=… node scripts/home-feed/check-same.mjs [viewer ids…]
import pg from 'pg';
import { appSql, oldSql } from './gen-app.mjs';
import { oldPageSql } from './home-sql.mjs';
const c = new pg.Client(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/homefeed_1m');
await c.connect();
const viewers = process.argv
  .slice(2)
  .filter((a) => !a.startsWith('--'))
  .map(Number);
let bad = 0;
// --perturb: in a transaction rolled back afterwards, each viewer blocks the author of their
// feed's newest post, is blocked by the next one's author, mutes the third's, and the fourth
// post is hidden by a moderator; the statements must still agree.
const perturb = process.argv.includes('--perturb');
if (perturb) await c.query('BEGIN');
for (const v of viewers.length ? viewers : [10, 205, 194, 184]) {
  if (perturb) {
    const top = (
      await c.query(`SELECT p.id, p.user_id FROM (${oldPageSql('$1', '20', '0')}) x JOIN posts p ON p.id = x.id WHERE p.user_id <> $1 ORDER BY p.id DESC`, [v])
    ).rows;
    const authors = [...new Set(top.map((r) => r.user_id))];
    if (authors[0]) await c.query(`INSERT INTO user_blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [v, authors[0]]);
    if (authors[1]) await c.query(`INSERT INTO user_blocks (blocker_id, blocked_id) VALUES ($2, $1) ON CONFLICT DO NOTHING`, [v, authors[1]]);
    if (authors[2]) await c.query(`INSERT INTO user_mutes (muter_id, muted_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [v, authors[2]]);
    const rest = top.filter((r) => !authors.slice(0, 3).includes(r.user_id));
    if (rest[0]) await c.query(`UPDATE posts SET hidden = true WHERE id = $1`, [rest[0].id]);
    console.log(`viewer ${v}: blocked ${authors[0]}, blocked by ${authors[1]}, muted ${authors[2]}, hid post ${rest[0]?.id}`);
  }
  for (const page of [0, 1, 2, 3]) {
    const [limit, offset] = ['10', String(page * 10)];
    const app = appSql(limit, offset);
    const ids = async (text) =>
      (await c.query(`SELECT coalesce(array_agg(id ORDER BY sort_key DESC) FILTER (WHERE id IS NOT NULL), '{}') AS ids FROM (${text}) x`, [v])).rows[0].ids;
    const [a, b] = [await ids(app), await ids(oldSql(limit, offset))];
    // Which way: the scan's branch of the page ran (its one-time filter passed) or the merge's.
    const plan = (await c.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${app}`, [v])).rows.map((r) => r['QUERY PLAN']).join('\n');
    const scan = /CTE Scan on home_scan \(actual rows=[1-9]/.test(plan);
    const same = JSON.stringify(a) === JSON.stringify(b);
    if (!same) bad++;
    console.log(
      `viewer ${v} page ${page}: ${same ? 'same' : 'DIFFERENT'} (${a.length} ids, ${scan ? 'scan' : 'merge'})${same ? '' : `\n  new ${a}\n  old ${b}`}`,
    );
  }
}
if (perturb) await c.query('ROLLBACK');
await c.end();
process.exit(bad ? 1 : 0);
