import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the server renders and while the browser hydrates its HTML (the first render must
 * match it), true from then on and in every render that is not a hydration. A part that depends on
 * the screen (a media query) renders as the server did until then, so that hydration moves nothing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

let serverRendered = false;

/** main.tsx: this page came rendered from the server and was hydrated. */
export function markServerRendered(): void {
  serverRendered = true;
}

/** Whether this page came rendered from the server (its first paint was the server's HTML). */
export function pageWasServerRendered(): boolean {
  return serverRendered;
}
