import main from './ja.json';
import ads from './ads-ja.json';
import help from './help-ja.json';
import helpLogin from './help-login-ja.json';
import signIn from './sign-in-ja.json';
import social from './social-ja.json';

/**
 * The Japanese texts a first screen may show, one chunk loaded before the first paint (i18n/index.ts):
 * the app's own and those of the parts every first visit meets (the welcome's sign-in and
 * walkthrough, the posts, the ads). A visitor downloads one language, not both.
 */
export const parts = [main, ads, help, helpLogin, signIn, social];
