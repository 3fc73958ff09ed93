import { expect, test } from '@playwright/test';
import { linkFromNewestMail } from './support/mail';
import { RESET_LINK, logIn, makeJpeg, register, selectOption, snap, uniqueEmail, verifyFromMail } from './support/app';

const PASSWORD = 'calm-river-2024';

test('register, verify, log in, create a profile, switch to Japanese, log out', async ({ page }) => {
  const email = uniqueEmail('journey');
  await register(page, email, PASSWORD);
  await snap(page, 'a1-please-verify');

  await verifyFromMail(page, email);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await snap(page, 'a2-account-empty');

  await page.getByLabel('Nickname').fill('Hanako');
  await page.getByLabel('Caption').fill('I share data about rivers.');
  await selectOption(page, 'Year', '1990');
  await selectOption(page, 'Month', '5');
  await selectOption(page, 'Day', '17');
  await selectOption(page, 'Gender', 'Female');

  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(page) });
  const crop = page.getByRole('dialog', { name: 'Crop your picture' });
  await expect(crop).toBeVisible();
  await snap(page, 'a3-crop');
  await crop.getByRole('button', { name: 'Use this picture' }).click();
  await expect(crop).toBeHidden();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Profile saved.')).toBeVisible();
  // Once the profile reloads, the user stays home (no "please fill in your profile").
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Please fill in your profile.')).toHaveCount(0);
  await snap(page, 'a4-home');

  await page.goto('/userpage');
  await expect(page.getByRole('heading', { name: 'Hanako' })).toBeVisible();
  const avatar = page.getByRole('main').getByRole('img', { name: 'Avatar of Hanako' });
  await expect(avatar).toBeVisible();
  await expect(avatar).toHaveAttribute('src', /^https?:\/\//);
  await snap(page, 'a5-userpage');

  await page.goto('/languagesetting');
  await page.getByRole('button', { name: '日本語 (Japanese)' }).click();
  await expect(page.getByRole('heading', { name: '言語設定' })).toBeVisible();
  await expect(page.getByText('言語を変更しました')).toBeVisible();
  await snap(page, 'a6-japanese');

  await page.goto('/logout');
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'ログイン' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('current-token'))).toBeNull();
  await snap(page, 'a7-logged-out');
});

test('a wrong password is refused', async ({ page }) => {
  await logIn(page, uniqueEmail('nobody'), 'not-the-password');
  await expect(page.getByText('Email or password is not correct!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await snap(page, 'b1-wrong-password');
});

test('forgot password, reset through the mailed link, log in with the new password', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await register(page, email, PASSWORD);
  await verifyFromMail(page, email);

  await page.goto('/forgot');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/a link to reset the password has been sent/)).toBeVisible();
  await snap(page, 'c1-forgot-sent');

  const link = await linkFromNewestMail(email, RESET_LINK);
  await page.goto(link);
  await expect(page.getByText(`New password for ${email}`)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('brand-new-pass-1');
  await page.getByLabel('Password (again)').fill('brand-new-pass-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText("Password doesn't match")).toBeVisible();
  await snap(page, 'c2-reset-mismatch');

  await page.getByLabel('Password (again)').fill('brand-new-pass-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();
  await snap(page, 'c3-reset-done');

  await page.getByRole('link', { name: 'Go to login' }).click();
  await logIn(page, email, 'brand-new-pass-1');
  await expect(page).toHaveURL(/\/account$/);
});
