import { i18n } from './index';
import en from './sign-in-en.json';
import ja from './sign-in-ja.json';

// The sign-in providers' texts come with the login and account screens.
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('ja', 'translation', ja, true, false);

export const signInTexts = { en, ja };
