import * as path from 'node:path';
import { devices, expect, test } from '@playwright/test';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { apiBook, apiUser, uniqueCsv, useToken } from './support/seed';
import type { SeededUser } from './support/seed';

/**
 * The author edits a review from its card: the new text and rating show at once where the post
 * is (no reload), on the Book and on a follower's /home. And on a phone (360×740) the floating
 * buttons of a Book page leave its actions free to press.
 */
test.describe.configure({ mode: 'serial' });

let author: SeededUser;
let reader: SeededUser;
let bookId = 0;
let reviewId = 0;

const auth = (user: SeededUser) => ({ Authorization: `Token ${user.token}` });

async function pageAs(browser: Browser, user: SeededUser | null, { width = 1280, height = 900, language = 'en' as 'en' | 'ja' } = {}): Promise<Page> {
  const phone = width < 600 ? { ...devices['Pixel 5'] } : {};
  const context = await browser.newContext({ ...phone, viewport: { width, height } });
  const page = await context.newPage();
  if (user) await useToken(page, user.token, language);
  return page;
}

async function setLanguage(request: APIRequestContext, user: SeededUser, language: 'ja' | 'en') {
  const answer = await request.patch('/api/user/account/', { headers: auth(user), data: { language } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** What the server holds of the review now. */
async function storedReview(request: APIRequestContext): Promise<{ text: string; rating: number }> {
  const list = (await (await request.get(`/api/user/userpostcc/?user_id=${author.userId}&count=0`)).json()) as {
    res: Array<{ id: number; text: string; rating: number }>;
  };
  const post = list.res.find((p) => p.id === reviewId);
  if (!post) throw new Error('the review is gone');
  return { text: post.text, rating: post.rating };
}

/** Whether a tap at the centre of `target` lands on it (nothing floats over it there). */
async function centreIsFree(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

/** The points across the middle of `target` (every 8 px) where a tap lands on something else. */
async function coveredPoints(target: Locator): Promise<number[]> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const covered: number[] = [];
    for (let x = box.left + 2; x < box.right - 2; x += 8) {
      const hit = document.elementFromPoint(x, box.top + box.height / 2);
      if (!hit || !(hit === element || element.contains(hit))) covered.push(Math.round(x));
    }
    return covered;
  });
}

test("the author edits a review from its card: new text and rating at once, on the Book and on the follower's /home", async ({ browser, request }) => {
  test.setTimeout(180_000);
  author = await apiUser(request, { label: 'editor', nickName: 'Chika' });
  reader = await apiUser(request, { label: 'follower', nickName: 'Dan' });
  // A title over two lines at 360 px puts the Book's actions where the floating buttons are.
  // Data of its own: the same sample as other journeys would join their Book (and its title).
  bookId = await apiBook(request, author, 'Rainfall by month in every prefecture, 1990–2024', await uniqueCsv('rainfall'));
  // The reader follows the author (asked and approved), so the review is on the reader's /home.
  expect((await request.post('/api/user/approval/', { headers: auth(reader), data: { askFrom: reader.userId, askTo: author.userId } })).status()).toBe(201);
  expect(
    (await request.post('/api/user/approval/', { headers: auth(author), data: { askFrom: reader.userId, askTo: author.userId, approved: true } })).status(),
  ).toBe(201);
  const created = await request.post('/api/user/monopost/', {
    headers: auth(author),
    multipart: { text: 'First impressions: the monthly table is thin.', rating: '60', reviewTo: String(bookId) },
  });
  expect(created.status(), await created.text()).toBe(201);
  reviewId = ((await created.json()) as { id: number }).id;

  // Someone else sees no edit action on it.
  const readerPage = await pageAs(browser, reader);
  await readerPage.goto('/home');
  await expect(readerPage.getByRole('banner').getByRole('img', { name: 'Avatar of Dan' })).toBeVisible();
  const readerCard = readerPage.getByTestId(`post-${reviewId}`);
  await expect(readerCard).toContainText('First impressions');
  await expect(readerCard.getByRole('button', { name: 'Edit the post' })).toHaveCount(0);

  // The author opens the edit dialog from the card on /home: it starts from the review.
  const page = await pageAs(browser, author);
  await page.goto('/home');
  await expect(page.getByRole('banner').getByRole('img', { name: 'Avatar of Chika' })).toBeVisible();
  const card = page.getByTestId(`post-${reviewId}`);
  await expect(card.getByRole('progressbar', { name: 'Rating 60%' })).toBeVisible();
  await card.getByRole('button', { name: 'Edit the post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit the review' });
  await expect(dialog.getByText('Rainfall by month')).toBeVisible();
  const text = dialog.getByRole('textbox', { name: 'Text' });
  await expect(text).toHaveValue('First impressions: the monthly table is thin.');
  const slider = dialog.getByRole('slider');
  await expect(slider).toHaveAttribute('aria-valuenow', '60');
  await expectAccessible(page, 'edit review dialog');

  await text.fill('Second look: the daily sheet has everything I needed.');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '70');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your changes are saved.')).toBeVisible();

  // /home shows the new text and rating without a reload.
  await expect(card).toContainText('Second look: the daily sheet has everything I needed.');
  await expect(card).not.toContainText('First impressions');
  await expect(card.getByRole('progressbar', { name: 'Rating 70%' })).toBeVisible();
  await expectAccessible(page, '/home after editing a review');
  expect(await storedReview(request)).toEqual({ text: 'Second look: the daily sheet has everything I needed.', rating: 70 });

  // The Book's post list and its rating (the one review) follow.
  await page.goto(`/mono/${bookId}`);
  await expect(page.getByTestId(`post-${reviewId}`)).toContainText('Second look');
  await expect(page.getByTestId(`post-${reviewId}`).getByRole('progressbar', { name: 'Rating 70%' })).toBeVisible();
  await expectAccessible(page, '/mono/{id} after editing a review');

  // The follower's /home has the edited review.
  await readerPage.reload();
  await expect(readerCard).toContainText('Second look');
  await expect(readerCard.getByRole('progressbar', { name: 'Rating 70%' })).toBeVisible();

  // In Japanese the same dialog speaks Japanese; cancelling changes nothing.
  await setLanguage(request, author, 'ja');
  const ja = await pageAs(browser, author, { language: 'ja' });
  await ja.goto('/home');
  const jaCard = ja.getByTestId(`post-${reviewId}`);
  await jaCard.getByRole('button', { name: '投稿を編集' }).click();
  const jaDialog = ja.getByRole('dialog', { name: 'レビューを編集' });
  await expect(jaDialog.getByRole('button', { name: '保存' })).toBeVisible();
  await expectAccessible(ja, 'edit review dialog (ja)');
  await jaDialog.getByRole('textbox', { name: '本文' }).fill('取り消す変更');
  await jaDialog.getByRole('button', { name: 'キャンセル' }).click();
  await expect(jaDialog).toBeHidden();
  await expect(jaCard).toContainText('Second look');
  await setLanguage(request, author, 'en');

  await ja.context().close();
  await page.context().close();
  await readerPage.context().close();
});

test('the author changes the picture of a pure post: the same 2:1 crop, 400×200', async ({ browser }) => {
  const page = await pageAs(browser, author);
  await page.goto('/home');
  await expect(page.getByRole('banner').getByRole('img', { name: 'Avatar of Chika' })).toBeVisible();
  const picture = (colour: string) =>
    page.evaluate((fill) => {
      const canvas = document.createElement('canvas');
      canvas.width = 800;
      canvas.height = 600;
      const context = canvas.getContext('2d')!;
      context.fillStyle = fill;
      context.fillRect(0, 0, 800, 600);
      return canvas.toDataURL('image/jpeg', 0.9).split(',')[1];
    }, colour);
  const pick = async (dialog: Locator, colour: string) => {
    await dialog
      .getByTestId('post-image-input')
      .setInputFiles({ name: `${colour}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(await picture(colour), 'base64') });
    const crop = page.getByRole('dialog', { name: 'Crop the image (2:1)' });
    await crop.getByRole('button', { name: 'Use this crop' }).click();
    await expect(crop).toBeHidden();
  };

  await page.getByRole('button', { name: 'Write a post' }).click();
  const composer = page.getByRole('dialog', { name: 'New post' });
  await pick(composer, '#1f6f78');
  await composer.getByRole('textbox', { name: 'Text' }).fill('Harbour at noon');
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(composer).toBeHidden();
  const card = page.getByRole('article').filter({ hasText: 'Harbour at noon' });
  const image = card.getByRole('img', { name: 'Image of the post by Chika' });
  await expect(image).toBeVisible();
  const before = await image.getAttribute('src');

  await card.getByRole('button', { name: 'Edit the post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit the post' });
  await expect(dialog.getByRole('slider')).toHaveCount(0);
  await expect(dialog.getByRole('img', { name: 'Image of the post' })).toHaveAttribute('src', before!);
  await pick(dialog, '#f4a261');
  const preview = dialog.getByRole('img', { name: 'Image of the post' });
  expect(await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([400, 200]);
  await expectAccessible(page, 'edit post dialog with a new picture');
  await dialog.getByRole('textbox', { name: 'Text' }).fill('Harbour at dusk');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const edited = page.getByRole('article').filter({ hasText: 'Harbour at dusk' });
  await expect(edited.getByRole('img', { name: 'Image of the post by Chika' })).not.toHaveAttribute('src', before!);
  const served = await edited.getByRole('img', { name: 'Image of the post by Chika' }).evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  });
  expect(served).toEqual([400, 200]);
  await expect(page.getByRole('article').filter({ hasText: 'Harbour at noon' })).toHaveCount(0);
  await page.context().close();
});

test('phones (360×740): the floating buttons of a Book page cover none of its actions', async ({ browser }) => {
  for (const who of [reader, null]) {
    const page = await pageAs(browser, who, { width: 360, height: 740 });
    await page.goto(`/mono/${bookId}`);
    const actions = page.getByRole('region', { name: 'Price' });
    const follow = actions.getByRole('button', { name: 'Follow', exact: true });
    await expect(follow).toBeVisible();
    // Both floating buttons are on the page (shown or stepped aside), their transitions done.
    await expect(page.locator('.MuiFab-root')).toHaveCount(2);
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
    await page.screenshot({ path: path.join('test-results', 'screens', `mono-fabs-360-${who ? 'member' : 'visitor'}.png`) });
    // As the page first shows: the follow button takes the tap, and no action there is partly covered.
    expect(await centreIsFree(follow), 'the follow button is covered at its centre').toBe(true);
    for (const button of await actions.getByRole('button').all()) {
      expect(await coveredPoints(button), `covered points of ${await button.textContent()}`).toEqual([]);
    }
    await follow.click({ trial: true, timeout: 5_000 });
    await expectAccessible(page, `/mono/{id} 360 ${who ? 'member' : 'visitor'}`);

    // Scrolled on, the floating buttons are there; at the end of the page nothing is under them.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole('button', { name: 'Post data' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Write a review' })).toBeVisible();
    await page.screenshot({ path: path.join('test-results', 'screens', `mono-fabs-360-${who ? 'member' : 'visitor'}-end.png`) });
    // Every control fully on screen between the header and the bottom bar takes taps everywhere.
    const bandTop = (await page.getByRole('banner').boundingBox())!.height;
    const bandBottom = (await page.getByRole('navigation', { name: 'Main navigation' }).boundingBox())!.y;
    const controls = page.getByRole('main').locator('a[href], button, input, [role="button"], [role="slider"]');
    let checked = 0;
    for (const control of await controls.all()) {
      const box = await control.boundingBox();
      if (!box || box.width === 0 || box.y < bandTop || box.y + box.height > bandBottom) continue;
      if (await control.evaluate((element) => element.closest('.MuiFab-root') !== null)) continue;
      checked += 1;
      expect(await coveredPoints(control), `covered points of ${await control.textContent()} at the end of the page`).toEqual([]);
    }
    expect(checked).toBeGreaterThan(0);
    await page.context().close();
  }
});
