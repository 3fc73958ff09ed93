import { i18n } from './index';
import en from './social-en.json';
import ja from './social-ja.json';

// The social screens' texts come with the social code (a route chunk), not in the app shell.
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('ja', 'translation', ja, true, false);

export const socialTexts = { en, ja };
