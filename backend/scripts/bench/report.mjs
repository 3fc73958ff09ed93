// The results table on the terminal and the JSON file in backend/bench-results/.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { median } from './run.mjs';

const fmt = (n, digits = 0) => (n === undefined || n === null || Number.isNaN(n) ? '-' : Number(n).toFixed(digits));

/** The goals every read endpoint is held to (issue 10): share of the floor's req/s, p99 over the floor's. */
export const GOALS = { reqPerSec: 0.75, reqPerSecExpress: 0.7, p99: 1.5 };

/** app / floor: req/s as a share of the floor's, p99 as a multiple of the floor's. */
export function ratios(app, floor) {
  // A floor that completed nothing (every request timed out) gives no ratio.
  if (!app || app.failed || !floor || floor.failed || !(floor.requests.perSecondMean > 0)) return null;
  const reqPerSec = app.requests.perSecondMean / floor.requests.perSecondMean;
  const p99 = app.latencyMs.p99 / Math.max(floor.latencyMs.p99, 1);
  const cpu = app.cpuMsPerRequest && floor.cpuMsPerRequest ? app.cpuMsPerRequest / floor.cpuMsPerRequest : null;
  return { reqPerSec, p99, cpu };
}

/**
 * The ratios of a scenario measured in rounds (app and floor, round by round, next to each
 * other in time): req/s and p99 the medians of the rounds' ratios, CPU per request over all of it.
 */
export function roundRatios(appRounds, floorRounds) {
  const pairs = appRounds.map((app, i) => ratios(app, floorRounds[i]));
  if (pairs.some((r) => r === null)) return null;
  const appCpu = appRounds.every((r) => r.cpuMs !== null) ? appRounds.reduce((a, r) => a + r.cpuMs, 0) / appRounds.reduce((a, r) => a + r.requests.total, 0) : null;
  const floorCpu = floorRounds.every((r) => r.cpuMs !== null) ? floorRounds.reduce((a, r) => a + r.cpuMs, 0) / floorRounds.reduce((a, r) => a + r.requests.total, 0) : null;
  return {
    reqPerSec: median(pairs.map((r) => r.reqPerSec)),
    p99: median(pairs.map((r) => r.p99)),
    cpu: appCpu && floorCpu ? appCpu / floorCpu : null,
    rounds: pairs.map((r) => ({ reqPerSec: r.reqPerSec, p99: r.p99 })),
  };
}

export function meetsGoal(result) {
  if (!result.ratio) return null;
  const share = result.floorKind === 'express' ? GOALS.reqPerSecExpress : GOALS.reqPerSec;
  // /healthz is held to its req/s share only (its p99 is a few ms, where one scheduling hiccup is 2x).
  return result.ratio.reqPerSec >= share && (result.floorKind === 'express' || result.ratio.p99 <= GOALS.p99);
}

export function printTable(results) {
  const rows = [['scenario', 'req/s', 'floor', 'share', 'p50 ms', 'p99 ms', 'floor p99', 'p99 x', 'cpu us', 'floor cpu', 'goal', 'non-2xx', 'errors']];
  for (const r of results) {
    if (r.failed) {
      rows.push([r.name, 'FAILED', ...Array(12).fill('')]);
      continue;
    }
    const f = r.floor && !r.floor.failed ? r.floor : null;
    const goal = meetsGoal(r);
    rows.push([
      r.name,
      fmt(r.requests.perSecondMean),
      f ? fmt(f.requests.perSecondMean) : r.floor?.failed ? 'FAILED' : '-',
      r.ratio ? `${fmt(r.ratio.reqPerSec * 100)}%` : '-',
      fmt(r.latencyMs.p50),
      fmt(r.latencyMs.p99),
      f ? fmt(f.latencyMs.p99) : '-',
      r.ratio ? fmt(r.ratio.p99, 2) : '-',
      r.cpuMsPerRequest ? fmt(r.cpuMsPerRequest * 1000) : '-',
      f?.cpuMsPerRequest ? fmt(f.cpuMsPerRequest * 1000) : '-',
      goal === null ? '-' : goal ? 'ok' : 'BELOW',
      String(r.non2xx),
      String(r.errors + (r.timeouts ? ` (${r.timeouts} timeouts)` : '')),
    ]);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  const line = (row) => row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  console.log(line(rows[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
  console.log(
    `\nfloor: the same scenario on a bare server (Express + helmet for /healthz; node:http + pg running the app's own services otherwise), same run.` +
      `\nshare, p99 x: medians of the per-round ratios (floor and app measured one after the other in each round); req/s and p99 ms over all rounds.` +
      `\ncpu us: CPU time of the server process per request (the app's, then the floor's); with PostgreSQL the database's CPU is not in it.` +
      `\ngoal: req/s >= ${GOALS.reqPerSec * 100}% of the floor (${GOALS.reqPerSecExpress * 100}% for Express) and p99 <= ${GOALS.p99}x the floor's.`,
  );
  for (const r of results.filter((x) => x.failed)) {
    console.log(`\n${r.name} was not measured, its check failed:\n  ${r.failed.join('\n  ')}`);
  }
  for (const r of results.filter((x) => x.floor?.failed)) {
    console.log(`\nthe floor of ${r.name} was not measured, its check failed:\n  ${r.floor.failed.join('\n  ')}`);
  }
}

export function writeResults(dir, kind, report) {
  fs.mkdirSync(dir, { recursive: true });
  const stamp = new Date(report.startedAt).toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  const file = path.join(dir, `${stamp}-${kind}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
