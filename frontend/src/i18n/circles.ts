import { addScreenTexts } from './index';
import en from './circles-en.json';
import ja from './circles-ja.json';

// The circles' texts come with the circle screens.
export const circlesTexts = addScreenTexts({ en, ja });
