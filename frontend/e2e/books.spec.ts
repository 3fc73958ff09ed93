import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { signUpWithProfile, snap, switchLanguage, uniqueEmail } from './support/app';

const PASSWORD = 'quiet-harbour-2026';
const SAMPLE = fileURLToPath(new URL('../../backend/samples/prefecture-health-insurance.csv', import.meta.url));

test('post a CSV, wait for its Book, follow it, find it, take it and download the data', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpWithProfile(page, uniqueEmail('books'), PASSWORD, '健太');
  // A Japanese user: the Book is written in the language of the upload.
  await switchLanguage(page, 'ja');

  await page.goto('/recommend');
  await expect(page.getByRole('heading', { name: 'おすすめのBook' })).toBeVisible();
  await page.getByRole('button', { name: 'データを投稿' }).click();
  const dialog = page.getByRole('dialog', { name: 'データを投稿' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '投稿する' }).click();
  await expect(dialog.getByText('タイトルを入力してください。')).toBeVisible();
  await expect(dialog.getByText('ファイルを選んでください。')).toBeVisible();

  await dialog.getByLabel('タイトル').fill('都道府県別の健康保険料率');
  await dialog.getByLabel('説明').fill('協会けんぽの都道府県ごとの保険料率です。');
  await dialog.getByLabel('データファイル').setInputFiles(SAMPLE);
  await expect(dialog.getByText('選んだファイル：prefecture-health-insurance.csv')).toBeVisible();
  await snap(page, 'k1-upload-dialog-ja');
  await dialog.getByRole('button', { name: '投稿する' }).click();

  await expect(page).toHaveURL(/\/posteddata$/);
  await expect(page.getByText('データを投稿しました。まもなくBookができあがります。')).toBeVisible();
  await snap(page, 'k2-posteddata-ja');
  const open = page.getByRole('link', { name: 'Bookを開く: 都道府県別の健康保険料率' });
  await expect(open).toBeVisible({ timeout: 120_000 });
  await snap(page, 'k3-posteddata-done-ja');

  await open.click();
  await expect(page).toHaveURL(/\/mono\/\d+$/);
  const bookPath = new URL(page.url()).pathname;
  const bookId = bookPath.split('/').pop();
  const title = page.locator('#book-title');
  await expect(title).toBeVisible();
  const bookTitle = (await title.textContent()) ?? '';
  expect(bookTitle.trim()).not.toBe('');
  await expect(page.getByLabel('概要')).not.toBeEmpty();
  const points = page.getByRole('region', { name: 'ポイント' }).getByRole('listitem');
  await expect(points.first()).toBeVisible();
  expect(await points.count()).toBeGreaterThan(0);
  await expect(page.getByTestId('book-price')).toHaveText('無料');

  // Lists stay true: the home panel, read before the follow, shows the Book after it without a
  // reload, and so does the followed list it links to (in-app navigation keeps the cache).
  const homeLink = page.getByRole('link', { name: 'ホーム', exact: true }).first();
  const panel = page.getByRole('complementary', { name: 'フォロー中のBook' });
  await homeLink.click();
  await expect(panel.getByText('Bookをフォローするとここに表示されます。')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${bookPath}$`));

  await page.getByRole('button', { name: 'フォローする' }).click();
  await expect(page.getByText('このBookをフォローしました')).toBeVisible();
  await expect(page.getByRole('button', { name: 'フォロー中' })).toHaveAttribute('aria-pressed', 'true');
  await homeLink.click();
  await expect(panel.locator(`a[href="${bookPath}"]`)).toBeVisible();
  await panel.getByRole('link', { name: 'すべて見る' }).click();
  await expect(page).toHaveURL(/\/followingpagelist$/);
  await expect(page.getByRole('list', { name: 'フォロー中のBook' }).locator(`a[href="${bookPath}"]`)).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole('button', { name: 'フォロー中' })).toHaveAttribute('aria-pressed', 'true');
  const tags = page.getByRole('list', { name: 'タグ' }).getByRole('link');
  await expect(tags.first()).toBeVisible();
  const tagName = (await tags.first().getAttribute('aria-label')) ?? '';
  const tagHref = (await tags.first().getAttribute('href')) ?? '';
  expect(tagHref).toMatch(/^\/recommend\?attid=\d+$/);
  await snap(page, 'k4-book-ja');

  await switchLanguage(page, 'en');
  await page.goto(bookPath);
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(
    page
      .getByText('Good point')
      .or(page.getByRole('heading', { name: 'Points' }))
      .first(),
  ).toBeVisible();
  await snap(page, 'k5-book-en');
  await switchLanguage(page, 'ja');

  // Found by a two-character Japanese word.
  await page.goto('/recommend');
  await page.getByRole('searchbox', { name: 'Bookを検索' }).fill('保険');
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page.getByRole('heading', { name: '「保険」の検索結果' })).toBeVisible();
  await expect(page.locator(`a[href="${bookPath}"]`)).toBeVisible();
  await snap(page, 'k6-recommend-search-ja');

  // Found by the tag the server gave it: the chip on the Book page leads to /recommend?attid=.
  await page.goto(bookPath);
  await page.getByRole('list', { name: 'タグ' }).getByRole('link', { name: tagName, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/recommend\\?attid=\\d+$`));
  await expect(page.getByRole('heading', { name: `タグ「${tagName}」のBook` })).toBeVisible();
  await expect(page.locator(`a[href="${bookPath}"]`)).toBeVisible();
  await expect(page.getByRole('button', { name: tagName, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await snap(page, 'k7-recommend-tag-ja');
  // Clicking the selected chip again clears the filter.
  await page.getByRole('button', { name: tagName, exact: true }).click();
  await expect(page).toHaveURL(/\/recommend$/);

  // Followed Books appear on the home side panel and the followed list.
  await page.goto('/followingpagelist');
  await expect(page.locator(`a[href="${bookPath}"]`)).toBeVisible();

  // The uploader is a contributor: the manage button leads to the owned page with the files.
  await page.goto(bookPath);
  await page.getByRole('link', { name: 'マイBookを開く' }).click();
  await expect(page).toHaveURL(new RegExp(`/owningpage/${bookId}$`));
  await expect(page.getByRole('heading', { name: bookTitle.trim() })).toBeVisible();
  const downloadButton = page.getByRole('button', { name: /をダウンロード$/ }).first();
  await expect(downloadButton).toBeVisible();
  await snap(page, 'k8-owningpage-ja');
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toBe('prefecture-health-insurance.csv');
  await expect(page.getByText('ダウンロードしました')).toBeVisible();

  await page.goto('/owningpages');
  await expect(page.locator(`a[href="${bookPath}"]`).first()).toBeVisible();
  await snap(page, 'k9-owningpages-ja');
});
