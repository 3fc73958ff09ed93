import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { snap, switchLanguage } from './support/app';
import { paidBook as paidBookOn, useStripeApp } from './support/stripe-app';
import { apiUser, type SeededUser } from './support/seed';

/**
 * Buying a ¥800 Book, end to end, with the Stripe stand-in (backend/scripts/stripe-stand-in.mjs)
 * in place of Stripe: a server of this journey's own has STRIPE_* pointing at it (the shared
 * webServer has payments off). The data owner sets up payouts on the stand-in's onboarding page;
 * the buyer pays on its checkout page, which posts the signed webhook and returns to /gotpage;
 * the buyer lands on /owningpages and downloads the file; the owner sees the sale on /bankaccount.
 */
const APP_PORT = Number(process.env.E2E_PAYMENTS_PORT ?? Number(process.env.E2E_PORT ?? '3100') + 20);
const SECRET = 'whsec_e2e_payments';

const stripeApp = useStripeApp('payments', APP_PORT, SECRET);

const paidBook = (owner: SeededUser, title: string) => paidBookOn(stripeApp.api, owner, title);

/** A returning visitor (no welcome dialog over the first screen), in English. */
test('buy a ¥800 Book through the stand-in checkout, download it, and the data owner sees the sale', async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await apiUser(stripeApp.api, { label: 'seller', nickName: 'Seller' });
  const buyer = await apiUser(stripeApp.api, { label: 'buyer', nickName: 'Buyer' });
  const title = `Rainfall by month ${Date.now()}`;
  const bookId = await paidBook(owner, title);

  // The data owner sets up payouts: the onboarding page of the stand-in, and back.
  const ownerPage = await stripeApp.pageAs(browser, owner.token);
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
  const page = await stripeApp.pageAs(browser, buyer.token);
  await page.goto(`/mono/${bookId}`);
  await expect(page.getByTestId('book-price')).toHaveText('￥800');
  await page.getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(new RegExp(`/getpage\\?pageId=${bookId}$`));
  await expect(page.getByTestId('checkout-price')).toHaveText('￥800');
  await expectAccessible(page, 'getpage');
  await snap(page, 'p1-getpage-en');
  await page.getByRole('button', { name: 'Go to payment' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripeApp.standIn.url}/pay/cs_test_`));
  await page.getByRole('button', { name: 'Pay ¥800 by card' }).click();
  await expect(page).toHaveURL(`${stripeApp.url}/owningpages`);
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
  await ownerPage.context().close();
  await page.context().close();
});

/** The pending-voucher notice (issue 36): no second purchase while a konbini voucher waits, in English and Japanese. */
test('a pending konbini voucher: the Book page says until when (Japan time) and links the voucher instead of Buy, in English and Japanese', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await apiUser(stripeApp.api, { label: 'voucher-seller', nickName: 'Voucher seller' });
  const buyer = await apiUser(stripeApp.api, { label: 'voucher-buyer', nickName: 'Voucher buyer' });
  const bookId = await paidBook(owner, `Konbini rainfall ${Date.now()}`);
  const page = await stripeApp.pageAs(browser, buyer.token);
  await page.goto(`/getpage?pageId=${bookId}`);
  await page.getByRole('button', { name: 'Go to payment' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripeApp.standIn.url}/pay/cs_test_`));
  await page.getByRole('button', { name: 'Pay at a konbini (voucher)' }).click();
  await expect(page.getByText(/Your konbini voucher is ready/)).toBeVisible();

  await page.goto(`/mono/${bookId}`);
  const notice = page.getByTestId('pending-voucher');
  await expect(notice).toContainText(/Konbini payment pending until .+ Japan time \(JST\)\./);
  await expect(page.getByRole('link', { name: 'Show the voucher' })).toHaveAttribute('href', new RegExp(`^${stripeApp.standIn.url}/pay/cs_test_`));
  await expect(page.getByRole('button', { name: 'Buy' })).toHaveCount(0);
  await expectAccessible(page, 'book-pending-voucher');
  await snap(page, 'p3-pending-voucher-en');

  await switchLanguage(page, 'ja');
  await page.goto(`/mono/${bookId}`);
  await expect(page.getByTestId('pending-voucher')).toContainText(/支払期限は .+（日本時間・JST）です。/);
  await expect(page.getByRole('link', { name: '払込票を表示' })).toBeVisible();
  await expect(page.getByRole('button', { name: '購入する' })).toHaveCount(0);
  await snap(page, 'p3-pending-voucher-ja');
  await page.context().close();
});
