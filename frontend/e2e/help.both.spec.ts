import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { apiUser, useToken } from './support/seed';

/**
 * The help screens (issue 29): /howto without configured videos shows the illustrated
 * walkthrough and the accordion; /analytics says "enterprise only" to a free account (the
 * server's 403) and draws the charts for an enterprise one. In English and Japanese, at 1280
 * and 360 px (*.both), axe-clean.
 */
const visitorIn = (page: Page, language: 'ja' | 'en') => page.addInitScript((l) => window.localStorage.setItem('language', l), language);

test('/howto: the walkthrough and where to start, in English and Japanese', async ({ page }) => {
  await visitorIn(page, 'en');
  await page.goto('/howto');
  await expect(page.getByRole('heading', { level: 1, name: 'How to use' })).toBeVisible();
  const tour = page.getByRole('list', { name: 'A tour of monobook in 5 steps' });
  await expect(tour.getByRole('listitem')).toHaveCount(5);
  await expect(page.locator('main iframe, main video')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/home');
  await page.getByRole('button', { name: 'People: find people to follow' }).click();
  await expect(page.getByRole('link', { name: 'Go to People' })).toBeVisible();
  await expectAccessible(page, '/howto en');

  await visitorIn(page, 'ja');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '使い方' })).toBeVisible();
  await expect(page.getByRole('list', { name: '5ステップでわかるmonobook' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('link', { name: 'ホームへ' })).toBeVisible();
  await expectAccessible(page, '/howto ja');
});

test('/analytics: "enterprise only" for a free account, the charts for an enterprise one', async ({ page, request }) => {
  const free = await apiUser(request, { label: 'analytics', nickName: 'Analyst' });
  // The server itself refuses the free plan.
  const refused = await request.get('/api/user/analytics/', { headers: { Authorization: `Token ${free.token}` } });
  expect(refused.status()).toBe(403);

  await useToken(page, free.token, 'en');
  await page.goto('/analytics');
  const notice = page.getByTestId('analytics-enterprise-only');
  await expect(notice).toContainText('Enterprise only');
  await expect(notice).toContainText('part of the enterprise plan');
  await expectAccessible(page, '/analytics free en');
  // The interface follows the account's language.
  const accountIn = async (language: 'ja' | 'en') => {
    const res = await request.patch('/api/user/account/', { headers: { Authorization: `Token ${free.token}` }, data: { language } });
    expect(res.status()).toBe(200);
    await useToken(page, free.token, language);
  };
  await accountIn('ja');
  await page.reload();
  await expect(page.getByTestId('analytics-enterprise-only')).toContainText('エンタープライズ限定');
  await expectAccessible(page, '/analytics free ja');

  // An enterprise account's answer (the plan is set by an operator command beside a stopped
  // server; backend/test/analytics.e2e-spec.ts covers it and the figures): the page draws it.
  const day = (i: number) => new Date(Date.UTC(2026, 10, i + 1)).toISOString().slice(0, 10);
  const figures = {
    book_count: 2,
    books: [
      { id: 2, title: 'Sleep diary' },
      { id: 1, title: 'Rent survey' },
    ],
    views: Array.from({ length: 30 }, (_, i) => ({ day: day(i), views: (i * 7) % 11 })),
    followers_by_sex: { male: 4, female: 3, other: 1, unanswered: 2 },
    posts: Array.from({ length: 12 }, (_, i) => ({
      month: `2026-${String(i + 1).padStart(2, '0')}`,
      posts: i % 5,
      reviews: i % 3,
      rating: i % 3 ? 60 + i : null,
    })),
    sales: { available: false, series: [] },
  };
  await page.route('**/api/user/analytics/', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(figures) }));
  await page.reload();
  await expect(page.getByRole('heading', { name: '日別閲覧数（過去30日）' })).toBeVisible();
  await expect(page.locator('.MuiChartsSurface-root').first()).toBeVisible();
  await expectAccessible(page, '/analytics enterprise ja');
  await accountIn('en');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Views per day (last 30 days)' })).toBeVisible();
  await expect(page.getByText('Figures of the 2 Books you own or contributed to.')).toBeVisible();
  await expect(page.locator('.MuiChartsSurface-root')).toHaveCount(4);
  await expectAccessible(page, '/analytics enterprise en');
});

/**
 * Issue 41, item 3: /analytics at 360 px does not scroll sideways (the posts-and-rating table was
 * 430 px wide), and the sales axis reads whole, short yen (no 「0.00…」), with sales or none yet,
 * in Japanese and English at both widths.
 */
test('/analytics fits the screen and its sales axis reads whole, short yen (issue 41, item 3)', async ({ page, request }) => {
  const owner = await apiUser(request, { label: 'analytics-fit', nickName: 'Fit' });
  const month = (i: number) => `2026-${String(i + 1).padStart(2, '0')}`;
  const day = (i: number) => new Date(Date.UTC(2026, 10, i + 1)).toISOString().slice(0, 10);
  const figures = (amounts: number[]) => ({
    book_count: 1,
    books: [{ id: 1, title: 'Household spending by prefecture and month, 2015–2026 (all 47 prefectures)' }],
    views: Array.from({ length: 30 }, (_, i) => ({ day: day(i), views: i * 13 })),
    followers_by_sex: { male: 40, female: 31, other: 2, unanswered: 9 },
    posts: Array.from({ length: 12 }, (_, i) => ({ month: month(i), posts: i * 3, reviews: i, rating: i % 4 ? 55 + i : null })),
    sales: { available: true, series: amounts.map((amount, i) => ({ month: month(i), amount })) },
  });
  let answer = figures(Array.from({ length: 12 }, () => 0));
  await page.route('**/api/user/analytics/', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) }));
  const salesTicks = () => page.locator('section[aria-labelledby="analytics-sales"] .MuiChartsAxis-directionY .MuiChartsAxis-tickLabel').allTextContents();
  const fits = () => page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));

  for (const [language, salesHeading] of [
    ['ja', '売上'],
    ['en', 'Sales'],
  ] as const) {
    // The interface follows the account's language.
    const res = await request.patch('/api/user/account/', { headers: { Authorization: `Token ${owner.token}` }, data: { language } });
    expect(res.status()).toBe(200);
    await useToken(page, owner.token, language);
    for (const amounts of [Array.from({ length: 12 }, () => 0), [0, 0, 720, 1440, 0, 2160, 250_000, 0, 800, 12_800, 0, 64_000]]) {
      answer = figures(amounts);
      await page.goto('/analytics');
      await expect(page.getByRole('heading', { level: 2, name: salesHeading, exact: true })).toBeVisible();
      // Five charts: views, followers, posts, rating and (now that there are sales) sales.
      await expect(page.locator('.MuiChartsSurface-root')).toHaveCount(5);
      await expect.poll(async () => (await salesTicks()).length).toBeGreaterThan(0);
      const ticks = await salesTicks();
      // Whole yen, short: 「0」「5万」「25万」, "50K", "250K" — never a fraction of a yen.
      for (const tick of ticks) expect(tick, `sales axis label in ${language}: ${ticks.join(' | ')}`).toMatch(/^[\d,]+(\.\d)?(万|K|M)?$/);
      expect(
        ticks.some((tick) => /^0\.\d/.test(tick)),
        ticks.join(' | '),
      ).toBe(false);
      const { page: width, screen } = await fits();
      expect(width, `/analytics is ${width} px wide on a ${screen} px screen (${language})`).toBeLessThanOrEqual(screen);
    }
    await expectAccessible(page, `/analytics sales ${language}`);
  }
});
