import { addScreenTexts } from './index';
import en from './notifications-en.json';
import ja from './notifications-ja.json';

// The notification texts come with the bell, its dialog and the settings screen.
export const notificationTexts = addScreenTexts({ en, ja });
