import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type * as ServerMessages from '@/i18n/server-messages';
import type { MessageCode } from '@/utils/api-error';

type Catalogue = typeof ServerMessages;

// The server's catalogue and its translations (a separate chunk) load at a person's first
// interaction with a screen that can show a server message (a form, a button that writes), so
// that a first visit that only reads does not download them. Every such message follows an act
// (screens keep the translated text in their state), and the act's request leaves after the
// click or key that starts this load. A message met before any interaction (rendered, not
// stored) loads the catalogue itself and is shown again once it is in.
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

const INTERACTIONS = ['focusin', 'pointerdown', 'keydown', 'touchstart'] as const;
let waiting = false;

/** Loads the catalogue at the first interaction with the page. */
function loadOnInteraction(): void {
  if (waiting || catalogue || typeof window === 'undefined') return;
  waiting = true;
  const start = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, start, true);
    void load();
  };
  for (const type of INTERACTIONS) window.addEventListener(type, start, { capture: true, passive: true });
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
 * Translates a server message by its code (an error answer's `code`, or a field message's in
 * `error_codes`; see utils/api-error.ts). Every code of the server's catalogue has a
 * translation; anything else (a proxy's error page, an answer without a code) shows the
 * generic error rather than untranslated text.
 */
export function useServerMessage(): (message: MessageCode) => string {
  const { t } = useTranslation();
  // (The server and a hydration render without it: a message is only shown after an act.)
  const loaded = useSyncExternalStore(
    subscribe,
    () => catalogue,
    () => undefined,
  );
  useEffect(loadOnInteraction, []);
  return useCallback(
    (message: MessageCode) => {
      // The module's catalogue, not only the render's: an answer's handler runs after the
      // request, by which time the API layer has loaded it (base-api.ts awaits it on errors).
      const current = catalogue ?? loaded;
      if (!current) {
        void load();
        return String(t('common.errorGeneric'));
      }
      const known = current.serverMessage(message);
      return known ? String(t(known.key, known.options)) : String(t('common.errorGeneric'));
    },
    [t, loaded],
  );
}
