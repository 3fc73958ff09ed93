import { i18n } from './index';
import en from './circles-en.json';
import ja from './circles-ja.json';

// The circles' texts come with the circle screens.
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('ja', 'translation', ja, true, false);

export const circlesTexts = { en, ja };
