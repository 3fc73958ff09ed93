import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { startStripeStandIn, type StripeStandIn } from '../../backend/scripts/stripe-stand-in.mjs';
import { expectAccessible } from './support/a11y';
import { snap } from './support/app';
import { apiUser, useToken } from './support/seed';

/**
 * A paid ad, end to end, with the Stripe stand-in in place of Stripe (a server of this journey's
 * own; the shared webServer has payments off): the advertiser fills the ad form, pays on the
 * stand-in's checkout page, comes back to the registered message, sees the ad after the 5th item
 * of /home, clicks it (the server counts the click through the served offer), and finds the
 * counted click on /userpage.
 */
const APP_PORT = Number(process.env.E2E_ADS_PORT ?? Number(process.env.E2E_PORT ?? '3100') + 30);
const APP = `http://127.0.0.1:${APP_PORT}`;
const SECRET = 'whsec_e2e_ads';
/** A 4×2 PNG: a valid image for the ad (the server checks and re-encodes it). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWOw6oqBIwZkDgB0CgkBG97MdAAAAABJRU5ErkJggg==', 'base64');

let standIn: StripeStandIn;
let app: ChildProcess | undefined;
let dataDir: string;
let api: APIRequestContext;
const sharedDataDir = process.env.E2E_DATA_DIR;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  standIn = await startStripeStandIn({ webhookUrl: `${APP}/api/user/stripe-webhook/`, webhookSecret: SECRET });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'monobook-e2e-ads-'));
  // The seeding helpers read mail from E2E_DATA_DIR: this server's, for this file.
  process.env.E2E_DATA_DIR = dataDir;
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
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: standIn.url,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (app.exitCode !== null) throw new Error(`the ads journey's server exited (${app.exitCode})`);
    try {
      if ((await fetch(`${APP}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the ads journey's server did not answer on ${APP}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  api = await playwrightRequest.newContext({ baseURL: APP });
});

test.afterAll(async () => {
  process.env.E2E_DATA_DIR = sharedDataDir;
  await api?.dispose();
  if (app && app.exitCode === null) {
    const exited = new Promise((resolve) => app!.once('exit', resolve));
    app.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
  await standIn?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('create an ad, pay through the stand-in, see it after the 5th item on /home, click it, see the count on /userpage', async ({ browser }) => {
  test.setTimeout(180_000);
  const advertiser = await apiUser(api, { label: 'advertiser', nickName: 'Advertiser' });
  for (let i = 1; i <= 6; i++) {
    const post = await api.post('/api/user/monopost/', { headers: { Authorization: `Token ${advertiser.token}` }, data: { text: `Timeline post ${i}` } });
    expect(post.status(), await post.text()).toBe(201);
  }
  const context = await browser.newContext({
    baseURL: APP,
    locale: 'en-US',
    storageState: { cookies: [], origins: [{ origin: APP, localStorage: [{ name: 'last-visit', value: String(Date.now()) }] }] },
  });
  const page = await context.newPage();
  await useToken(page, advertiser.token, 'en');

  // The form: image, text, link, per click, 3 tags, terms; submit only once image, text and terms are there.
  await page.goto('/adapplication');
  await expect(page.getByRole('heading', { name: 'Advertise' })).toBeVisible();
  await expectAccessible(page, 'adapplication');
  await page.getByRole('button', { name: 'Create an ad' }).click();
  const dialog = page.getByRole('dialog', { name: 'New ad' });
  const submit = dialog.getByRole('button', { name: 'Pay and publish' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Ad image').setInputFiles({ name: 'ad.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('textbox', { name: /Ad text/ }).fill('Fresh data on rainfall');
  await dialog.getByRole('textbox', { name: /Link/ }).fill('https://shop.example/rain');
  await dialog.getByRole('combobox', { name: 'Billing' }).selectOption('1');
  await expect(dialog.getByRole('combobox', { name: 'Amount' })).toContainText('3,000 clicks');
  const chips = dialog.locator('.MuiChip-root');
  await expect(chips.nth(3)).toBeVisible();
  for (let i = 0; i < 3; i++) await chips.nth(i).click();
  await dialog.getByRole('checkbox', { name: /I agree/ }).check();
  await expect(submit).toBeEnabled();
  await expectAccessible(page, 'ad form');
  await snap(page, 'ads-1-form-en');
  await submit.click();

  // Stripe's checkout (the stand-in), then back to /adapplication with the registered message.
  await expect(page).toHaveURL(new RegExp(`^${standIn.url}/pay/cs_test_`));
  await page.getByRole('button', { name: /^Pay ¥[\d,]+ by card$/ }).click();
  await expect(page.getByText('Your ad campaign has been registered.')).toBeVisible();
  await expect(page).toHaveURL(`${APP}/adapplication`);

  // /home: the ad after the 5th post.
  await page.goto('/home');
  const feed = page.getByRole('list', { name: 'Posts' });
  const ad = feed.getByTestId('ad-slot');
  await expect(ad).toContainText('Fresh data on rainfall');
  await expect(feed.locator('> li').nth(5)).toContainText('Fresh data on rainfall');
  await expect(feed.locator('> li').nth(4)).not.toContainText('Fresh data on rainfall');
  await expectAccessible(page, 'home with an ad');
  await snap(page, 'ads-2-home-en');
  const [opened] = await Promise.all([context.waitForEvent('page'), ad.getByRole('link', { name: /Fresh data on rainfall/ }).click()]);
  await opened.close();

  // /userpage: the click counted, with the remaining count.
  await expect
    .poll(async () => {
      await page.goto('/userpage');
      return (await page.getByTestId('my-ad').textContent({ timeout: 10_000 })) ?? '';
    }, { timeout: 30_000 })
    .toContain('1 clicks');
  const mine = page.getByTestId('my-ad');
  await expect(mine).toContainText('2998 left');
  await expect(mine).toContainText('Running');
  await expectAccessible(page, 'userpage with ads');
  await context.close();
});
