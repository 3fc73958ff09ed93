// node scripts/home-feed/qps.mjs FILE.sql '[values]' [clients=2] [seconds=5]: statements/s of a named prepared statement.
import fs from 'node:fs';
import pg from 'pg';
const [file, valuesJson, clients = '2', seconds = '5'] = process.argv.slice(2);
const text = fs.readFileSync(file, 'utf8').replace(/;\s*$/, '');
const values = JSON.parse(valuesJson);
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/homefeed_1m';
const cs = await Promise.all(
  Array.from({ length: Number(clients) }, async () => {
    const c = new pg.Client(url);
    await c.connect();
    return c;
  }),
);
for (const c of cs) for (let i = 0; i < 8; i++) await c.query({ name: 'q', text, values });
let n = 0;
const lat = [];
const end = Date.now() + Number(seconds) * 1000;
await Promise.all(
  cs.map(async (c) => {
    while (Date.now() < end) {
      const t = performance.now();
      await c.query({ name: 'q', text, values });
      lat.push(performance.now() - t);
      n++;
    }
  }),
);
lat.sort((a, b) => a - b);
console.log(`${(n / Number(seconds)).toFixed(0)}/s p50 ${lat[lat.length >> 1].toFixed(2)} ms p99 ${lat[Math.floor(lat.length * 0.99)].toFixed(2)} ms`);
await Promise.all(cs.map((c) => c.end()));
