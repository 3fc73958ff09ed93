import type { ParseKeys } from 'i18next';

/**
 * Stable English messages of the server mapped to the spec's message keys, so they appear in
 * the user's language. Messages not listed here are shown as the server sent them.
 */
const SERVER_MESSAGE_KEYS: Record<string, ParseKeys> = {
  'Email or password is not correct!': 'messages.emailOrPasswordIncorrect',
  'E-mail is not verified.': 'Login2',
  "The two password fields didn't match.": 'ResetPassword2',
  'You must agree to the terms.': 'messages.agreeTerms',
  'Enter a valid email address.': 'ForgotPassword1',
  'Invalid value': 'ResetPassword1',
  'Authentication credentials were not provided.': 'Header14',
  'Invalid token.': 'Header14',
  'This page is already followed': 'messages.alreadyFollowed',
};

export function serverMessageKey(message: string): ParseKeys | undefined {
  return SERVER_MESSAGE_KEYS[message];
}
