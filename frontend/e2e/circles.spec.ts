import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { logIn, makeJpeg } from './support/app';
import { expectAccessible } from './support/a11y';
import { PASSWORD, apiBook, apiUser, uniqueCsv, useToken } from './support/seed';
import type { SeededUser } from './support/seed';

/**
 * Circles: A creates a circle with an icon and invites B; B opens the invitation URL logged out,
 * logs in and lands in the circle as a member, and posts in the thread; C (not a member) sees the
 * header but not the thread and asks to join; B's data posted to the circle becomes a Book on its
 * bookshelf, a Book for members only (C, while their application waits, finds no such Book); A
 * approves on the waiting tab; C reads the thread and the Book; B makes the Book public and a
 * visitor reads it.
 * A visitor sees the header and a login prompt. axe on each screen.
 */
async function pageAs(browser: Browser, user: SeededUser | null, language: 'en' | 'ja' = 'en', width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 740 : 900 } });
  const page = await context.newPage();
  if (user) await useToken(page, user.token, language);
  else await page.addInitScript((l) => window.localStorage.setItem('language', l), language);
  return page;
}

/** Nothing wider than the screen (360 px phones). */
async function fitsWidth(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
}

test('create, invite, join by the invitation URL, post, ask to join, approve', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const [a, b, c] = await Promise.all([
    apiUser(request, { label: 'circle-a', nickName: `Aoi${stamp}` }),
    apiUser(request, { label: 'circle-b', nickName: `Ben${stamp}` }),
    apiUser(request, { label: 'circle-c', nickName: `Chika${stamp}` }),
  ]);
  const title = `Tea lab ${stamp}`;

  // A creates the circle with an icon (cropped to a square in the browser) and a default cover.
  const owner = await pageAs(browser, a);
  await owner.goto('/communitylist');
  await owner.getByRole('button', { name: 'Create a circle' }).click();
  const create = owner.getByRole('dialog', { name: 'Create a circle' });
  await create.getByRole('textbox', { name: 'Name' }).fill(title);
  await create.getByRole('textbox', { name: 'Description' }).fill('We measure tea.');
  await owner.getByTestId('circle-image-input').setInputFiles({ name: 'icon.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(owner) });
  await expect(create.getByRole('img', { name: "The circle's icon" })).toBeVisible();
  await expectAccessible(owner, 'create-circle dialog');
  await create.getByRole('button', { name: 'Create a circle' }).click();
  await expect(owner.getByText('Circle created')).toBeVisible();
  await expect(owner).toHaveURL(/\/communitypage\/\d+$/);
  const id = Number(/\/communitypage\/(\d+)/.exec(owner.url())?.[1]);
  await expect(owner.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Joined' })).toBeDisabled();
  await expectAccessible(owner, '/communitypage/{id} owner');

  // A invites B from the invite dialog.
  await owner.getByRole('button', { name: 'Invite' }).click();
  const invite = owner.getByRole('dialog', { name: `Invite to ${title}` });
  await invite.getByRole('searchbox', { name: 'Search users' }).fill(`Ben${stamp}`);
  await invite.getByRole('button', { name: 'Search' }).click();
  await invite.getByRole('button', { name: `Invite Ben${stamp}` }).click();
  await expect(owner.getByText('The invitation was sent.')).toBeVisible();
  await expectAccessible(owner, 'invite dialog');
  await invite.getByRole('button', { name: 'Close' }).click();

  // B opens the invitation URL logged out, logs in, and lands in the circle as a member.
  const invited = await pageAs(browser, null);
  await invited.goto(`/communitylogin/${id}`);
  await expect(invited.getByRole('heading', { name: 'You are invited' })).toBeVisible();
  await expect(invited.getByText(`You are invited to ${title}.`)).toBeVisible();
  await expectAccessible(invited, '/communitylogin/{id}');
  await invited.getByRole('link', { name: 'Log in or sign up' }).click();
  await logIn(invited, b.email, PASSWORD);
  await expect(invited).toHaveURL(new RegExp(`/communitypage/${id}$`));
  await expect(invited.getByRole('button', { name: 'Joined' })).toBeDisabled();

  // B posts in the thread.
  await invited.getByRole('button', { name: 'Write a post' }).click();
  const composer = invited.getByRole('dialog', { name: 'New post' });
  await composer.getByRole('textbox', { name: 'Text' }).fill('First brew of the season');
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(invited.getByRole('list', { name: 'Posts of the circle' }).getByText('First brew of the season')).toBeVisible();
  await expectAccessible(invited, '/communitypage/{id} member');

  // B posts data to the circle; once its Book is made, A finds it on the bookshelf.
  const book = await apiBook(request, b, `Tea harvest ${stamp}`, await uniqueCsv(`tea-${stamp}`), '', id);
  await owner.goto(`/communitypagebook/${id}`);
  await expect(owner.locator(`a[href="/mono/${book}"]`).first()).toBeVisible();
  await expectAccessible(owner, '/communitypagebook/{id}');

  // C sees the header but not the thread, and asks to join.
  const outsider = await pageAs(browser, c);
  await outsider.goto(`/communitypage/${id}`);
  await expect(outsider.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(outsider.getByTestId('members-only')).toBeVisible();
  await expect(outsider.getByText('First brew of the season')).toHaveCount(0);
  await expectAccessible(outsider, '/communitypage/{id} non-member');
  await outsider.getByRole('button', { name: 'Apply to join' }).click();
  await expect(outsider.getByText('Your application to join was sent.')).toBeVisible();
  await expect(outsider.getByRole('button', { name: 'Application pending' })).toBeDisabled();
  // The circle's Book is the members': a pending application does not open it.
  await outsider.goto(`/mono/${book}`);
  await expect(outsider.getByText('This Book does not exist.')).toBeVisible();
  await outsider.goto(`/communitypage/${id}`);

  // A approves on the waiting tab.
  await owner.goto(`/communitypagewaiting/${id}`);
  await owner.getByRole('button', { name: 'Approve' }).click();
  await expect(owner.getByText('The user has joined.')).toBeVisible();
  await expectAccessible(owner, '/communitypagewaiting/{id}');

  // C now reads the thread.
  await outsider.reload();
  await expect(outsider.getByText('First brew of the season')).toBeVisible();
  // ... and the Book, as a member: marked as the circle's, with no button to make it public.
  await outsider.goto(`/mono/${book}`);
  await expect(outsider.locator('#book-title')).toBeVisible();
  await expect(outsider.getByText(/only their members can see it/)).toBeVisible();
  await expect(outsider.getByRole('button', { name: 'Make public' })).toHaveCount(0);

  // B, whose data made the Book, makes it public; then a visitor reads it.
  const creator = await pageAs(browser, b);
  await creator.goto(`/mono/${book}`);
  await expect(creator.getByText(/only their members can see it/)).toBeVisible();
  await expectAccessible(creator, '/mono/{id} members-only, creator');
  await creator.getByRole('button', { name: 'Make public' }).click();
  await expect(creator.getByText('This Book is public now')).toBeVisible();
  await expect(creator.getByText(/only their members can see it/)).toHaveCount(0);
  const reader = await pageAs(browser, null);
  await reader.goto(`/mono/${book}`);
  await expect(reader.locator('#book-title')).toBeVisible();
  await expect(reader.getByText('This Book does not exist.')).toHaveCount(0);

  // A visitor sees the header and a login prompt.
  const visitor = await pageAs(browser, null);
  await visitor.goto(`/communitypage/${id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText('Log in to join the circle and read its thread.')).toBeVisible();
  await expectAccessible(visitor, '/communitypage/{id} visitor');

  // At 360 px: the member's thread, and a Japanese visitor's header and prompt.
  await invited.setViewportSize({ width: 360, height: 740 });
  await invited.reload();
  await expect(invited.getByText('First brew of the season')).toBeVisible();
  await fitsWidth(invited);
  await expectAccessible(invited, '/communitypage/{id} member 360');
  const phoneVisitor = await pageAs(browser, null, 'ja', 360);
  await phoneVisitor.goto(`/communitypage/${id}`);
  await expect(phoneVisitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(phoneVisitor.getByText('ログインしてサークルに参加すると、スレッドを読めます。')).toBeVisible();
  await fitsWidth(phoneVisitor);
  await expectAccessible(phoneVisitor, '/communitypage/{id} visitor 360 ja');
});
