/**
 * What a crawler and a link-preview bot read in a page's <head>, as data: made by one function
 * per page kind (book-head.ts, user-head.ts, static-head.ts, not-found-head.ts) and written as
 * HTML by renderHeadTags. No React here: the server renderer and the client both use it.
 */
export type HeadLanguage = 'ja' | 'en';

export interface PageHead {
  lang: HeadLanguage;
  /** The whole <title> ("都道府県別 健康保険料率 — monobook"). */
  title: string;
  description: string;
  /** Absolute URL of the page in its language (the bare path in Japanese, `?lang=en` in English). */
  canonical: string;
  alternates: { hreflang: HeadLanguage | 'x-default'; href: string }[];
  /** `noindex` for pages a search engine must not list. */
  robots?: string;
  /** Open Graph (`property`) and Twitter card (`name`) tags. */
  meta: { property?: string; name?: string; content: string }[];
  /** schema.org objects, one <script type="application/ld+json"> each. */
  jsonLd: object[];
}

export interface HeadContext {
  lang: HeadLanguage;
  /** The site's public origin, without a trailing slash ("https://monobook.example"). */
  origin: string;
  /** The page's path ("/mono/1"); a query, if any, is dropped. */
  path: string;
  /** i18next's `t` in `lang`. */
  t: (key: string, opts?: object) => string;
}
