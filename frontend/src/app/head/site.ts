import { documentTitle, SITE_NAME } from '@/utils/document-title';
import type { HeadContext, HeadLanguage, PageHead } from './types';

export { documentTitle, SITE_NAME };

/** The query parameter that chooses a public page's language (`?lang=en`); Japanese is the bare path. */
export const LANG_PARAM = 'lang';

/** The path without its query or fragment. */
export function barePath(path: string): string {
  const cut = path.search(/[?#]/);
  const bare = cut === -1 ? path : path.slice(0, cut);
  return bare.startsWith('/') ? bare : `/${bare}`;
}

/** The absolute address of `path` in `lang`: the bare path in Japanese (also x-default), `?lang=en` in English. */
export function languageUrl(origin: string, path: string, lang: HeadLanguage): string {
  const url = `${origin.replace(/\/+$/, '')}${barePath(path)}`;
  return lang === 'ja' ? url : `${url}?${LANG_PARAM}=${lang}`;
}

/** An absolute URL for `url` (already absolute, or a path on the site). */
export function absoluteUrl(origin: string, url: string): string {
  try {
    return new URL(url, `${origin.replace(/\/+$/, '')}/`).href;
  } catch {
    return url;
  }
}

export const OG_LOCALE: Record<HeadLanguage, string> = { ja: 'ja_JP', en: 'en_US' };

/** The site's own card image (1200×630), for pages without an image of their own. */
export const SITE_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630 };

/** Server-made covers are 1200×630 JPEGs at `/media/covers/<name>.jpg` (backend storage/cover-variants.ts). */
const SERVER_COVER = /\/media\/covers\/[A-Za-z0-9_-]+\.jpg$/;
export function coverSize(url: string): { width: number; height: number } | undefined {
  return SERVER_COVER.test(url) ? { width: 1200, height: 630 } : undefined;
}

/** Whitespace collapsed and cut at about `max` characters (on a word in English), with an ellipsis. */
export function summaryText(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  if (chars.length <= max) return flat;
  let cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  if (space > max * 0.6) cut = cut.slice(0, space);
  return `${cut.replace(/[\s、。,.;:]+$/, '')}…`;
}

export interface HeadParts {
  /** The page's own title, without the site's name. */
  title: string;
  description: string;
  ogType: 'website' | 'article' | 'profile';
  image?: { url: string; width?: number; height?: number; alt?: string };
  jsonLd?: object[];
  robots?: string;
  /** The whole <title> when it is not `documentTitle(title)`. */
  fullTitle?: string;
}

/** A page's head from its parts: canonical, hreflang alternates, Open Graph and the Twitter card. */
export function pageHead(ctx: HeadContext, parts: HeadParts): PageHead {
  const canonical = languageUrl(ctx.origin, ctx.path, ctx.lang);
  const other: HeadLanguage = ctx.lang === 'ja' ? 'en' : 'ja';
  const image = parts.image ?? { url: absoluteUrl(ctx.origin, SITE_IMAGE.path), width: SITE_IMAGE.width, height: SITE_IMAGE.height, alt: SITE_NAME };
  const meta: PageHead['meta'] = [
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: parts.ogType },
    { property: 'og:title', content: parts.title },
    { property: 'og:description', content: parts.description },
    { property: 'og:url', content: canonical },
    { property: 'og:image', content: image.url },
  ];
  if (image.width && image.height)
    meta.push({ property: 'og:image:width', content: String(image.width) }, { property: 'og:image:height', content: String(image.height) });
  if (image.alt) meta.push({ property: 'og:image:alt', content: image.alt });
  meta.push(
    { property: 'og:locale', content: OG_LOCALE[ctx.lang] },
    { property: 'og:locale:alternate', content: OG_LOCALE[other] },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: parts.title },
    { name: 'twitter:description', content: parts.description },
    { name: 'twitter:image', content: image.url },
  );
  if (image.alt) meta.push({ name: 'twitter:image:alt', content: image.alt });
  return {
    lang: ctx.lang,
    title: parts.fullTitle ?? documentTitle(parts.title),
    description: parts.description,
    canonical,
    alternates: [
      { hreflang: 'ja', href: languageUrl(ctx.origin, ctx.path, 'ja') },
      { hreflang: 'en', href: languageUrl(ctx.origin, ctx.path, 'en') },
      { hreflang: 'x-default', href: languageUrl(ctx.origin, ctx.path, 'ja') },
    ],
    ...(parts.robots ? { robots: parts.robots } : {}),
    meta,
    jsonLd: parts.jsonLd ?? [],
  };
}
