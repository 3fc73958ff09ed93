import { expect, test } from '@playwright/test';
import { snap } from './support/app';

test('works 360 px wide: bottom bar, no sideways scrolling', async ({ page }) => {
  await page.goto('/home');
  const bottomBar = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(bottomBar).toBeVisible();
  for (const name of ['Discover', 'Users', 'Home', 'My Books', 'My page']) {
    await expect(bottomBar.getByRole('link', { name })).toBeVisible();
  }
  await snap(page, 'p1-home-360');

  for (const route of ['/home', '/recommend', '/owningpages', '/login', '/forgot', '/settings', '/languagesetting']) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${route} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await page.goto('/login');
  await snap(page, 'p2-login-360');
});
