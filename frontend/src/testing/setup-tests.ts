import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n, loadLanguage } from '@/i18n';

// Two cores run several test files at once: give screens time to settle.
configure({ asyncUtilTimeout: 10000 });

// Japanese is a lazily loaded chunk in the app; tests switch languages synchronously.
beforeAll(() => loadLanguage('ja'));

afterEach(async () => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});
