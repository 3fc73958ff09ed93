import { spawn, type ChildProcess } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { decodeJwt } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';
import { expectAccessible } from './support/a11y';
import { selectOption, snap } from './support/app';

/**
 * Sign-in with LINE, end to end: a local OpenID issuer (oauth2-mock-server) stands in for LINE
 * and a server of this journey's own is configured with LINE_* pointing at it (the shared
 * webServer has no providers). The browser follows the real redirects: /login → the app's
 * /api/user/line-login/ → the stand-in's authorize endpoint → the app's callback → /login?code=…,
 * which the page exchanges for the session (the code is bound to this browser's cookie). A second
 * stand-in plays Yahoo! JAPAN, for linking it from the account page.
 */
const LINE_SECRET = 'line-channel-secret-for-e2e-0123456789';
const APP_PORT = Number(process.env.E2E_LINE_PORT ?? Number(process.env.E2E_PORT ?? '3100') + 10);
const APP = `http://127.0.0.1:${APP_PORT}`;

const TEXT = {
  en: {
    login: 'Log in',
    line: 'Log in with LINE',
    profile: 'Your profile',
    nickname: 'Nickname',
    year: 'Year',
    month: 'Month',
    day: 'Day',
    save: 'Save',
    methods: 'Ways to log in',
    logout: 'Log out',
    cancelled: 'The login was cancelled.',
  },
  ja: {
    login: 'ログイン',
    line: 'LINEでログイン',
    profile: 'プロフィール',
    nickname: 'ニックネーム',
    year: '年',
    month: '月',
    day: '日',
    save: '保存',
    methods: 'ログイン方法',
    logout: 'ログアウト',
    cancelled: 'ログインはキャンセルされました。',
  },
} as const;

/** An HS256 JWT, as LINE web login signs its ID tokens (with the channel secret). */
function hs256(claims: object, secret: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${body}.${crypto.createHmac('sha256', secret).update(body).digest('base64url')}`;
}

let line: OAuth2Server;
let yahoo: OAuth2Server;
let app: ChildProcess | undefined;
let dataDir: string;
/** Who the stand-in says signed in. */
let person: { sub: string; email?: string } = { sub: 'U-unset' };
let yahooPerson: { sub: string; email?: string; email_verified?: boolean } = { sub: 'Y-unset' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  line = new OAuth2Server();
  const jwk = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  await line.issuer.keys.add({ ...jwk, alg: 'RS256', kid: crypto.randomUUID() });
  line.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, person);
  });
  // LINE web login signs ID tokens with the channel secret (HS256); the stand-in signs with its
  // RS256 key, so the token is signed again (synchronously: the stand-in does not await hooks).
  line.service.on('beforeResponse', (response) => {
    const body = response.body as Record<string, unknown>;
    if (body && typeof body.id_token === 'string') body.id_token = hs256(decodeJwt(body.id_token), LINE_SECRET);
  });
  await line.start(0, '127.0.0.1');
  yahoo = new OAuth2Server();
  const yahooJwk = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  await yahoo.issuer.keys.add({ ...yahooJwk, alg: 'RS256', kid: crypto.randomUUID() });
  yahoo.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, yahooPerson);
  });
  await yahoo.start(0, '127.0.0.1');

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'monobook-e2e-line-'));
  app = spawn(process.execPath, [path.resolve('../scripts/e2e-server.mjs')], {
    cwd: path.resolve('..'),
    env: {
      ...process.env,
      PORT: String(APP_PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: APP,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      LINE_CHANNEL_ID: 'line-channel',
      LINE_CHANNEL_SECRET: LINE_SECRET,
      LINE_ISSUER: line.issuer.url!,
      YAHOO_CLIENT_ID: 'yahooclient01',
      YAHOO_CLIENT_SECRET: 'yahoo-secret',
      YAHOO_ISSUER: yahoo.issuer.url!,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (app.exitCode !== null) throw new Error(`the LINE journey's server exited (${app.exitCode})`);
    try {
      if ((await fetch(`${APP}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the LINE journey's server did not answer on ${APP}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (app && app.exitCode === null) {
    const exited = new Promise((resolve) => app!.once('exit', resolve));
    app.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
  await line?.stop();
  await yahoo?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The session token the page keeps (the page reloads once it has taken it from the address). */
function token(page: Page): Promise<string | null | undefined> {
  return page.evaluate(() => localStorage.getItem('current-token')).catch(() => undefined);
}

/** The language the page shows now (the account's, once logged in). */
async function shown(page: Page): Promise<(typeof TEXT)['en' | 'ja']> {
  return (await page.evaluate(() => document.documentElement.lang)).startsWith('ja') ? TEXT.ja : TEXT.en;
}

async function openPage(browser: Browser, language: 'en' | 'ja'): Promise<Page> {
  const context = await browser.newContext({ locale: language === 'ja' ? 'ja-JP' : 'en-US' });
  return context.newPage();
}

for (const language of ['en', 'ja'] as const) {
  test(`a new user logs in with LINE, makes a profile, logs out and comes back with LINE (${language})`, async ({ browser }) => {
    person = { sub: `U-line-${language}-${Date.now()}`, email: `line-${language}-${Date.now()}@example.com` };
    const page = await openPage(browser, language);
    const before = TEXT[language];

    await page.goto(`${APP}/login`);
    await expect(page.getByRole('heading', { name: before.login, exact: true })).toBeVisible();
    const lineButton = page.getByRole('link', { name: before.line });
    await expect(lineButton).toBeVisible();
    await expectAccessible(page, 'login with LINE');
    await snap(page, `line-1-login-${language}`);

    // First sign-in: an account is made; with no profile yet, the app opens /account.
    await lineButton.click();
    await expect(page).toHaveURL(`${APP}/account`);
    await expect.poll(() => token(page)).toBeTruthy();
    // The UI follows the account's language once logged in (a new provider account is made in the
    // language the visitor's browser asked for), so read what the page shows.
    await expect(page.getByRole('list', { name: /^(Ways to log in|ログイン方法)$/ })).toBeVisible();
    let text = await shown(page);
    await expect(page.getByRole('heading', { name: text.profile, exact: true })).toBeVisible();
    const methods = page.getByRole('list', { name: text.methods });
    await expect(methods).toBeVisible();
    await expect(methods.getByRole('listitem').filter({ hasText: 'LINE' })).toContainText(person.email!);
    await methods.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'account with ways to log in');
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, `line-2-account-${language}`);

    await page.getByLabel(text.nickname).fill(language === 'ja' ? 'ライン花子' : 'Line Hanako');
    await selectOption(page, text.year, '1990');
    await selectOption(page, text.month, '5');
    await selectOption(page, text.day, '17');
    await page.getByRole('button', { name: text.save, exact: true }).click();
    await expect(page).toHaveURL(`${APP}/home`);

    await page.goto(`${APP}/logout`);
    await page.getByRole('button', { name: text.logout, exact: true }).click();
    await expect(page).toHaveURL(`${APP}/login`);
    await expect.poll(() => token(page)).toBeNull();
    text = await shown(page);

    // The same LINE account again: the same user, who has a profile, lands on /home.
    await page.getByRole('link', { name: text.line }).click();
    await expect(page).toHaveURL(`${APP}/home`);
    await expect.poll(() => token(page)).toBeTruthy();
    await page.goto(`${APP}/userpage`);
    await expect(page.getByRole('heading', { name: language === 'ja' ? 'ライン花子' : 'Line Hanako' })).toBeVisible();
    await page.context().close();
  });

  test(`a LINE login that was cancelled says so on /login (${language})`, async ({ browser }) => {
    const text = TEXT[language];
    const page = await openPage(browser, language);
    await page.goto(`${APP}/login?error=cancelled`);
    await expect(page.getByRole('alert').filter({ hasText: text.cancelled })).toBeVisible();
    await expect(page.getByRole('link', { name: text.line })).toBeVisible();
    await expectAccessible(page, 'login after a cancelled LINE login');
    await page.context().close();
  });
}

test('a visitor who used English still sees English after the first LINE login', async ({ browser }) => {
  // A new account made by a provider sign-in takes the visitor's language (Accept-Language of the
  // start of the flow), and the UI follows the account's language.
  person = { sub: `U-line-lang-${Date.now()}` };
  const page = await openPage(browser, 'en');
  await page.goto(`${APP}/login`);
  await page.getByRole('link', { name: TEXT.en.line }).click();
  await expect(page).toHaveURL(`${APP}/account`);
  await expect(page.getByRole('list', { name: /^(Ways to log in|ログイン方法)$/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  await page.context().close();
});

test('a visitor is welcomed with the sign-in choices once, and again only after 3 hours', async ({ browser }) => {
  const page = await openPage(browser, 'en');
  await page.goto(`${APP}/recommend`);
  // A server-rendered page: the welcome opens once the visitor starts reading (src/features/auth/components/welcome.tsx).
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await page.mouse.wheel(0, 200);
  const welcome = page.getByRole('dialog', { name: 'Welcome to monobook' });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByRole('link', { name: TEXT.en.line })).toBeVisible();
  await expect(welcome.getByRole('link', { name: 'Log in or sign up with email' })).toBeVisible();
  await expectAccessible(page, 'welcome dialog');
  await snap(page, 'line-3-welcome-en');
  await welcome.getByRole('button', { name: 'Try without logging in' }).click();
  await expect(welcome).toBeHidden();

  // A reload soon after: no welcome. A last visit more than 3 hours ago: welcome again.
  await page.reload();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('last-visit', String(Date.now() - 10_800_001)));
  await page.reload();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await page.mouse.wheel(0, 200);
  await expect(page.getByRole('dialog', { name: 'Welcome to monobook' })).toBeVisible();
  await page.context().close();
});

/** A new LINE account signed in on a page of its own (English); answers the page and its token. */
async function lineUser(browser: Browser, who: string): Promise<{ page: Page; token: string; email: string }> {
  const email = `${who}-${Date.now()}@example.com`;
  person = { sub: `U-${who}-${Date.now()}`, email };
  const page = await openPage(browser, 'en');
  await page.goto(`${APP}/login`);
  await page.getByRole('link', { name: TEXT.en.line }).click();
  await expect(page).toHaveURL(`${APP}/account`);
  await expect.poll(() => token(page)).toBeTruthy();
  return { page, token: (await token(page))!, email };
}

/** The address shown for LINE in the account's ways to log in: whose account the page is. */
async function expectAccountOf(page: Page, email: string): Promise<void> {
  await page.goto(`${APP}/account`);
  const methods = page.getByRole('list', { name: TEXT.en.methods });
  await expect(methods.getByRole('listitem').filter({ hasText: 'LINE' })).toContainText(email);
}

test("a signed-in person who opens /login?token=<someone else's token> stays who they are (issue 36)", async ({ browser }) => {
  const attacker = await lineUser(browser, 'attacker');
  const victim = await lineUser(browser, 'victim');
  // The attacker's link, opened by the victim: the page does not take the token.
  await victim.page.goto(`${APP}/login?token=${attacker.token}&next=/home`);
  await expect(victim.page.getByRole('heading', { name: TEXT.en.login, exact: true })).toBeVisible();
  await expect(victim.page).not.toHaveURL(/token=/);
  expect(await token(victim.page)).toBe(victim.token);
  await expectAccountOf(victim.page, victim.email);
  // Someone signed in nowhere is not signed in by such a link either.
  const stranger = await openPage(browser, 'en');
  await stranger.goto(`${APP}/login?token=${attacker.token}&next=/home`);
  await expect(stranger.getByRole('heading', { name: TEXT.en.login, exact: true })).toBeVisible();
  expect(await token(stranger)).toBeNull();
  await Promise.all([attacker.page.context().close(), victim.page.context().close(), stranger.context().close()]);
});

test('signed in as one account, a LINE sign-in as another asks which one to use (issue 36)', async ({ browser }) => {
  const first = await lineUser(browser, 'first');
  const page = first.page;
  // The same browser signs in with LINE as someone else: not switched silently.
  person = { sub: `U-second-${Date.now()}`, email: `second-${Date.now()}@example.com` };
  const second = person.email!;
  await page.goto(`${APP}/login`);
  await page.getByRole('link', { name: TEXT.en.line }).click();
  let dialog = page.getByRole('dialog', { name: 'Which account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`You are logged in as ${first.email}. The login you just finished is for another account: ${second}.`);
  await expectAccessible(page, 'which account dialog');
  await snap(page, 'line-4-which-account-en');
  await dialog.getByRole('button', { name: `Stay as ${first.email}` }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/\/login/);
  expect(await token(page)).toBe(first.token);
  await expectAccountOf(page, first.email);

  // Again, and this time continue as the other account.
  await page.goto(`${APP}/login`);
  await page.getByRole('link', { name: TEXT.en.line }).click();
  dialog = page.getByRole('dialog', { name: 'Which account?' });
  await dialog.getByRole('button', { name: `Continue as ${second}` }).click();
  await expect(page).toHaveURL(`${APP}/account`);
  await expect.poll(() => token(page)).not.toBe(first.token);
  await expectAccountOf(page, second);
  // The session left behind was ended.
  expect((await fetch(`${APP}/api/user/account/`, { headers: { Authorization: `Token ${first.token}` } })).status).toBe(401);
  await page.context().close();
});

test('linking Yahoo! JAPAN finishes in the browser that asked; the link URL opened elsewhere links nothing (issue 36)', async ({ browser }) => {
  const owner = await lineUser(browser, 'linker');
  const page = owner.page;
  yahooPerson = { sub: `Y-linker-${Date.now()}`, email: owner.email, email_verified: true };
  const methods = page.getByRole('list', { name: TEXT.en.methods });
  await methods.getByRole('button', { name: 'Link Yahoo! JAPAN' }).click();
  await expect(page.getByText('Yahoo! JAPAN is now linked to your account.')).toBeVisible();
  await expect(methods.getByRole('listitem').filter({ hasText: 'Yahoo! JAPAN' })).toContainText(owner.email);

  // Someone asks for a link URL and sends it to a victim, who opens it in their own browser.
  const attacker = await lineUser(browser, 'link-attacker');
  const url = await attacker.page.evaluate(async (key) => {
    const res = await fetch('/api/user/sign-in-methods/yahoo/start/', { method: 'POST', headers: { Authorization: `Token ${key}` } });
    return ((await res.json()) as { url: string }).url;
  }, attacker.token);
  const victim = await lineUser(browser, 'link-victim');
  yahooPerson = { sub: `Y-victim-${Date.now()}`, email: victim.email, email_verified: true };
  await victim.page.goto(url);
  await expect(victim.page).toHaveURL(`${APP}/account`);
  await expect(
    victim.page.getByText('The link was not made: finish linking in the browser where you asked for it, while logged in to the same account.'),
  ).toBeVisible();
  const linked = await (await fetch(`${APP}/api/user/sign-in-methods/`, { headers: { Authorization: `Token ${attacker.token}` } })).json();
  expect(linked.methods.map((m: { provider: string }) => m.provider)).toEqual(['line']);
  await Promise.all([page.context().close(), attacker.page.context().close(), victim.page.context().close()]);
});
