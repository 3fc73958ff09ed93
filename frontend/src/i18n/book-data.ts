import { addScreenTexts } from './index';
import en from './book-data-en.json';
import ja from './book-data-ja.json';

// The Book page's data texts (profile, chart, preview) come with its components, not in the app shell.
export const bookDataTexts = addScreenTexts({ en, ja });
