// node scripts/home-feed/explain.mjs FILE.sql '[values]' [--custom] [--costs] : EXPLAIN (ANALYZE, BUFFERS) of the statement in FILE
// as a generic plan of a prepared statement (as the app's named statements run), the 2nd execution explained.
import fs from 'node:fs';
import pg from 'pg';
const [file, valuesJson] = process.argv.slice(2);
const text = fs.readFileSync(file, 'utf8').replace(/;\s*$/, '');
const values = JSON.parse(valuesJson ?? '[]');
const lit = (v) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
const c = new pg.Client({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/homefeed_1m' });
await c.connect();
if (!process.argv.includes('--custom')) await c.query('SET plan_cache_mode = force_generic_plan');
await c.query(`PREPARE s AS ${text}`);
const ex = `EXECUTE s${values.length ? `(${values.map(lit).join(', ')})` : ''}`;
await c.query(ex);
const res = await c.query(`EXPLAIN (ANALYZE, BUFFERS${process.argv.includes('--costs') ? '' : ', COSTS OFF'}) ${ex}`);
const lines = res.rows.map((r) => r['QUERY PLAN']);
if (process.argv.includes('--summary'))
  console.log(lines.filter((l) => /Execution Time|Planning Time/.test(l)).join(' ') + ' | ' + lines.find((l) => l.includes('Buffers:')).trim());
else console.log(lines.join('\n'));
await c.end();
