import { i18n } from './index';
import en from './help-en.json';
import ja from './help-ja.json';
import './help-login';

// The help screens' texts (/howto, /videos, /analytics, the walkthrough, the login how-to dialog).
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('ja', 'translation', ja, true, false);

export const helpTexts = { en, ja };
