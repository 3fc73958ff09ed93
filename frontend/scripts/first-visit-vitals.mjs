#!/usr/bin/env node
// LCP and total blocking time of a first visit on a throttled phone profile (CDP: 4x CPU
// slowdown, DevTools' "slow 4G": 562.5 ms latency, 1.47 Mbit/s down, 675 kbit/s up), for the
// screens people arrive on. Not a test: run it against a running server and read the figures.
//
//   npm exec -- node frontend/scripts/first-visit-vitals.mjs http://127.0.0.1:3000 /recommend /mono/1 [--runs 3]
//
// Each path is opened --runs times (default 3) in a fresh context (nothing cached or stored,
// Japanese locale, Pixel 5 viewport) until the network is idle and 2 s more bring no request; each
// run and the medians are printed. TBT: the part over 50 ms of each long task after the first
// contentful paint. CLS: the largest session window of layout shifts (gaps under 1 s, at most
// 5 s), as web-vitals counts it. Each run also says what the LCP element was, when the first web
// font file was asked for and how many font files came (ms from the navigation's start), and the
// CLS of the shifts from then on (what the swap to the web font moves). This machine may have no
// Japanese font: the text is drawn in boxes until the web font comes. As a phone (Android: Noto
// Sans CJK JP), point FONTCONFIG_FILE at a fontconfig file that adds one (docs/benchmarks.md).
import { chromium, devices } from '@playwright/test';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
const [base, ...paths] = args;
if (!base || !paths.length) {
  console.error('usage: first-visit-vitals.mjs <base URL> <path>... [--runs N]');
  process.exit(2);
}

// Long tasks and layout shifts are recorded from the start (an observer made later does not get them all).
const observeLongTasks = () => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push({ start: e.startTime, value: e.value });
  }).observe({ type: 'layout-shift', buffered: true });
};

// LCP (and its element) and FCP from the browser's buffer, CLS's session windows, the font files; read at the end.
const readVitals = () =>
  new Promise((resolve) => {
    const out = { lcp: 0, fcp: 0, longTasks: window.__longTasks ?? [], cls: 0, clsFonts: 0, lcpElement: '', firstFont: null, fonts: 0 };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const at = e.renderTime || e.loadTime || e.startTime;
        if (at < out.lcp) continue;
        out.lcp = at;
        const el = e.element;
        out.lcpElement = e.url
          ? `${el?.tagName.toLowerCase() ?? '?'} ${new URL(e.url).pathname.replace(/^.*\//, '')}`
          : `${el?.tagName.toLowerCase() ?? '?'} "${(el?.textContent ?? '').trim().slice(0, 16)}"`;
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    out.fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const cls = (shifts) => {
      let worst = 0;
      let window_ = 0;
      let first = 0;
      let last = -Infinity;
      for (const s of shifts) {
        if (s.start - last > 1000 || s.start - first > 5000) (window_ = 0), (first = s.start);
        window_ += s.value;
        last = s.start;
        worst = Math.max(worst, window_);
      }
      return worst;
    };
    const fonts = performance.getEntriesByType('resource').filter((r) => /\.woff2?(\?|$)/.test(r.name));
    out.fonts = fonts.length;
    out.firstFont = fonts.length ? Math.min(...fonts.map((r) => r.startTime)) : null;
    out.cls = cls(window.__shifts ?? []);
    // The shifts from the first font file on: what the swap to the web font moves.
    out.clsFonts = out.firstFont === null ? 0 : cls((window.__shifts ?? []).filter((s) => s.start >= out.firstFont));
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
    let fontFiles = 0;
    page.on('request', (request) => (requests++, open++, /\.woff2?(\?|$)/.test(request.url()) && fontFiles++));
    page.on('requestfinished', () => open--);
    page.on('requestfailed', () => open--);
    const started = Date.now();
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle', timeout: 120_000 });
    // Half a second without a request is not the end on a throttled phone: while the CPU renders
    // the app shell the network can rest that long before the route's code, its data and its
    // images are asked for (then LCP was read before the Book's cover had even been requested).
    // Done when nothing is on its way and 2 s more bring no new request. The web font is attached
    // after the first screen (src/app/web-font.ts: at the latest 10 s after the load event): a run
    // waits for its files up to 30 s, so that CLS counts the swap and TBT its work.
    let idleMs = Date.now() - started;
    const fontsDue = () => fontFiles === 0 && Date.now() - started < 30_000;
    for (let seen = -1; (seen !== requests || open > 0 || fontsDue()) && Date.now() - started < 60_000; ) {
      seen = requests;
      await page.waitForTimeout(open > 0 ? 250 : 2_000);
      if (seen !== requests || open > 0) idleMs = Date.now() - started;
    }
    const v = await page.evaluate(readVitals);
    const tbt = v.longTasks.filter((t) => t.start + t.duration > v.fcp).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
    results.push({ lcp: v.lcp, fcp: v.fcp, tbt, cls: v.cls, idleMs });
    const font = v.fonts ? `${v.fonts} font files from ${Math.round(v.firstFont)} ms (CLS from then ${v.clsFonts.toFixed(3)})` : 'no font files';
    console.log(`  ${path} run ${i + 1}: LCP ${Math.round(v.lcp)} ms (${v.lcpElement}), FCP ${Math.round(v.fcp)} ms, TBT ${Math.round(tbt)} ms, CLS ${v.cls.toFixed(3)}, ${font}, idle after ${idleMs} ms`);
    await context.close();
  }
  const m = (key) => Math.round(median(results.map((r) => r[key])));
  const cls = median(results.map((r) => r.cls)).toFixed(3);
  console.log(`${path}: LCP ${m('lcp')} ms, FCP ${m('fcp')} ms, TBT ${m('tbt')} ms, CLS ${cls}, network idle after ${m('idleMs')} ms (median of ${runs})`);
}
await browser.close();
