import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { apiUser, useToken } from './support/seed';
import type { SeededUser } from './support/seed';

/**
 * The live bell: B likes and comments on A's post while A's page is open; A's bell count rises
 * without a reload (the event stream); A opens the dialog, clicks the comment notification and
 * lands on the post; A turns likes off, and C's like then adds nothing.
 */
const auth = (user: SeededUser) => ({ Authorization: `Token ${user.token}` });

async function like(request: APIRequestContext, user: SeededUser, postId: number) {
  const answer = await request.put(`/api/user/monopost/${postId}/`, { headers: auth(user), data: { liked: [user.userId] } });
  expect(answer.status(), await answer.text()).toBe(200);
}

async function comment(request: APIRequestContext, user: SeededUser, postId: number, text: string) {
  const answer = await request.post('/api/user/monocomment/', { headers: auth(user), data: { post: postId, text } });
  expect(answer.status(), await answer.text()).toBe(201);
}

/** The bell's badge shows `count` on one line (at most as tall as it is wide). */
async function expectOneLineBadge(page: Page, count: string): Promise<void> {
  const badge = page.getByTestId('notification-count').locator('.MuiBadge-badge');
  await expect(badge).toHaveText(count);
  const box = await badge.boundingBox();
  expect(box, 'the badge is on the screen').not.toBeNull();
  expect(box!.height, JSON.stringify(box)).toBeLessThanOrEqual(box!.width);
}

test('the bell rises live, the dialog leads to the post, and a setting turned off is respected', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const a = await apiUser(request, { label: 'notified', nickName: 'Aoi', caption: 'Posts about data' });
  const b = await apiUser(request, { label: 'liker', nickName: 'Ben', caption: 'Likes things' });
  const c = await apiUser(request, { label: 'late', nickName: 'Chika', caption: 'Comes later' });
  const created = await request.post('/api/user/monopost/', { headers: auth(a), data: { text: 'Rainfall by prefecture, 2025' } });
  expect(created.status(), await created.text()).toBe(201);
  const postId = ((await created.json()) as { id: number }).id;

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await useToken(page, a.token, 'en');
  await page.addInitScript(() => window.localStorage.setItem('bell-stream', 'on'));
  await page.goto('/home');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');

  // B acts; A's open page hears of it without a reload.
  await like(request, b, postId);
  await comment(request, b, postId, 'Which year had the most rain?');
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread', { timeout: 15_000 });

  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog.getByText('Ben commented on your post')).toBeVisible();
  await expect(dialog.getByText('Ben liked your post')).toBeVisible();
  await expectAccessible(page, 'notification dialog');
  await dialog.getByText('Ben commented on your post').click();
  await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));
  await expect(page.getByText('Rainfall by prefecture, 2025')).toBeVisible();
  // Closing the dialog (by following the link) marked everything read.
  await expect(bell).toHaveAccessibleName('Notifications');

  // A turns likes off.
  await page.goto('/notificationsetting');
  const likes = page.getByRole('switch', { name: 'Likes of your posts' });
  await expect(likes).toBeChecked();
  await likes.click();
  await expect(likes).not.toBeChecked();
  await expectAccessible(page, '/notificationsetting');

  // C likes (nothing) and then comments (one): the bell says 1.
  await like(request, c, postId);
  await comment(request, c, postId, 'Nice');
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 15_000 });
  const list = (await (await request.get('/api/user/notifications/all/?count=0', { headers: auth(a) })).json()) as Array<{
    type: string;
    relatedUser: { userId: number } | null;
  }>;
  expect(list.filter((n) => n.relatedUser?.userId === c.userId).map((n) => n.type)).toEqual(['post_commented']);

  // Two digits stay on one line in the badge (the page's overflow-wrap: anywhere stacked them,
  // a "1" over a "1").
  for (let i = 0; i < 10; i++) await comment(request, c, postId, `More ${i}`);
  await expect(bell).toHaveAccessibleName('Notifications, 11 unread', { timeout: 15_000 });
  await expectOneLineBadge(page, '11');

  // In Japanese at 360 px: the dialog and the settings screen.
  const language = await request.patch('/api/user/account/', { headers: auth(a), data: { language: 'ja' } });
  expect(language.status(), await language.text()).toBe(200);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.evaluate(() => window.localStorage.setItem('language', 'ja'));
  await page.goto('/notificationsetting');
  await expect(page.getByRole('heading', { name: '通知設定' })).toBeVisible();
  await expect(page.getByRole('switch', { name: '投稿へのいいね' })).not.toBeChecked();
  await expectOneLineBadge(page, '11');
  await expectAccessible(page, '/notificationsetting ja 360');
  await page.getByTestId('notification-bell').click();
  const dialogJa = page.getByRole('dialog', { name: 'お知らせ' });
  await expect(dialogJa.getByText('Chikaさんがあなたの投稿にコメントしました').first()).toBeVisible();
  await expectAccessible(page, 'notification dialog ja 360');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await context.close();
});
