import type { TFunction } from 'i18next';
import { serverMessage } from '@/i18n/server-messages';
import { allMessages, parseApiError } from '@/utils/api-error';

/** The server's refusal in the user's language (or the generic message). */
export function paymentErrorText(t: TFunction, error: unknown): string {
  const first = allMessages(parseApiError(error))[0];
  const translated = first ? serverMessage(first) : undefined;
  return translated ? String(t(translated.key, translated.options)) : t('common.errorGeneric');
}
