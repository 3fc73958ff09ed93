import { addScreenTexts } from './index';
import en from './safety-en.json';
import ja from './safety-ja.json';

// Block, mute and report texts come with the screens that offer them.
export const safetyTexts = addScreenTexts({ en, ja });
