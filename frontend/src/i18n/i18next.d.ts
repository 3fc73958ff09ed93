import 'i18next';
import type en from './en.json';
import type socialEn from './social-en.json';
import type signInEn from './sign-in-en.json';
import type bookDataEn from './book-data-en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The social texts load with the social screens (./social.ts).
    resources: { translation: typeof en & typeof socialEn & typeof signInEn & typeof bookDataEn };
  }
}
