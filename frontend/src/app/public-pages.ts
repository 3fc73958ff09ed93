/**
 * The public screens, rendered on the server for visitors (entry-server.tsx; the backend asks
 * isPublicPath before rendering, and sends `X-Robots-Tag: noindex` on every other HTML path).
 * Logged-in screens stay client-rendered.
 */
import { STATIC_PATHS, type StaticPageKind } from './head/static-head';

export type PublicPage = { kind: StaticPageKind } | { kind: 'book'; id: number } | { kind: 'user'; id: number } | { kind: 'notFound' };

const STATIC_PAGES = new Map(Object.entries(STATIC_PATHS).map(([kind, path]) => [path, kind as StaticPageKind]));

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
  const kind = STATIC_PAGES.get(path);
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
