/** XML of robots.txt's sitemap and the sitemaps protocol (https://www.sitemaps.org/protocol.html) with hreflang alternates. */

/** URLs a sitemap file may hold (the protocol's limit). */
export const URLS_PER_SITEMAP = 50_000;
/** Each object has one address per language (ja, en): a file covers half as many objects. */
export const OBJECTS_PER_SITEMAP = URLS_PER_SITEMAP / 2;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

/** W3C date-time to the second (2026-11-27T12:00:00Z). */
export const w3cDate = (date: Date) => `${new Date(date).toISOString().slice(0, 19)}Z`;

/** The address of `path` in a language: Japanese is the bare path (also x-default), English `?lang=en`. */
export function languageUrl(origin: string, path: string, lang: 'ja' | 'en'): string {
  return lang === 'ja' ? `${origin}${path}` : `${origin}${path}?lang=${lang}`;
}

export const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
export const URLSET_CLOSE = '</urlset>\n';

/** The two <url> entries of a page (Japanese and English), each naming both and x-default as alternates. */
export function urlEntries(origin: string, path: string, lastmod?: Date): string {
  const ja = xmlEscape(languageUrl(origin, path, 'ja'));
  const en = xmlEscape(languageUrl(origin, path, 'en'));
  const links =
    `<xhtml:link rel="alternate" hreflang="ja" href="${ja}"/>` +
    `<xhtml:link rel="alternate" hreflang="en" href="${en}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${ja}"/>`;
  const mod = lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : '';
  return `<url><loc>${ja}</loc>${mod}${links}</url>\n<url><loc>${en}</loc>${mod}${links}</url>\n`;
}

/** A sitemap index of the given sitemap files. */
export function sitemapIndex(files: Array<{ loc: string; lastmod?: Date }>): string {
  const entries = files
    .map((f) => `<sitemap><loc>${xmlEscape(f.loc)}</loc>${f.lastmod ? `<lastmod>${w3cDate(f.lastmod)}</lastmod>` : ''}</sitemap>\n`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`;
}
