import { i18n } from './index';
import en from './payments-en.json';
import ja from './payments-ja.json';

// The payment screens' texts come with those screens (route chunks), not in the app shell.
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('ja', 'translation', ja, true, false);

export const paymentsTexts = { en, ja };
