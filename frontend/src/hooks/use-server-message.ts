import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/i18n/server-messages';

/**
 * Translates a server message. Every message of the server's catalogue has a translation;
 * anything else (a proxy's error page, a message of an older server) shows the generic error
 * rather than untranslated text.
 */
export function useServerMessage(): (message: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      const known = serverMessage(message);
      return known ? String(t(known.key, known.options)) : String(t('common.errorGeneric'));
    },
    [t],
  );
}
