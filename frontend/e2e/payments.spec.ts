import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { startStripeStandIn, type StripeStandIn } from '../../backend/scripts/stripe-stand-in.mjs';
import { expectAccessible } from './support/a11y';
import { snap } from './support/app';
import { apiUser, uniqueCsv, useToken, type SeededUser } from './support/seed';

/**
 * Buying a ¥800 Book, end to end, with the Stripe stand-in (backend/scripts/stripe-stand-in.mjs)
 * in place of Stripe: a server of this journey's own has STRIPE_* pointing at it (the shared
 * webServer has payments off). The data owner sets up payouts on the stand-in's onboarding page;
 * the buyer pays on its checkout page, which posts the signed webhook and returns to /gotpage;
 * the buyer lands on /owningpages and downloads the file; the owner sees the sale on /bankaccount.
 */
const APP_PORT = Number(process.env.E2E_PAYMENTS_PORT ?? Number(process.env.E2E_PORT ?? '3100') + 20);
const APP = `http://127.0.0.1:${APP_PORT}`;
const SECRET = 'whsec_e2e_payments';

let standIn: StripeStandIn;
let app: ChildProcess | undefined;
let dataDir: string;
let api: APIRequestContext;
const sharedDataDir = process.env.E2E_DATA_DIR;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  standIn = await startStripeStandIn({ webhookUrl: `${APP}/api/user/stripe-webhook/`, webhookSecret: SECRET });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'monobook-e2e-payments-'));
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
    if (app.exitCode !== null) throw new Error(`the payments journey's server exited (${app.exitCode})`);
    try {
      if ((await fetch(`${APP}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the payments journey's server did not answer on ${APP}`);
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

/** A ¥800 Book from the owner's own data; answers its id. */
async function paidBook(owner: SeededUser, title: string): Promise<number> {
  const file = await uniqueCsv('paid-rainfall');
  const upload = await api.post('/api/user/upload/', {
    headers: { Authorization: `Token ${owner.token}`, 'Accept-Language': 'en' },
    multipart: {
      title,
      description: '',
      user_id: String(owner.userId),
      price: '800',
      mydata: 'true',
      file: { name: path.basename(file), mimeType: 'text/csv', buffer: fs.readFileSync(file) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { id } = (await upload.json()) as { id: number };
  let page: number | null = null;
  await expect
    .poll(
      async () => {
        const list = (await (await api.get(`/api/user/uploadedfiles/?user_id=${owner.userId}&count=0`, { headers: { Authorization: `Token ${owner.token}` } })).json()) as Array<{ id: number; page: number | null }>;
        page = list.find((f) => f.id === id)?.page ?? null;
        return page;
      },
      { timeout: 120_000, intervals: [500, 1000, 2000] },
    )
    .not.toBeNull();
  return page as unknown as number;
}

/** A returning visitor (no welcome dialog over the first screen), in English. */
const contextOptions = () => ({
  baseURL: APP,
  locale: 'en-US',
  storageState: { cookies: [], origins: [{ origin: APP, localStorage: [{ name: 'last-visit', value: String(Date.now()) }] }] },
});

test('buy a ¥800 Book through the stand-in checkout, download it, and the data owner sees the sale', async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await apiUser(api, { label: 'seller', nickName: 'Seller' });
  const buyer = await apiUser(api, { label: 'buyer', nickName: 'Buyer' });
  const title = `Rainfall by month ${Date.now()}`;
  const bookId = await paidBook(owner, title);

  // The data owner sets up payouts: the onboarding page of the stand-in, and back.
  const ownerContext = await browser.newContext(contextOptions());
  const ownerPage = await ownerContext.newPage();
  await useToken(ownerPage, owner.token, 'en');
  await ownerPage.goto('/bankaccount');
  await expect(ownerPage.getByRole('heading', { name: 'Payouts and earnings' })).toBeVisible();
  await ownerPage.getByLabel(/Name/).fill('Seller Example');
  await ownerPage.getByLabel(/E-mail for Stripe/).fill(owner.email);
  await expectAccessible(ownerPage, 'bankaccount-onboarding');
  await ownerPage.getByRole('button', { name: 'Set up payouts with Stripe' }).click();
  await ownerPage.getByRole('button', { name: 'Submit details (test)' }).click();
  await expect(ownerPage).toHaveURL(/\/bankaccount\?onboarded=1$/);
  await expect(ownerPage.getByText('Your Stripe account can receive payouts.')).toBeVisible();

  // The buyer: the Book's price box, /getpage, the checkout page, back on /gotpage → /owningpages.
  const buyerContext = await browser.newContext(contextOptions());
  const page = await buyerContext.newPage();
  await useToken(page, buyer.token, 'en');
  await page.goto(`/mono/${bookId}`);
  await expect(page.getByTestId('book-price')).toHaveText('￥800');
  await page.getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(new RegExp(`/getpage\\?pageId=${bookId}$`));
  await expect(page.getByTestId('checkout-price')).toHaveText('￥800');
  await expectAccessible(page, 'getpage');
  await snap(page, 'p1-getpage-en');
  await page.getByRole('button', { name: 'Go to payment' }).click();
  await expect(page).toHaveURL(new RegExp(`^${standIn.url}/pay/cs_test_`));
  await page.getByRole('button', { name: 'Pay ¥800 by card' }).click();
  await expect(page).toHaveURL(`${APP}/owningpages`);
  await expect(page.getByText('Thank you! The Book is yours now.')).toBeVisible();
  await expect(page.locator(`a[href="/mono/${bookId}"]`).first()).toBeVisible();
  await expectAccessible(page, 'owningpages-after-purchase');

  await page.goto(`/owningpage/${bookId}`);
  const downloadButton = page.getByRole('button', { name: /^Download/ }).first();
  await expect(downloadButton).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);

  // The owner sees the sale: ¥800, the platform's ¥80, ¥720 for the owner.
  await ownerPage.goto('/bankaccount');
  const sales = ownerPage.getByRole('table', { name: 'Sales' });
  await expect(sales.getByRole('row').filter({ hasText: title })).toContainText('￥800');
  await expect(sales.getByRole('row').filter({ hasText: title })).toContainText('￥720');
  await expect(ownerPage.getByRole('table', { name: 'Per month' })).toContainText('￥720');
  await expectAccessible(ownerPage, 'bankaccount-earnings');
  await snap(ownerPage, 'p2-bankaccount-en');
  await ownerContext.close();
  await buyerContext.close();
});
