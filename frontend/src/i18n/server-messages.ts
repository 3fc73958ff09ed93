import type { ParseKeys, TOptions } from 'i18next';
import { MESSAGES, MESSAGE_TEMPLATES, type MessageName, type TemplateName } from '../../../backend/src/common/http/messages';
import type { MessageCode } from '@/utils/api-error';
import { addScreenTexts } from './index';
import en from './server-messages-en.json';
import ja from './server-messages-ja.json';

// These translations come with this module (loaded next to the first screen, not in the shell).
addScreenTexts({ en: { serverMessages: en }, ja: { serverMessages: ja } });

/**
 * Every message the server can send (its catalogue, backend/src/common/http/messages.ts) mapped
 * by its code (the catalogue's name, which every error answer carries) to a translation key, so
 * that it appears in the user's language. The `Record` types make the
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

const own = (catalogue: object, code: string) => Object.prototype.hasOwnProperty.call(catalogue, code);

/**
 * The translation of a server message, found by its code (and filled with its values);
 * undefined for a message without a code the catalogue knows. Nothing matches the English
 * text: the web app is served by the server it talks to, so every answer it reads has codes.
 */
export function serverMessage({ code, params = {} }: MessageCode): ServerMessage | undefined {
  if (code === undefined) return undefined;
  if (own(MESSAGE_TEMPLATES, code)) {
    const name = code as TemplateName;
    // The rate limit reads in minutes.
    const options: TOptions = name === 'throttled' ? { count: Math.max(1, Math.ceil(Number(params.seconds) / 60)) } : { ...params };
    return { key: TEMPLATE_KEYS[name], options };
  }
  if (!own(MESSAGES, code)) return undefined;
  const name = code as MessageName;
  return { key: SPEC_KEYS[name] ?? MESSAGE_KEYS[name], options: {} };
}
