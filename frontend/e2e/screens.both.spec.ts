import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { openInApp, settled, snap, trackRequests } from './support/app';
import { expectAccessible } from './support/a11y';
import { keyLikeTexts } from './support/i18n-keys';
import { apiBook, apiUser, useToken } from './support/seed';
import type { SeededUser } from './support/seed';

/**
 * Every screen that exists, as a visitor and logged in, in both languages, at the project's
 * width (1280 or 360 px): axe finds no serious or critical violation, nothing scrolls sideways,
 * and each screen names itself in the document title.
 */

let owner: SeededUser;
let bookId: number;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  const request = await playwrightRequest.newContext({ baseURL });
  owner = await apiUser(request, { label: 'screens', nickName: 'Screens owner', caption: 'データを共有しています' });
  bookId = await apiBook(request, owner, '都道府県別 健康保険料率');
  await request.dispose();
});

function screens(): Array<{ path: string; name: string; snap?: boolean }> {
  return [
    { path: '/login', name: 'login', snap: true },
    { path: '/please-verify', name: 'please-verify' },
    { path: '/forgot', name: 'forgot' },
    { path: '/reset-password/1/not-a-key', name: 'reset-password' },
    { path: '/verify/1/not-a-key', name: 'verify' },
    { path: '/home', name: 'home', snap: true },
    { path: '/recommend', name: 'recommend', snap: true },
    { path: '/recommenduser', name: 'recommenduser' },
    { path: `/mono/${bookId}`, name: 'mono', snap: true },
    { path: `/owningpage/${bookId}`, name: 'owningpage' },
    { path: '/owningpages', name: 'owningpages' },
    { path: '/posteddata', name: 'posteddata' },
    { path: '/followingpagelist', name: 'followingpagelist' },
    { path: '/likedposts', name: 'likedposts' },
    { path: '/users', name: 'users' },
    { path: '/request', name: 'request' },
    { path: '/userpage', name: 'userpage', snap: true },
    { path: '/userpagebook', name: 'userpagebook' },
    { path: `/user/${owner.userId}`, name: 'user' },
    { path: `/specificuserbook?user_id=${owner.userId}`, name: 'specificuserbook' },
    { path: '/account', name: 'account' },
    { path: '/settings', name: 'settings', snap: true },
    { path: '/languagesetting', name: 'languagesetting' },
    { path: '/deleteaccount', name: 'deleteaccount' },
    { path: '/logout', name: 'logout' },
    { path: `/getpage?pageId=${bookId}`, name: 'getpage' },
    { path: '/bankaccount', name: 'bankaccount' },
    { path: '/Notations-SCTA', name: 'notations-scta' },
    { path: '/terms', name: 'terms', snap: true },
    { path: '/privacy', name: 'privacy' },
    { path: '/no-such-screen', name: 'not-found' },
  ];
}

async function visitAll(page: Page, who: 'visitor' | 'user', language: 'ja' | 'en') {
  const problems: string[] = [];
  trackRequests(page);
  // Nobody to log out: a visitor's /logout is the login screen (issue 27).
  for (const [index, screen] of screens()
    .filter((s) => who === 'user' || s.path !== '/logout')
    .entries()) {
    if (index === 0) await page.goto(screen.path);
    else await openInApp(page, screen.path);
    await settled(page);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // Lists and Books have loaded: no skeleton is left.
    await expect(page.locator('[data-skeleton]')).toHaveCount(0);
    await expectAccessible(page, `${who} ${screen.name}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) problems.push(`${screen.path} scrolls sideways by ${overflow}px`);
    // No text that looks like a translation key ("posts.likedTitle" on a tab).
    for (const key of await keyLikeTexts(page)) problems.push(`${screen.path} shows the key-like text “${key}”`);
    const title = await page.title();
    if (!/^.+ — monobook$/.test(title)) problems.push(`${screen.path} has the title “${title}”`);
    if (screen.snap) await snap(page, `screens-${test.info().project.name}-${language}-${who}-${screen.name}`);
  }
  expect(problems).toEqual([]);
}

for (const language of ['en', 'ja'] as const) {
  test(`every screen as a visitor (${language})`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.addInitScript((l) => window.localStorage.setItem('language', l), language);
    await visitAll(page, 'visitor', language);
  });

  test(`every screen logged in (${language})`, async ({ page }) => {
    test.setTimeout(240_000);
    await useToken(page, owner.token, language);
    // The account's language wins over the browser's: save it to the account first.
    await page.request.patch('/api/user/account/', { headers: { Authorization: `Token ${owner.token}` }, data: { language } });
    await visitAll(page, 'user', language);
  });
}
