import { addScreenTexts } from './index';
import en from './payments-en.json';
import ja from './payments-ja.json';

// The payment screens' texts come with those screens (route chunks), not in the app shell.
export const paymentsTexts = addScreenTexts({ en, ja });
