import { i18n } from './index';
import en from './help-login-en.json';
import ja from './help-login-ja.json';

// The login page's how-to button: its one label, without the help screens' texts (first-load budget of /login).
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('ja', 'translation', ja, true, false);

export const helpLoginTexts = { en, ja };
