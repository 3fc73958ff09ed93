import 'i18next';
import type en from './en.json';
import type socialEn from './social-en.json';
import type signInEn from './sign-in-en.json';
import type circlesEn from './circles-en.json';
import type notificationsEn from './notifications-en.json';
import type paymentsEn from './payments-en.json';
import type adsEn from './ads-en.json';
import type helpEn from './help-en.json';
import type helpLoginEn from './help-login-en.json';
import type bookDataEn from './book-data-en.json';
import type safetyEn from './safety-en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // Every part's keys (see index.ts for when each part is loaded).
    resources: {
      translation: typeof en &
        typeof socialEn &
        typeof signInEn &
        typeof circlesEn &
        typeof notificationsEn &
        typeof paymentsEn &
        typeof adsEn &
        typeof helpEn &
        typeof helpLoginEn &
        typeof bookDataEn &
        typeof safetyEn;
    };
  }
}
