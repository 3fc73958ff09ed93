import main from './en.json';
import ads from './ads-en.json';
import help from './help-en.json';
import helpLogin from './help-login-en.json';
import signIn from './sign-in-en.json';
import social from './social-en.json';

/**
 * The English texts a first screen may show, one chunk loaded before the first paint (i18n/index.ts):
 * the app's own and those of the parts every first visit meets (the welcome's sign-in and
 * walkthrough, the posts, the ads). A visitor downloads one language, not both.
 */
export const parts = [main, ads, help, helpLogin, signIn, social];
