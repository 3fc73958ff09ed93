import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageKey } from '@/i18n/server-messages';

/** Translates a server message when it is one we know; otherwise shows it as sent. */
export function useServerMessage(): (message: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      const key = serverMessageKey(message);
      return key ? String(t(key)) : message;
    },
    [t],
  );
}
