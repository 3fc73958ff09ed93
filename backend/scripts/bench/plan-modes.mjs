#!/usr/bin/env node
// How each feed's statements fare as prepared statements under each plan_cache_mode: the wall
// time of one execution (median of 40, after 10 unrecorded) over one connection, on a database
// the bench kept. Custom plans (PostgreSQL's choice for these statements: the generic plan's
// estimate with LIMIT $n is far above a custom plan's) are planned again at every execution.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_1m node backend/scripts/bench/plan-modes.mjs
import pg from 'pg';
import { closeExplain, recordFeedStatements } from './explain-feeds.mjs';
import { literalPaging } from './expert-floor.mjs';

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const cases = await recordFeedStatements();
await closeExplain();
const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];
let n = 0;
console.log(
  `${'request'.padEnd(36)}  ${['auto', 'custom', 'generic', 'auto, literal page'].map((m) => m.padStart(18)).join('')}  (ms per request, statements in sequence)`,
);
for (const c of cases) {
  const cells = [];
  for (const mode of ['auto', 'force_custom_plan', 'force_generic_plan', 'literal']) {
    await client.query(`SET plan_cache_mode = ${mode === 'literal' ? 'auto' : mode}`);
    const names = c.statements.map(() => `pm${++n}`);
    const statements =
      mode === 'literal'
        ? c.statements.map((x) =>
            x.values.some((v, i) => v === 10 && x.values[i + 1] === 0)
              ? literalPaging(x, x.values.findIndex((v, i) => v === 10 && x.values[i + 1] === 0) + 1)
              : x,
          )
        : c.statements;
    const times = [];
    for (let i = 0; i < 50; i++) {
      const t = process.hrtime.bigint();
      for (const [k, s] of statements.entries()) await client.query({ name: names[k], text: s.text, values: s.values });
      if (i >= 10) times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    cells.push(median(times).toFixed(2));
  }
  console.log(`${c.name.padEnd(36)}  ${cells.map((x) => x.padStart(18)).join('')}`);
}
await client.end();
