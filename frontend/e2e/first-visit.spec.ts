import { expect, test } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { apiBook, apiUser } from './support/seed';

/**
 * What a first visit costs: a Japanese visitor with nothing cached and nothing stored opens a
 * screen; every script the browser fetches until the network is idle is counted, in the bytes
 * that crossed the wire (compressed), from the browser's own network log. The build's budget
 * test (src/testing/bundle-budget.test.ts) holds the chunks; this holds what a browser really
 * downloads for the first screens people arrive on.
 */
const MAX_SCRIPT_BYTES = 250 * 1024;
const MAX_SCRIPT_REQUESTS = 15;

async function firstVisit(browser: Browser, path: string) {
  const context = await browser.newContext({ locale: 'ja-JP', storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const scripts: Array<{ url: string; bytes: Promise<number> }> = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push({ url: new URL(request.url()).pathname, bytes: request.sizes().then((s) => s.responseBodySize) });
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  const sizes = await Promise.all(scripts.map(async (s) => ({ url: s.url, bytes: await s.bytes })));
  await context.close();
  const bytes = sizes.reduce((sum, s) => sum + s.bytes, 0);
  return { path, requests: sizes.length, kb: Math.round(bytes / 102.4) / 10, bytes, files: sizes };
}

test('a first visit to /, /recommend and a Book downloads at most 250 KB of JavaScript in at most 15 scripts', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const author = await apiUser(request, { label: 'first-visit', language: 'ja', nickName: '初訪問' });
  const bookId = await apiBook(request, author, '初めての訪問のBook');
  const figures = [];
  for (const path of ['/', '/recommend', `/mono/${bookId}`]) figures.push(await firstVisit(browser, path));
  const summary = figures.map((f) => `${f.path}: ${f.kb} KB in ${f.requests} scripts`).join('; ');
  test.info().annotations.push({ type: 'first visit', description: summary });
  console.warn(`first visit (compressed JavaScript until network idle): ${summary}`);
  if (process.env.FIRST_VISIT_REPORT) (await import('node:fs')).writeFileSync(process.env.FIRST_VISIT_REPORT, JSON.stringify(figures, null, 1));
  for (const f of figures) {
    expect(
      { path: f.path, bytes: f.bytes <= MAX_SCRIPT_BYTES, requests: f.requests <= MAX_SCRIPT_REQUESTS },
      `${summary}\n${f.files.map((s) => `${s.url} ${s.bytes}`).join('\n')}`,
    ).toEqual({
      path: f.path,
      bytes: true,
      requests: true,
    });
  }
});
