import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';

/** The accessibility check every journey relies on can fail: it names what it finds. */
test('the accessibility check fails on a serious violation, also after axe is in the page', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'a11y self-test, clean');

  // A button with no name and text too faint to read: axe is already in the page from the first run.
  await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    main.append(document.createElement('button'));
    const faint = document.createElement('p');
    faint.textContent = 'Faint text';
    faint.style.cssText = 'color: #e0e0e0; background: #ffffff';
    main.append(faint);
  });
  const failure = await expectAccessible(page, 'a11y self-test, with violations').then(
    () => undefined,
    (error: Error) => error,
  );
  expect(failure?.message).toContain('button-name');
  expect(failure?.message).toContain('color-contrast');
});
