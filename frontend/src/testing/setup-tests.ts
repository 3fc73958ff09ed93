import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n, loadLanguage } from '@/i18n';
// Screens with scrolling lists need an IntersectionObserver: the library's mock, not intersecting until a test says so.
import 'react-intersection-observer/test-utils';

// Server-message translations load as their own chunk in the app, on the first message; have them ready in tests.
beforeAll(async () => {
  const { serverMessagesReady } = await import('@/hooks/use-server-message');
  await serverMessagesReady();
});

// Two cores run several test files at once: give screens time to settle.
configure({ asyncUtilTimeout: 10000 });

// Each language is a lazily loaded chunk in the app (loaded before the first paint); tests switch languages synchronously.
beforeAll(() => Promise.all([loadLanguage('en'), loadLanguage('ja')]));

// Screens are tried as a returning visitor: the welcome dialog (shown after 3 hours away) has
// tests of its own and would otherwise cover every visitor's first screen.
beforeEach(() => {
  localStorage.setItem('last-visit', String(Date.now()));
});

afterEach(async () => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});
