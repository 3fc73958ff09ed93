/** Visitors see the welcome again when their last visit was more than 3 hours ago (spec §2). */
export const WELCOME_INTERVAL_MS = 10_800_000;
export const LAST_VISIT_KEY = 'last-visit';

/** Whether a visitor whose last visit was at `lastVisit` (ms, or none) is welcomed at `now`. */
export function shouldWelcome(lastVisit: number | null, now: number): boolean {
  if (lastVisit === null || !Number.isFinite(lastVisit)) return true;
  return now - lastVisit > WELCOME_INTERVAL_MS;
}

/** Reads the last visit, decides, and remembers this visit (one call per page load). */
export function welcomeOnThisVisit(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, now = Date.now()): boolean {
  let last: number | null = null;
  try {
    const stored = storage?.getItem(LAST_VISIT_KEY);
    last = stored ? Number(stored) : null;
    storage?.setItem(LAST_VISIT_KEY, String(now));
  } catch {
    // Storage refused (private mode): welcome, and do not remember.
  }
  return shouldWelcome(last, now);
}

/** Whether this page load is due a welcome, without counting it as a visit (a deep link's load: see welcome.tsx). */
export function welcomeDue(storage: Pick<Storage, 'getItem'> | undefined, now = Date.now()): boolean {
  try {
    const stored = storage?.getItem(LAST_VISIT_KEY);
    return shouldWelcome(stored ? Number(stored) : null, now);
  } catch {
    return true;
  }
}

/** Counts this page load as a visit. */
export function rememberVisit(storage: Pick<Storage, 'setItem'> | undefined, now = Date.now()): void {
  try {
    storage?.setItem(LAST_VISIT_KEY, String(now));
  } catch {
    // Storage refused (private mode): nothing remembered.
  }
}

/**
 * The screens a visitor may be welcomed on: the front doors (home, recommendations, the lists to
 * browse, the help). Any other address is a deep link someone followed on purpose (a circle
 * invitation, a shared Book, a post, a user, a sign-in step): what it opens wins over the tour,
 * which waits until the visitor reaches a front door (issue 41, item 2).
 */
const FRONT_DOORS = ['/', '/home', '/recommend', '/revommendpages', '/recommenduser', '/users', '/communitylist', '/howto', '/videos'];

export function welcomesOn(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return FRONT_DOORS.includes(path);
}
