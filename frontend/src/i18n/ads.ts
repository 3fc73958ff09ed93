import { i18n } from './index';
import en from './ads-en.json';
import ja from './ads-ja.json';

// The ad texts come with the ad code (the ad slot, /adapplication), not in the app shell.
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('ja', 'translation', ja, true, false);

export const adsTexts = { en, ja };
