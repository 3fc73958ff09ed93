import type { ParseKeys, TOptions } from 'i18next';
import {
  MESSAGES,
  MESSAGE_TEMPLATES,
  matchMessage,
  type MessageName,
  type TemplateName,
} from '../../../backend/src/common/http/messages';
import { i18n } from './index';
import en from './server-messages-en.json';
import ja from './server-messages-ja.json';

// These translations come with this module (loaded next to the first screen, not in the shell).
i18n.addResourceBundle('en', 'translation', { serverMessages: en }, true, false);
i18n.addResourceBundle('ja', 'translation', { serverMessages: ja }, true, false);

/**
 * Every message the server can send (its catalogue, backend/src/common/http/messages.ts) mapped
 * to a translation key, so that it appears in the user's language. The `Record` types make the
 * type check fail when the server gains a message without a key here; a test checks that every
 * key exists in both languages.
 */
const MESSAGE_KEYS: Record<MessageName, ParseKeys> = Object.fromEntries(
  (Object.keys(MESSAGES) as MessageName[]).map((name) => [name, `serverMessages.${name}` as ParseKeys]),
) as Record<MessageName, ParseKeys>;

/** Spec keys take precedence where the spec names the message (§5, §8). */
const SPEC_KEYS: Partial<Record<MessageName, ParseKeys>> = {
  loginFailed: 'messages.emailOrPasswordIncorrect',
  emailNotVerified: 'Login2',
  passwordsDiffer: 'ResetPassword2',
  passwordMismatch: 'ResetPassword2',
  agreeTerms: 'messages.agreeTerms',
  invalidEmail: 'ForgotPassword1',
  invalidKey: 'ResetPassword1',
  notAuthenticated: 'Header14',
  alreadyFollowed: 'messages.alreadyFollowed',
  googleEmailNotVerified: 'LoginComponent3',
};

const TEMPLATE_KEYS: Record<TemplateName, ParseKeys> = {
  maxLength: 'serverMessages.maxLength' as ParseKeys,
  minLength: 'serverMessages.minLength' as ParseKeys,
  invalidChoice: 'serverMessages.invalidChoice' as ParseKeys,
  throttled: 'serverMessages.throttled' as ParseKeys,
  jsonParse: 'serverMessages.jsonParse' as ParseKeys,
  multipartParse: 'serverMessages.multipartParse' as ParseKeys,
  surrogate: 'serverMessages.surrogate' as ParseKeys,
  tooDeep: 'serverMessages.tooDeep' as ParseKeys,
  maxItems: 'serverMessages.maxItems' as ParseKeys,
  minValue: 'serverMessages.minValue' as ParseKeys,
  maxValue: 'serverMessages.maxValue' as ParseKeys,
  multipleOf: 'serverMessages.multipleOf' as ParseKeys,
  invalidPk: 'serverMessages.invalidPk' as ParseKeys,
  uniqueSet: 'serverMessages.uniqueSet' as ParseKeys,
  uploadQuota: 'serverMessages.uploadQuota' as ParseKeys,
  methodNotAllowed: 'serverMessages.methodNotAllowed' as ParseKeys,
  streamsPerAccount: 'serverMessages.streamsPerAccount' as ParseKeys,
};

export type ServerMessage = { key: ParseKeys; options: TOptions };

/** The translation of a server message; undefined for a message the server's catalogue lacks. */
export function serverMessage(message: string): ServerMessage | undefined {
  const match = matchMessage(message);
  if (!match) return undefined;
  if (match.name in MESSAGE_TEMPLATES) {
    const name = match.name as TemplateName;
    const options: TOptions =
      name === 'throttled'
        ? { count: Math.max(1, Math.ceil(Number(match.values.seconds) / 60)) }
        : { ...match.values };
    return { key: TEMPLATE_KEYS[name], options };
  }
  const name = match.name as MessageName;
  return { key: SPEC_KEYS[name] ?? MESSAGE_KEYS[name], options: {} };
}

/** Only the key, for callers that need no values. */
export function serverMessageKey(message: string): ParseKeys | undefined {
  return serverMessage(message)?.key;
}
