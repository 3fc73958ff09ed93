import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { apiBook, apiUser, uniqueCsv } from './support/seed';

/**
 * A visitor opens a Book and a person's page from a shared link: the server sends them with
 * their content (backend common/http/server-render.ts), the app hydrates that HTML without
 * moving anything or logging an error, and then works: a like and a follow ask the visitor to
 * log in, as on a page the browser rendered itself.
 */

// A Japanese reader (the server renders the bare path in the Accept-Language's language).
test.use({ locale: 'ja-JP' });

/** Layout shifts from the start of the page, as the browser reports them (CLS counts these). */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: number[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) w.__shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shiftsSoFar = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0));

/** The page as it came from the server, before any script ran. */
async function serverHtml(page: Page, path: string): Promise<string> {
  const res = await page.request.get(path, { headers: { Accept: 'text/html' } });
  expect(res.status()).toBe(200);
  return res.text();
}

test('a server-rendered Book page and a user page hydrate without a shift or an error, and their like and follow work', async ({ page }) => {
  test.setTimeout(120_000);
  const author = await apiUser(page.request, { label: 'ssr-author', language: 'ja', nickName: 'サーバー描画の著者', caption: '地域データを集めています' });
  // A subject of its own: the sample file of other journeys (first-visit's) would join their Book.
  const bookId = await apiBook(page.request, author, 'サーバーで描かれるBook', await uniqueCsv('ssr', 'own'));
  const review = await page.request.post('/api/user/monopost/', {
    headers: { Authorization: `Token ${author.token}` },
    multipart: { text: '表が見やすく、出典もはっきりしています。', rating: '80', reviewTo: String(bookId) },
  });
  expect(review.status()).toBe(201);

  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await watchShifts(page);

  // The HTML itself holds the Book and its review (what a crawler reads), and the data to hydrate with.
  const html = await serverHtml(page, `/mono/${bookId}`);
  expect(html).toContain('サーバーで描かれるBook</h1>');
  expect(html).toContain('表が見やすく、出典もはっきりしています。');
  expect(html).toContain('id="monobook-state"');

  // No request for the Book's data: the page came with it.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/get-page-info')) asked.push(request.url());
  });
  await page.goto(`/mono/${bookId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'サーバーで描かれるBook' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  expect(await shiftsSoFar(page)).toBeLessThanOrEqual(0.1);

  // Hydrated: the like button answers a visitor with the login prompt.
  await page
    .getByRole('button', { name: /いいね/ })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'ログインしてください' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'ログインしてください' })).toBeHidden();

  // The author's page, opened from outside as well.
  const userHtml = await serverHtml(page, `/user/${author.userId}`);
  expect(userHtml).toContain('サーバー描画の著者');
  await page.goto(`/user/${author.userId}`);
  await expect(page.getByText('サーバー描画の著者').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await shiftsSoFar(page)).toBeLessThanOrEqual(0.1);
  await page
    .getByRole('button', { name: /フォロー/ })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'ログインしてください' })).toBeVisible();

  expect(errors).toEqual([]);
});
