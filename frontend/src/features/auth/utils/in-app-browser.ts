/** LINE's in-app browser: Google refuses to sign in inside embedded browsers ("disallowed_useragent"). */
export function isLineInAppBrowser(userAgent: string = globalThis.navigator?.userAgent ?? ''): boolean {
  return /\bLine\/\d/i.test(userAgent);
}

/** The circle a visitor was invited to, kept through any login (LINE and Yahoo also carry it in `state`). */
export const INVITED_CIRCLE_KEY = 'invited-community';

export function invitedCircle(): number | null {
  try {
    const value = Number(globalThis.localStorage?.getItem(INVITED_CIRCLE_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function rememberInvitedCircle(id: number | null): void {
  try {
    if (id === null) globalThis.localStorage?.removeItem(INVITED_CIRCLE_KEY);
    else globalThis.localStorage?.setItem(INVITED_CIRCLE_KEY, String(id));
  } catch {
    /* storage unavailable: the invitation is not kept */
  }
}
