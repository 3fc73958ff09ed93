#!/usr/bin/env node
// LCP, CLS and total blocking time of a first visit on a throttled phone, for the screens people
// arrive on, under the conditions of issue 37: 4x CPU slowdown (CDP), 150 ms round trip, 1.6 Mbit/s
// down (750 kbit/s up), a 360x740 phone screen (DPR 3, touch), nothing cached, Japanese; median of 5.
// Not a test: run it against running servers and read the figures.
//
//   node frontend/scripts/first-visit-vitals.mjs http://127.0.0.1:3000 /recommend /mono/1 [--runs 5]
//   node frontend/scripts/first-visit-vitals.mjs http://127.0.0.1:3231,http://127.0.0.1:3232 / /mono/1 [--trace]
//
// Several base URLs (comma-separated) are measured side by side: per path, each round opens the
// path once on each server in turn (alternating, so machine load falls on both alike), and each
// server's medians are printed. --trace also prints each run's network waterfall (when each
// request was sent and finished, its priority and bytes on the wire, ms from the navigation's
// start), the LCP element's resource, and the layout shifts with the elements that moved.
//
// Each path is opened --runs times (default 5) in a fresh context (nothing cached or stored,
// Japanese locale) until the network is idle and 2 s more bring no request; each
// run and the medians are printed. TBT: the part over 50 ms of each long task after the first
// contentful paint. CLS: the largest session window of layout shifts (gaps under 1 s, at most
// 5 s), as web-vitals counts it. Each run also says what the LCP element was, when the first web
// font file was asked for and how many font files came (ms from the navigation's start), and the
// CLS of the shifts from then on (what the swap to the web font moves), and the time to the
// document's first byte (a page the server renders anew before answering shows there). This machine may have no
// Japanese font: the text is drawn in boxes until the web font comes. As a phone (Android: Noto
// Sans CJK JP), point FONTCONFIG_FILE at a fontconfig file that adds one (docs/benchmarks.md).
import { chromium, devices } from '@playwright/test';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 5;
const traceAt = args.indexOf('--trace');
const trace = traceAt >= 0 && Boolean(args.splice(traceAt, 1));
const [baseList, ...paths] = args;
if (!baseList || !paths.length) {
  console.error('usage: first-visit-vitals.mjs <base URL>[,<base URL>...] <path>... [--runs N] [--trace]');
  process.exit(2);
}
const bases = baseList.split(',');

/** Issue 37's phone: 4x CPU, 150 ms RTT, 1.6 Mbit/s down, 360x740. (Not DevTools' "slow 4G": 562.5 ms, 1.47 Mbit/s.) */
const PHONE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downBytesPerSecond: 1_600_000 / 8,
  upBytesPerSecond: 750_000 / 8,
  context: {
    userAgent: devices['Pixel 5'].userAgent,
    viewport: { width: 360, height: 740 },
    screen: { width: 360, height: 740 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'ja-JP',
  },
};

// Long tasks and layout shifts are recorded from the start (an observer made later does not get them all).
const observeLongTasks = () => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  window.__shifts = [];
  new PerformanceObserver((list) => {
    // (With the elements that moved, described when the shift is seen: they may be gone later.)
    const describe = (node) => {
      if (!node || node.nodeType !== 1) return node?.nodeName ?? '?';
      const cls =
        typeof node.className === 'string'
          ? node.className
              .split(/\s+/)
              .filter((c) => c && !/^css-/.test(c))
              .slice(0, 2)
              .join('.')
          : '';
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${cls ? `.${cls}` : ''} "${(node.textContent ?? '').trim().slice(0, 24)}"`;
    };
    const rect = (r) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      const sources = (e.sources ?? []).map((src) => `${describe(src.node)} ${rect(src.previousRect)} -> ${rect(src.currentRect)}`);
      window.__shifts.push({ start: e.startTime, value: e.value, sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

// LCP (and its element) and FCP from the browser's buffer, CLS's session windows, the font files; read at the end.
const readVitals = () =>
  new Promise((resolve) => {
    const out = {
      lcp: 0,
      fcp: 0,
      longTasks: window.__longTasks ?? [],
      cls: 0,
      clsFonts: 0,
      lcpElement: '',
      lcpUrl: '',
      firstFont: null,
      fonts: 0,
      shifts: window.__shifts ?? [],
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const at = e.renderTime || e.loadTime || e.startTime;
        if (at < out.lcp) continue;
        out.lcp = at;
        out.lcpUrl = e.url;
        const el = e.element;
        out.lcpElement = e.url
          ? `${el?.tagName.toLowerCase() ?? '?'} ${new URL(e.url).pathname.replace(/^.*\//, '')}`
          : `${el?.tagName.toLowerCase() ?? '?'} "${(el?.textContent ?? '').trim().slice(0, 16)}"`;
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    out.fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    out.ttfb = performance.getEntriesByType('navigation')[0]?.responseStart ?? 0;
    const cls = (shifts) => {
      let worst = 0;
      let window_ = 0;
      let first = 0;
      let last = -Infinity;
      for (const s of shifts) {
        if (s.start - last > 1000 || s.start - first > 5000) ((window_ = 0), (first = s.start));
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

/** One first visit of base + path on the throttled phone: its figures (and with --trace its waterfall). */
async function visit(base, path) {
  const context = await browser.newContext(PHONE.context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: PHONE.downBytesPerSecond,
    uploadThroughput: PHONE.upBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  await page.addInitScript(observeLongTasks);
  // The waterfall, from the DevTools protocol (seconds since an arbitrary origin: made relative to the document's request).
  const net = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!net.has(e.requestId)) net.set(e.requestId, { url: e.request.url, sent: e.timestamp, priority: e.request.initialPriority, type: e.type, bytes: 0 });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = net.get(e.requestId);
    if (r) ((r.firstByte = e.timestamp), (r.status = e.response.status));
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = net.get(e.requestId);
    if (r) ((r.done = e.timestamp), (r.bytes = e.encodedDataLength));
  });
  cdp.on('Network.resourceChangedPriority', (e) => {
    const r = net.get(e.requestId);
    if (r) r.priority += `->${e.newPriority}`;
  });
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
  for (let seen = -1; (seen !== requests || open > 0 || fontsDue()) && Date.now() - started < 60_000;) {
    seen = requests;
    await page.waitForTimeout(open > 0 ? 250 : 2_000);
    if (seen !== requests || open > 0) idleMs = Date.now() - started;
  }
  const v = await page.evaluate(readVitals);
  const tbt = v.longTasks.filter((t) => t.start + t.duration > v.fcp).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
  const font = v.fonts ? `${v.fonts} font files from ${Math.round(v.firstFont)} ms (CLS from then ${v.clsFonts.toFixed(3)})` : 'no font files';
  const line = `LCP ${Math.round(v.lcp)} ms (${v.lcpElement}), TTFB ${Math.round(v.ttfb)} ms, FCP ${Math.round(v.fcp)} ms, TBT ${Math.round(tbt)} ms, CLS ${v.cls.toFixed(3)}, ${font}, idle after ${idleMs} ms`;
  let details = '';
  if (trace) {
    const all = [...net.values()].filter((r) => !r.url.startsWith('data:'));
    const origin = Math.min(...all.map((r) => r.sent));
    const ms = (t) => (t === undefined ? '   -  ' : String(Math.round((t - origin) * 1000)).padStart(6));
    const rows = all
      .sort((a, b) => a.sent - b.sent)
      .map((r) => {
        const name = r.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 90);
        const lcp = v.lcpUrl && r.url === v.lcpUrl ? '  <- LCP' : '';
        return `      ${ms(r.sent)} ${ms(r.firstByte)} ${ms(r.done)} ${String(r.bytes).padStart(7)} B ${r.priority.padEnd(12)} ${(r.type ?? '').padEnd(10)} ${name}${lcp}`;
      });
    const bytes = all.reduce((sum, r) => sum + r.bytes, 0);
    const shifts = v.shifts.map((s) => `      shift ${Math.round(s.start)} ms ${s.value.toFixed(4)}: ${s.sources.join(' | ')}`);
    details = ['      sent  1st-B   done    bytes  priority     type       url', ...rows, `      ${all.length} requests, ${bytes} B`, ...shifts].join('\n');
  }
  await context.close();
  return { lcp: v.lcp, ttfb: v.ttfb, fcp: v.fcp, tbt, cls: v.cls, idleMs, line, details };
}

for (const path of paths) {
  const results = new Map(bases.map((base) => [base, []]));
  for (let i = 0; i < runs; i++) {
    // Alternating: in round i the servers take turns, the first one first in even rounds.
    const order = i % 2 ? [...bases].reverse() : bases;
    for (const base of order) {
      const r = await visit(base, path);
      results.get(base).push(r);
      console.log(`  ${bases.length > 1 ? `${base} ` : ''}${path} run ${i + 1}: ${r.line}`);
      if (r.details) console.log(r.details);
    }
  }
  for (const [base, list] of results) {
    const m = (key) => Math.round(median(list.map((r) => r[key])));
    const cls = median(list.map((r) => r.cls)).toFixed(3);
    const all = list.map((r) => Math.round(r.lcp)).join(', ');
    console.log(
      `${bases.length > 1 ? `${base} ` : ''}${path}: LCP ${m('lcp')} ms (${all}), TTFB ${m('ttfb')} ms, FCP ${m('fcp')} ms, TBT ${m('tbt')} ms, CLS ${cls} (${list.map((r) => r.cls.toFixed(3)).join(', ')}), network idle after ${m('idleMs')} ms (median of ${runs})`,
    );
  }
}
await browser.close();
