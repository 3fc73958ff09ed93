import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { apiBook, apiUser, uniqueCsv } from './support/seed';

/**
 * The first screen of a Book, for a Japanese visitor with nothing cached, at 1280 px and at 360 px:
 * the web font (Noto Sans JP, self-hosted) is asked for only after the page has loaded and its
 * cover is in, and then the page uses it; on a phone the cover is its 640-px copy, and when that
 * copy is missing the cover itself is shown (never a broken image).
 */

let bookId: number;

test.use({ locale: 'ja-JP' });

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  const request = await playwrightRequest.newContext({ baseURL });
  const author = await apiUser(request, { label: 'first-screen', language: 'ja', nickName: '表紙の人' });
  // Data of a subject no other journey posts (ferry passengers by port), so that the Book is this
  // one: a file of the same subject (the rainfall or the station counts of other journeys) would
  // join a Book made earlier in the run, under that Book's title. (The phone project's run joins
  // the desktop's, under the same title.)
  bookId = await apiBook(request, author, '最初の画面のBook', await uniqueCsv('first-screen', 'ferries'));
  await request.dispose();
});

const FONT_FAMILY = 'Noto Sans JP Variable';

/** The cover once it has loaded: its address as the browser chose it, and its natural width. */
async function loadedCover(page: Page) {
  // The Book's own (the page may show it again elsewhere, in a list beside it).
  const cover = page.getByRole('article', { name: '最初の画面のBook' }).getByRole('img', { name: '最初の画面のBookの表紙' });
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return cover.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, width: img.naturalWidth }));
}

test('the web font comes after the load event and the cover, then the page is set in it', async ({ page }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await page.goto(`/mono/${bookId}`);
  const cover = await loadedCover(page);
  expect(cover.src.endsWith('.w640.jpg'), cover.src).toBe(phone);
  expect(cover.width).toBe(phone ? 640 : 1200);

  // The font's faces are used once its style sheet is in: some are loaded for the page's text.
  await expect
    .poll(() => page.evaluate((family) => [...document.fonts].some((f) => f.family.replace(/["']/g, '') === family && f.status === 'loaded'), FONT_FAMILY), {
      timeout: 20_000,
    })
    .toBe(true);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText('最初の画面のBook');
  const used = await title.evaluate(
    (h1, family) => ({
      stack: getComputedStyle(h1).fontFamily,
      ready: document.fonts.check(`800 24px "${family}"`, h1.textContent ?? ''),
    }),
    FONT_FAMILY,
  );
  expect(used.stack.startsWith(`"${FONT_FAMILY}"`), used.stack).toBe(true);
  expect(used.ready).toBe(true);

  // When each was asked for, from the browser's own timings (ms since the navigation started).
  const timings = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const fonts = resources.filter((r) => /\.woff2(\?|$)/.test(r.name));
    const sheet = resources.find((r) => /noto-sans-jp[^/]*\.css(\?|$)/.test(r.name) || r.name.includes('@fontsource-variable'));
    const cover = resources.filter((r) => r.name.includes('/media/covers/'));
    return {
      load: navigation.loadEventEnd,
      coverDone: Math.max(...cover.map((r) => r.responseEnd)),
      firstFont: Math.min(...fonts.map((r) => r.startTime)),
      fontFiles: fonts.length,
      sheet: sheet ? sheet.startTime : null,
    };
  });
  expect(timings.fontFiles, JSON.stringify(timings)).toBeGreaterThan(0);
  expect(timings.firstFont, JSON.stringify(timings)).toBeGreaterThanOrEqual(timings.load);
  expect(timings.firstFont, JSON.stringify(timings)).toBeGreaterThanOrEqual(timings.coverDone);
  // The built app fetches the font's style sheet (the dev server inlines it in a script).
  if (timings.sheet !== null) expect(timings.sheet, JSON.stringify(timings)).toBeGreaterThanOrEqual(timings.load);
});

test('a phone copy that is missing shows the cover itself, not a broken image', async ({ page }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const asked: string[] = [];
  await page.route('**/media/covers/*.w640.jpg', (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 404, contentType: 'application/json', body: '{"detail":"Not found."}' });
  });
  await page.goto(`/mono/${bookId}`);
  const cover = await loadedCover(page);
  expect(cover.src.endsWith('.w640.jpg'), cover.src).toBe(false);
  expect(cover.width).toBe(1200);
  expect(asked.length > 0).toBe(phone);
});
