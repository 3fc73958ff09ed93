#!/usr/bin/env node
// LCP and total blocking time of a first visit on a throttled phone profile (CDP: 4x CPU
// slowdown, DevTools' "slow 4G": 562.5 ms latency, 1.47 Mbit/s down, 675 kbit/s up), for the
// screens people arrive on. Not a test: run it against a running server and read the figures.
//
//   npm exec -- node frontend/scripts/first-visit-vitals.mjs http://127.0.0.1:3000 /recommend /mono/1 [--runs 3]
//
// Each path is opened --runs times (default 3) in a fresh context (nothing cached or stored,
// Japanese locale, Pixel 5 viewport) until the network is idle and 2 s more bring no request; the medians are
// printed. TBT: the part over 50 ms of each long task after the first contentful paint.
import { chromium, devices } from '@playwright/test';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
const [base, ...paths] = args;
if (!base || !paths.length) {
  console.error('usage: first-visit-vitals.mjs <base URL> <path>... [--runs N]');
  process.exit(2);
}

// Long tasks are recorded from the start (an observer made later does not get them all).
const observeLongTasks = () => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
};

// LCP and FCP from the browser's buffer, read at the end.
const readVitals = () =>
  new Promise((resolve) => {
    const out = { lcp: 0, fcp: 0, longTasks: window.__longTasks ?? [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) out.lcp = Math.max(out.lcp, e.renderTime || e.loadTime || e.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    out.fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    setTimeout(() => resolve(out), 100);
  });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];
for (const path of paths) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ ...devices['Pixel 5'], locale: 'ja-JP' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(observeLongTasks);
    let requests = 0;
    let open = 0;
    page.on('request', () => (requests++, open++));
    page.on('requestfinished', () => open--);
    page.on('requestfailed', () => open--);
    const started = Date.now();
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle', timeout: 120_000 });
    // Half a second without a request is not the end on a throttled phone: while the CPU renders
    // the app shell the network can rest that long before the route's code, its data and its
    // images are asked for (then LCP was read before the Book's cover had even been requested).
    // Done when nothing is on its way and 2 s more bring no new request.
    let idleMs = Date.now() - started;
    for (let seen = -1; (seen !== requests || open > 0) && Date.now() - started < 60_000; ) {
      seen = requests;
      await page.waitForTimeout(open > 0 ? 250 : 2_000);
      if (seen !== requests || open > 0) idleMs = Date.now() - started;
    }
    const v = await page.evaluate(readVitals);
    const tbt = v.longTasks.filter((t) => t.start + t.duration > v.fcp).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
    results.push({ lcp: v.lcp, fcp: v.fcp, tbt, idleMs });
    await context.close();
  }
  const m = (key) => Math.round(median(results.map((r) => r[key])));
  console.log(`${path}: LCP ${m('lcp')} ms, FCP ${m('fcp')} ms, TBT ${m('tbt')} ms, network idle after ${m('idleMs')} ms (median of ${runs})`);
}
await browser.close();
