import { i18n } from './index';
import en from './safety-en.json';
import ja from './safety-ja.json';

// Block, mute and report texts come with the screens that offer them.
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('ja', 'translation', ja, true, false);

export const safetyTexts = { en, ja };
