/**
 * The public screens, rendered on the server for visitors (entry-server.tsx; the backend asks
 * isPublicPath before rendering, and sends `X-Robots-Tag: noindex` on every other HTML path).
 * Logged-in screens stay client-rendered.
 */
export type StaticPageKind = 'home' | 'recommend' | 'recommenduser' | 'howto' | 'terms' | 'privacy' | 'notations';
export type PublicPage = { kind: StaticPageKind } | { kind: 'book'; id: number } | { kind: 'user'; id: number } | { kind: 'notFound' };

const STATIC_PAGES: Record<string, StaticPageKind> = {
  '/': 'home',
  '/recommend': 'recommend',
  '/recommenduser': 'recommenduser',
  '/howto': 'howto',
  '/terms': 'terms',
  '/privacy': 'privacy',
  '/Notations-SCTA': 'notations',
};

/** A positive whole number of at most 9 digits, as a Book's or a user's id in a path. */
function idOf(text: string): number | null {
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/**
 * What a path shows when it is public: a static screen, a Book, a user; a `/mono/…` or `/user/…`
 * path whose id cannot be one is the not-found page. Null: not a public screen.
 */
export function publicPage(pathname: string): PublicPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const kind = STATIC_PAGES[path];
  if (kind) return { kind };
  const match = /^\/(mono|user)\/([^/]+)$/.exec(path);
  if (!match) return null;
  const id = idOf(match[2]);
  if (id === null) return { kind: 'notFound' };
  return match[1] === 'mono' ? { kind: 'book', id } : { kind: 'user', id };
}

export function isPublicPath(pathname: string): boolean {
  return publicPage(pathname) !== null;
}
