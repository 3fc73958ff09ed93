// The results table on the terminal and the JSON file in backend/bench-results/.
import * as fs from 'node:fs';
import * as path from 'node:path';

const fmt = (n, digits = 0) => (n === undefined || n === null || Number.isNaN(n) ? '-' : Number(n).toFixed(digits));

export function printTable(results) {
  const rows = [['scenario', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors']];
  for (const r of results) {
    if (r.failed) rows.push([r.name, 'FAILED', '', '', '', '']);
    else rows.push([r.name, fmt(r.requests.perSecondMean), fmt(r.latencyMs.p50), fmt(r.latencyMs.p99), String(r.non2xx), String(r.errors + (r.timeouts ? ` (${r.timeouts} timeouts)` : ''))]);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  const line = (row) => row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  console.log(line(rows[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
  for (const r of results.filter((x) => x.failed)) {
    console.log(`\n${r.name} was not measured, its check failed:\n  ${r.failed.join('\n  ')}`);
  }
}

export function writeResults(dir, kind, report) {
  fs.mkdirSync(dir, { recursive: true });
  const stamp = new Date(report.startedAt).toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  const file = path.join(dir, `${stamp}-${kind}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
