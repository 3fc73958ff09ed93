import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { snap } from './support/app';
import { useStripeApp } from './support/stripe-app';
import { apiBook, apiUser } from './support/seed';

/**
 * A paid ad, end to end, with the Stripe stand-in in place of Stripe (a server of this journey's
 * own; the shared webServer has payments off): the advertiser fills the ad form, pays on the
 * stand-in's checkout page, comes back to the registered message, sees the ad after the 5th item
 * of /home and clicks it (the server counts the click through the served offer); a reader sees it
 * after the 3rd post of a Book page and clicks it there; the advertiser finds both clicks counted
 * on /userpage.
 */
const APP_PORT = Number(process.env.E2E_ADS_PORT ?? Number(process.env.E2E_PORT ?? '3100') + 30);
const SECRET = 'whsec_e2e_ads';
/** A 4×2 PNG: a valid image for the ad (the server checks and re-encodes it). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWOw6oqBIwZkDgB0CgkBG97MdAAAAABJRU5ErkJggg==',
  'base64',
);

const stripeApp = useStripeApp('ads', APP_PORT, SECRET);

test('create an ad, pay through the stand-in, see it after the 5th item on /home and after the 3rd post on a Book page, click it in both, see the count on /userpage', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const advertiser = await apiUser(stripeApp.api, { label: 'advertiser', nickName: 'Advertiser' });
  for (let i = 1; i <= 6; i++) {
    const post = await stripeApp.api.post('/api/user/monopost/', {
      headers: { Authorization: `Token ${advertiser.token}` },
      data: { text: `Timeline post ${i}` },
    });
    expect(post.status(), await post.text()).toBe(201);
  }
  const page = await stripeApp.pageAs(browser, advertiser.token);
  const context = page.context();

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
  await expect(page).toHaveURL(new RegExp(`^${stripeApp.standIn.url}/pay/cs_test_`));
  await page.getByRole('button', { name: /^Pay ¥[\d,]+ by card$/ }).click();
  await expect(page.getByText('Your ad campaign has been registered.')).toBeVisible();
  await expect(page).toHaveURL(`${stripeApp.url}/adapplication`);

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

  // A Book page: a reader sees the ad after the 3rd post about the Book and clicks it there.
  const bookId = await apiBook(stripeApp.api, advertiser, 'Rainfall by month');
  for (let i = 1; i <= 4; i++) {
    const post = await stripeApp.api.post('/api/user/monopost/', {
      headers: { Authorization: `Token ${advertiser.token}` },
      multipart: { text: `About the Book ${i}`, reviewTo: String(bookId) },
    });
    expect(post.status(), await post.text()).toBe(201);
  }
  const reader = await apiUser(stripeApp.api, { label: 'reader', nickName: 'Reader' });
  const readerPage = await stripeApp.pageAs(browser, reader.token);
  const readerContext = readerPage.context();
  await readerPage.goto(`/mono/${bookId}`);
  const bookFeed = readerPage.getByRole('list', { name: 'Reviews and posts' });
  const bookAd = bookFeed.getByTestId('ad-slot');
  await expect(bookAd).toContainText('Fresh data on rainfall');
  await expect(bookFeed.locator('> li').nth(3)).toContainText('Fresh data on rainfall');
  await expect(bookFeed.locator('> li').nth(2)).toContainText('About the Book');
  await expect(bookFeed.locator('> li').nth(4)).toContainText('About the Book 1');
  await expectAccessible(readerPage, 'Book page with an ad');
  await snap(readerPage, 'ads-3-book-en');
  const [openedFromBook] = await Promise.all([readerContext.waitForEvent('page'), bookAd.getByRole('link', { name: /Fresh data on rainfall/ }).click()]);
  await openedFromBook.close();
  await readerContext.close();

  // /userpage: both clicks counted (the advertiser's on /home, the reader's on the Book page), with the remaining count.
  await expect
    .poll(
      async () => {
        await page.goto('/userpage');
        return (await page.getByTestId('my-ad').textContent({ timeout: 10_000 })) ?? '';
      },
      { timeout: 30_000 },
    )
    .toContain('2 clicks');
  const mine = page.getByTestId('my-ad');
  await expect(mine).toContainText('2997 left');
  await expect(mine).toContainText('Running');
  await expectAccessible(page, 'userpage with ads');
  await context.close();
});
