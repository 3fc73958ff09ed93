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
  const appCpu = appRounds.every((r) => r.cpuMs !== null)
    ? appRounds.reduce((a, r) => a + r.cpuMs, 0) / appRounds.reduce((a, r) => a + r.requests.total, 0)
    : null;
  const floorCpu = floorRounds.every((r) => r.cpuMs !== null)
    ? floorRounds.reduce((a, r) => a + r.cpuMs, 0) / floorRounds.reduce((a, r) => a + r.requests.total, 0)
    : null;
  return {
    reqPerSec: median(pairs.map((r) => r.reqPerSec)),
    p99: median(pairs.map((r) => r.p99)),
    cpu: appCpu && floorCpu ? appCpu / floorCpu : null,
    rounds: pairs.map((r) => ({ reqPerSec: r.reqPerSec, p99: r.p99 })),
  };
}

/** The first place where two parsed JSON values differ ('' when they are equal). */
function firstDifference(a, b, at = '') {
  if (a === b) return '';
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object' || Array.isArray(a) !== Array.isArray(b)) {
    return `${at || '(top)'}: ${JSON.stringify(a)?.slice(0, 80)} vs ${JSON.stringify(b)?.slice(0, 80)}`;
  }
  if (Array.isArray(a) && a.length !== b.length) return `${at}.length: ${a.length} vs ${b.length}`;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  for (const key of keys) {
    if (!(key in a) || !(key in b)) return `${at}.${key}: only in the ${key in a ? 'app' : 'floor'}'s answer`;
    const d = firstDifference(a[key], b[key], `${at}.${key}`);
    if (d) return d;
  }
  return '';
}

/**
 * Compares the app's sampled answers with a floor's (Maps of url → { status, json }): null when
 * all are deep-equal (and the app's have posts), else where the first difference is.
 */
export function compareSamples(app, floor) {
  if (!app || !floor) return 'not sampled';
  if (![...app.values()].some((a) => Array.isArray(a.json?.res) && a.json.res.length > 0)) return 'the app answered no post to compare';
  for (const [url, a] of app) {
    const f = floor.get(url);
    if (!f) return `${url}: not asked of the floor`;
    if (a.status !== f.status) return `${url}: status ${a.status} vs ${f.status}`;
    const d = firstDifference(a.json, f.json);
    if (d) return `${url} ${d}`;
  }
  return null;
}

export function meetsGoal(result) {
  if (!result.ratio) return null;
  const share = result.floorKind === 'express' ? GOALS.reqPerSecExpress : GOALS.reqPerSec;
  // /healthz is held to its req/s share only (its p99 is a few ms, where one scheduling hiccup is 2x).
  return result.ratio.reqPerSec >= share && (result.floorKind === 'express' || result.ratio.p99 <= GOALS.p99);
}

export function printTable(results) {
  const rows = [['scenario', 'req/s', 'floor', 'share', 'p50 ms', 'p99 ms', 'floor p99', 'p99 x', 'cpu us', 'floor cpu', 'goal', 'non-2xx', 'errors']];
  const expertRows = [['scenario', 'req/s', 'expert', 'share', 'p99 ms', 'expert p99', 'p99 x', 'cpu us', 'expert cpu', 'goal', 'SQL floor', 'SQL/expert']];
  for (const r of results) {
    if (r.failed) {
      rows.push([r.name, 'FAILED', ...Array(12).fill('')]);
      continue;
    }
    if (r.expert) {
      const e = r.expert.failed ? null : r.expert;
      const f = r.floor && !r.floor.failed ? r.floor : null;
      expertRows.push([
        r.name,
        fmt(r.requests.perSecondMean),
        e ? fmt(e.requests.perSecondMean) : 'FAILED',
        r.expertRatio ? `${fmt(r.expertRatio.reqPerSec * 100)}%` : '-',
        fmt(r.latencyMs.p99),
        e ? fmt(e.latencyMs.p99) : '-',
        r.expertRatio ? fmt(r.expertRatio.p99, 2) : '-',
        r.cpuMsPerRequest ? fmt(r.cpuMsPerRequest * 1000) : '-',
        e?.cpuMsPerRequest ? fmt(e.cpuMsPerRequest * 1000) : '-',
        r.meetsExpertGoal === null || r.meetsExpertGoal === undefined ? '-' : r.meetsExpertGoal ? 'ok' : 'BELOW',
        f ? fmt(f.requests.perSecondMean) : '-',
        e && f ? `${fmt((100 * f.requests.perSecondMean) / e.requests.perSecondMean)}%` : '-',
      ]);
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
  const show = (table) => {
    const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
    const line = (row) => row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
    console.log(line(table[0]));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const row of table.slice(1)) console.log(line(row));
  };
  show(rows);
  if (expertRows.length > 1) {
    console.log("\nThe feeds against their expert floor (one hand-written statement per request, its answers checked equal to the app's):\n");
    show(expertRows);
  }
  console.log(
    `\nfloor: the same scenario on a bare server (Express + helmet for /healthz; node:http + pg running the app's own services otherwise; for a feed, the SQL floor: the app's statements and packers), same run.` +
      `\nexpert: the feed's JSON from one hand-written statement (scripts/bench/expert-floor.mjs) on node:http + pg, same run; SQL/expert: the SQL floor's req/s as a share of the expert's.` +
      `\nshare, p99 x: medians of the per-round ratios (floor and app measured one after the other in each round); req/s and p99 ms over all rounds.` +
      `\ncpu us: CPU time of the server process per request (the app's, then the floor's); with PostgreSQL the database's CPU is not in it.` +
      `\ngoal: req/s >= ${GOALS.reqPerSec * 100}% of the floor (${GOALS.reqPerSecExpress * 100}% for Express) and p99 <= ${GOALS.p99}x the floor's.`,
  );
  for (const r of results.filter((x) => x.failed)) {
    console.log(`\n${r.name} was not measured, its check failed:\n  ${r.failed.join('\n  ')}`);
  }
  for (const r of results.filter((x) => x.expert?.failed)) {
    console.log(`\nthe expert floor of ${r.name} is not compared: ${r.expert.failed.join('; ')}`);
  }
  for (const r of results.filter((x) => x.floor?.failed)) {
    console.log(`\nthe floor of ${r.name} was not measured, its check failed:\n  ${r.floor.failed.join('\n  ')}`);
  }
}

export function writeResults(dir, kind, report) {
  fs.mkdirSync(dir, { recursive: true });
  const stamp = new Date(report.startedAt)
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  const file = path.join(dir, `${stamp}-${kind}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
