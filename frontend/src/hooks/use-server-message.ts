import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type * as ServerMessages from '@/i18n/server-messages';

type Catalogue = typeof ServerMessages;

// The server's catalogue and its translations (a separate chunk) load the first time a message
// is to be shown: a first visit that meets no error does not download them. The screens showing
// a message render again once they are in (a moment later).
let catalogue: Catalogue | undefined;
let loading: Promise<Catalogue> | undefined;
const listeners = new Set<() => void>();

function load(): Promise<Catalogue> {
  loading ??= import('@/i18n/server-messages').then((module) => {
    catalogue = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads the translations of server messages; resolves once they are in place (tests, prefetching). */
export function serverMessagesReady(): Promise<unknown> {
  return load();
}

/**
 * Translates a server message. Every message of the server's catalogue has a translation;
 * anything else (a proxy's error page, a message of an older server) shows the generic error
 * rather than untranslated text.
 */
export function useServerMessage(): (message: string) => string {
  const { t } = useTranslation();
  const loaded = useSyncExternalStore(subscribe, () => catalogue);
  return useCallback(
    (message: string) => {
      if (!loaded) {
        void load();
        return String(t('common.errorGeneric'));
      }
      const known = loaded.serverMessage(message);
      return known ? String(t(known.key, known.options)) : String(t('common.errorGeneric'));
    },
    [t, loaded],
  );
}
