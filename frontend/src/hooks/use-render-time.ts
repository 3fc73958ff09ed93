import { useHydrated } from './use-hydrated';

let serverTime: number | undefined;

/** The time a server-rendered page was rendered at (main.tsx reads it from the page). */
export function setServerRenderTime(at: number | undefined): void {
  serverTime = at;
}

/**
 * "Now" for texts that depend on it ("3分前", a "new" badge): while the browser hydrates a
 * server-rendered page, the time the server rendered it (so the first render matches its HTML);
 * from then on, the clock.
 */
export function useRenderTime(): { now: number; hydrated: boolean } {
  const hydrated = useHydrated();
  return { now: !hydrated && serverTime !== undefined ? serverTime : Date.now(), hydrated };
}
