import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import type { Page } from '@playwright/test';
import { appReady, snap, switchLanguage } from './support/app';
import { apiBook, apiUser } from './support/seed';

/** The interface language, whatever it is now (the button of the current one is disabled). */
async function useLanguage(page: Page, to: 'ja' | 'en'): Promise<void> {
  await page.goto('/languagesetting');
  const button = page.locator(`main button[lang="${to}"]`);
  await expect(button).toBeVisible();
  if (await button.isEnabled()) await switchLanguage(page, to);
}

const WEATHER = fileURLToPath(new URL('../../backend/test/fixtures/corpus/seattle-weather.csv', import.meta.url));
const POPULATION = fileURLToPath(new URL('../../backend/test/fixtures/corpus/jp-population-2020.csv', import.meta.url));

// Issue 25: a Book shows its table's shape (column profile) and its headline chart, in both
// languages, at 1280 px (desktop project) and 360 px (phone project), to a visitor.
test('a Book shows its column profile and headline chart in both languages', async ({ page, request }) => {
  test.setTimeout(180_000);
  const owner = await apiUser(request, { label: 'weather', nickName: 'Weather' });
  const bookId = await apiBook(request, owner, 'Seattle weather 2012–2015', WEATHER, 'daily weather at Seattle');

  await useLanguage(page, 'en');
  await page.goto(`/mono/${bookId}`);
  await expect(page.getByRole('heading', { name: 'What is in the table' })).toBeVisible();
  await expect(page.getByText(/1,?461 rows in/)).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'temp_max' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Histogram of temp_max/ })).toBeVisible();
  // The chart (and its library) loads as it nears the screen: scroll down to it, as a reader does.
  await page.getByText('Loading the chart…').scrollIntoViewIfNeeded();
  const chart = page.getByRole('figure', { name: 'Mean precipitation by date' });
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('svg').first()).toBeVisible();
  await expect(page.getByText('No reviews yet', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Summary')).toContainText('one per day');
  await snap(page, 'd1-book-data-en');
  await expectAccessible(page, 'book data (en)');

  await useLanguage(page, 'ja');
  await page.goto(`/mono/${bookId}`);
  await expect(page.getByRole('heading', { name: '表の中身' })).toBeVisible();
  await page.getByText('グラフを読み込んでいます…').scrollIntoViewIfNeeded();
  // The chart names English columns by their Japanese labels.
  await expect(page.getByRole('figure', { name: '日付ごとの降水量（平均）' })).toBeVisible();
  await expect(page.getByText('まだレビューはありません', { exact: true })).toBeVisible();
  await expect(page.getByLabel('概要')).toContainText('1,461日分');
  // A free Book: its first rows, on demand (once the server's page is hydrated).
  await appReady(page);
  await page.getByRole('button', { name: '最初の20行を表示' }).click();
  await expect(page.getByRole('cell', { name: '2012-01-01', exact: true })).toBeVisible();
  // English column names are explained in Japanese beside the name as written in the file.
  const tempMax = page.getByRole('rowheader', { name: /^temp_max/ });
  await expect(tempMax).toContainText('最高気温');
  await tempMax.scrollIntoViewIfNeeded();
  await expect(tempMax.getByText('最高気温')).toBeVisible();
  await snap(page, 'd2-book-data-ja');
  await expectAccessible(page, 'book data (ja)');
});

// Issue 25: the column profile explains a column's name in the reader's language — Japanese names
// for an English reader, English names for a Japanese one.
test("a Book's column names are explained in the reader's language", async ({ page, request }) => {
  test.setTimeout(180_000);
  const owner = await apiUser(request, { label: 'census', nickName: 'Census' });
  const bookId = await apiBook(request, owner, '令和2年国勢調査 都道府県別人口', POPULATION);

  await useLanguage(page, 'en');
  await page.goto(`/mono/${bookId}`);
  const total = page.getByRole('rowheader', { name: /^総人口（人）/ });
  await total.scrollIntoViewIfNeeded();
  await expect(total.getByText('Total population (people)')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: /^地域コード/ })).toContainText('Area code');
  await snap(page, 'd3-column-labels-en');
  await expectAccessible(page, 'column labels (en)');

  await useLanguage(page, 'ja');
  await page.goto(`/mono/${bookId}`);
  // A Japanese name for a Japanese reader: the name alone.
  await expect(page.getByRole('rowheader', { name: '総人口（人）', exact: true })).toBeVisible();
  await expectAccessible(page, 'column labels (ja)');
});
