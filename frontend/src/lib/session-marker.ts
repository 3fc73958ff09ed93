/**
 * Two cookies the server reads to choose what HTML to send (backend bootstrap.ts), with no secret
 * in them (the token stays in localStorage): `mb_signed_in=1` while this browser holds a token (the
 * server then sends the client-rendered app, never a cached visitor page), and `lang`, the language
 * chosen here (the server renders a bare public path in it).
 */
export const SIGNED_IN_COOKIE = 'mb_signed_in';
export const LANGUAGE_COOKIE = 'lang';
const YEAR = 365 * 24 * 3600;

function setCookie(name: string, value: string | null): void {
  if (typeof document === 'undefined') return;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  document.cookie = value === null ? `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}` : `${name}=${value}; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure}`;
}

export function markSignedIn(signedIn: boolean): void {
  setCookie(SIGNED_IN_COOKIE, signedIn ? '1' : null);
}

export function markLanguage(language: string): void {
  setCookie(LANGUAGE_COOKIE, encodeURIComponent(language));
}

/** At start: the cookies say what this browser's storage holds (a session made before they existed too). */
export function mirrorSession(): void {
  try {
    markSignedIn(Boolean(globalThis.localStorage?.getItem('current-token')));
    const language = globalThis.localStorage?.getItem('language');
    if (language === 'ja' || language === 'en') markLanguage(language);
  } catch {
    // storage refused: nothing to mirror
  }
}
