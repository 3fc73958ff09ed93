import * as path from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { openInApp, settled, trackRequests } from './support/app';
import { expectAccessible } from './support/a11y';
import { apiBook, apiUser, useToken } from './support/seed';
import type { SeededUser } from './support/seed';

/**
 * The social journey of two people in two browser contexts: a follow request, its approval, a
 * review on a Book, and the other person liking, commenting on and reposting it from /home.
 * Then pictures of the social screens in both languages at 360 and 1280 px.
 */
test.describe.configure({ mode: 'serial' });

const LONG_WORD = 'a'.repeat(100);
const LONG_URL = `https://example.com/${'path-segment-'.repeat(8)}end`;
const REVIEW = `Clear tables, easy to compare prefectures. ${LONG_URL} ${LONG_WORD}`;

let author: SeededUser;
let reader: SeededUser;
let bookId = 0;

const auth = (user: SeededUser) => ({ Authorization: `Token ${user.token}` });

async function pageAs(browser: Browser, user: SeededUser, language: 'ja' | 'en' = 'en', width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await useToken(page, user.token, language);
  return page;
}

async function setLanguage(request: APIRequestContext, user: SeededUser, language: 'ja' | 'en') {
  const answer = await request.patch('/api/user/account/', { headers: auth(user), data: { language } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** The card of the review (not of a repost of it). */
function reviewCard(page: Page, postId: number): Locator {
  return page.getByTestId(`post-${postId}`);
}

async function newestPostOf(
  request: APIRequestContext,
  user: SeededUser,
): Promise<{ id: number; likedTimes: number; commentedCounts: number; repostedTimes: number }> {
  const list = (await (await request.get(`/api/user/userpostcc/?user_id=${user.userId}&count=0`)).json()) as {
    res: Array<{ id: number; likedTimes: number; commentedCounts: number; repostedTimes: number; reposting: boolean }>;
  };
  const post = list.res.find((p) => !p.reposting);
  if (!post) throw new Error('no post');
  return post;
}

test('follow request, approval, a review, and the other user likes, comments and reposts it', async ({ browser, request }) => {
  test.setTimeout(240_000);
  author = await apiUser(request, { label: 'author', nickName: 'Aoi', caption: LONG_WORD.slice(0, 90) });
  reader = await apiUser(request, { label: 'reader', nickName: 'Ben', caption: 'Reads reviews' });
  bookId = await apiBook(request, author, 'Health insurance by prefecture');

  const readerPage = await pageAs(browser, reader);
  const authorPage = await pageAs(browser, author);

  // The reader asks to follow the author.
  await readerPage.goto(`/user/${author.userId}`);
  await readerPage.getByRole('button', { name: 'Request to follow' }).click();
  await expect(readerPage.getByRole('button', { name: /^Requested/ })).toBeVisible();
  await expect(readerPage.getByText('Follow request sent.')).toBeVisible(); // the answer is in
  await expectAccessible(readerPage, '/user/{id} requested');

  // The author approves it on /request; the button is disabled afterwards.
  await authorPage.goto('/request');
  const approve = authorPage.getByRole('button', { name: 'Approve Ben' });
  await approve.click();
  await expect(authorPage.getByRole('button', { name: /^Approved/ })).toBeDisabled();
  await expectAccessible(authorPage, '/request');

  // The reader now follows: the button says so and the author's follower count is 1.
  await readerPage.reload();
  await expect(readerPage.getByRole('button', { name: /^Following/ })).toBeVisible();
  await expect(readerPage.getByRole('list', { name: 'Follow counts' }).getByRole('link', { name: /1\s*Followers/ })).toBeVisible();

  // The author reviews the Book: rating 70 by default, two steps right makes 80.
  await authorPage.goto(`/mono/${bookId}`);
  await authorPage.getByRole('button', { name: 'Write a review' }).click();
  const dialog = authorPage.getByRole('dialog', { name: 'Write a review' });
  const slider = dialog.getByRole('slider');
  await expect(slider).toHaveAttribute('aria-valuenow', '70');
  await slider.focus();
  await authorPage.keyboard.press('ArrowRight');
  await authorPage.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '80');
  await expectAccessible(authorPage, 'review dialog');
  await dialog.getByRole('textbox', { name: 'Text' }).fill(REVIEW);
  await dialog.getByRole('button', { name: 'Post' }).click();
  await expect(dialog).toBeHidden();
  const post = await newestPostOf(request, author);
  const onBook = reviewCard(authorPage, post.id);
  await expect(onBook).toContainText('Clear tables');
  await expect(onBook.getByRole('progressbar', { name: 'Rating 80%' })).toBeVisible();
  await expectAccessible(authorPage, '/mono/{id} with a review');

  // The reader sees it on /home, likes it, comments and reposts: each count moves by one.
  await readerPage.goto('/home');
  // The own profile has loaded (the header shows the avatar) before the first action.
  await expect(readerPage.getByRole('banner').getByRole('img', { name: 'Avatar of Ben' })).toBeVisible();
  const card = reviewCard(readerPage, post.id);
  await expect(card).toContainText('Clear tables');
  await expect(card.getByRole('button', { name: '0 likes' })).toHaveAttribute('aria-pressed', 'false');
  await card.getByRole('button', { name: '0 likes' }).click();
  await expect(card.getByRole('button', { name: '1 like', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await card.getByRole('button', { name: '0 comments' }).click();
  await card.getByRole('textbox', { name: 'Write a comment' }).fill('Thanks, very useful!');
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card.getByText('Thanks, very useful!')).toBeVisible();
  await expect(card.getByRole('button', { name: '1 comment', exact: true })).toHaveAttribute('aria-expanded', 'true');

  await card.getByRole('button', { name: '0 reposts' }).click();
  await expect(card.getByRole('button', { name: '1 repost', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // The repost is the reader's own post now; home shows a post and its repost once (the original,
  // its repost button pressed), and the reader's own page lists the repost.
  await expect(readerPage.getByText('Ben reposted')).toHaveCount(0);
  const ownPosts = (await (await request.get(`/api/user/userpostcc/?user_id=${reader.userId}&count=0`)).json()) as {
    res: Array<{ reposting: boolean; repostingFrom: number | null }>;
  };
  expect(ownPosts.res.some((p) => p.reposting && p.repostingFrom === post.id)).toBe(true);
  await expectAccessible(readerPage, '/home after like, comment, repost');

  await expect.poll(async () => newestPostOf(request, author)).toMatchObject({ likedTimes: 1, commentedCounts: 1, repostedTimes: 1 });

  // The author sees the counts on the Book page.
  await authorPage.reload();
  await expect(onBook.getByRole('button', { name: '1 like', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(onBook.getByRole('button', { name: '1 comment', exact: true })).toBeVisible();
  await expect(onBook.getByRole('button', { name: '1 repost', exact: true })).toBeVisible();

  // Only the comment's author has a delete button on it; deleting asks first, then the count goes back.
  await onBook.getByRole('button', { name: '1 comment', exact: true }).click();
  await expect(onBook.getByText('Thanks, very useful!')).toBeVisible();
  await expect(onBook.getByRole('button', { name: 'Delete the comment' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Delete the comment' }).click();
  const confirm = readerPage.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete this comment?');
  await expectAccessible(readerPage, 'delete confirmation');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card.getByText('Thanks, very useful!')).toHaveCount(0);
  await expect(card.getByRole('button', { name: '0 comments' })).toBeVisible();
  await expect.poll(async () => (await newestPostOf(request, author)).commentedCounts).toBe(0);

  // A visitor sees the review read-only and is asked to log in on a like.
  const visitor = await browser.newPage();
  await visitor.goto(`/mono/${bookId}`);
  await reviewCard(visitor, post.id).getByRole('button', { name: '1 like', exact: true }).click();
  const prompt = visitor.getByRole('dialog');
  await expect(prompt).toContainText('Please log in to do this.');
  await expect(prompt.getByRole('link', { name: 'Log in' })).toBeVisible();
  await visitor.close();

  await readerPage.context().close();
  await authorPage.context().close();
});

test('the author posts a picture cropped 2:1 from /home', async ({ browser }) => {
  const page = await pageAs(browser, author);
  await page.goto('/home');
  await expect(page.getByRole('banner').getByRole('img', { name: 'Avatar of Aoi' })).toBeVisible();
  await page.getByRole('button', { name: 'Write a post' }).click();
  const dialog = page.getByRole('dialog', { name: 'New post' });
  const jpeg = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1f6f78';
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = '#f4a261';
    context.fillRect(160, 120, 320, 240);
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1];
  });
  await dialog.getByTestId('post-image-input').setInputFiles({ name: 'view.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg, 'base64') });
  const crop = page.getByRole('dialog', { name: 'Crop the image (2:1)' });
  await crop.getByRole('button', { name: 'Use this crop' }).click();
  await expect(crop).toBeHidden();
  const preview = dialog.getByRole('img', { name: 'Image of the post' });
  await expect(preview).toBeVisible();
  const size = await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(size).toEqual([400, 200]);
  await dialog.getByRole('textbox', { name: 'Text' }).fill('Sunset over the bay');
  await dialog.getByRole('button', { name: 'Post' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article').filter({ hasText: 'Sunset over the bay' });
  await expect(card.getByRole('img', { name: 'Image of the post by Aoi' })).toBeVisible();
  await page.context().close();
});

test('pictures of the social screens in ja and en at 360 and 1280 px', async ({ browser, request }) => {
  test.setTimeout(240_000);
  for (const language of ['en', 'ja'] as const) {
    await setLanguage(request, reader, language);
    await setLanguage(request, author, language);
    for (const width of [360, 1280]) {
      const page = await pageAs(browser, reader, language, width);
      trackRequests(page);
      const shots: Array<[string, string]> = [
        ['home', '/home'],
        ['userpage', '/userpage'],
        ['user', `/user/${author.userId}`],
        ['mono', `/mono/${bookId}`],
      ];
      for (const [index, [name, url]] of shots.entries()) {
        if (index === 0) await page.goto(url);
        else await openInApp(page, url);
        await settled(page);
        await expect(page.getByRole('article').first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        // Nothing is wider than the screen (long words wrap).
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${name} ${language} ${width}`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join('test-results', 'screens', `social-${name}-${language}-${width}.png`), fullPage: true });
        await expectAccessible(page, `${url} ${language} ${width}`);
      }
      await page.context().close();
      const authorPage = await pageAs(browser, author, language, width);
      await authorPage.goto('/request');
      await expect(
        authorPage
          .getByRole('list', { name: language === 'ja' ? '届いたフォローリクエスト' : 'Follow requests received' })
          .getByRole('listitem')
          .first(),
      ).toBeVisible();
      await authorPage.screenshot({ path: path.join('test-results', 'screens', `social-request-${language}-${width}.png`), fullPage: true });
      await expectAccessible(authorPage, `/request ${language} ${width}`);
      await authorPage.context().close();
    }
  }
});
