import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type * as ServerMessages from '@/i18n/server-messages';

type Catalogue = typeof ServerMessages;

// The server's catalogue and its translations load right after the screen (a separate chunk):
// they are needed only once an answer with a message arrives, which is always later.
let catalogue: Catalogue | undefined;
const loading = import('@/i18n/server-messages').then((module) => {
  catalogue = module;
  return module;
});

/** Resolves once the translations of server messages are in place (for tests and prefetching). */
export function serverMessagesReady(): Promise<unknown> {
  return loading;
}

/**
 * Translates a server message. Every message of the server's catalogue has a translation;
 * anything else (a proxy's error page, a message of an older server) shows the generic error
 * rather than untranslated text.
 */
export function useServerMessage(): (message: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      const known = catalogue?.serverMessage(message);
      return known ? String(t(known.key, known.options)) : String(t('common.errorGeneric'));
    },
    [t],
  );
}
