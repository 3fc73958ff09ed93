import { i18n } from './index';
import en from './book-data-en.json';
import ja from './book-data-ja.json';

// The Book page's data texts (profile, chart, preview) come with its components, not in the app shell.
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('ja', 'translation', ja, true, false);

export const bookDataTexts = { en, ja };
