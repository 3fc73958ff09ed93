import { i18n } from './index';
import en from './notifications-en.json';
import ja from './notifications-ja.json';

// The notification texts come with the bell, its dialog and the settings screen.
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('ja', 'translation', ja, true, false);

export const notificationTexts = { en, ja };
