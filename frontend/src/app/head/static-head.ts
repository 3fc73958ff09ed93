import type { WebSite, WithContext } from 'schema-dts';
import { languageUrl, pageHead, SITE_NAME } from './site';
import type { HeadContext, PageHead } from './types';

export type StaticPageKind = 'home' | 'recommend' | 'recommenduser' | 'howto' | 'terms' | 'privacy' | 'notations';

/** The path of each public screen without data of its own. */
export const STATIC_PATHS: Record<StaticPageKind, string> = {
  home: '/',
  recommend: '/recommend',
  recommenduser: '/recommenduser',
  howto: '/howto',
  terms: '/terms',
  privacy: '/privacy',
  notations: '/Notations-SCTA',
};

/** The head of a public screen without data of its own; the home page also names the site (schema.org `WebSite`). */
export function staticHead(kind: StaticPageKind, ctx: HeadContext): PageHead {
  const title = ctx.t(`seo.${kind}.title`);
  const description = ctx.t(`seo.${kind}.description`);
  const jsonLd: object[] = [];
  if (kind === 'home') {
    const site: WithContext<WebSite> = {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SITE_NAME,
      url: languageUrl(ctx.origin, '/', ctx.lang),
      description,
      inLanguage: ctx.lang,
    };
    jsonLd.push(site);
  }
  // The home page's title already starts with the site's name.
  return pageHead(ctx, { title, description, ogType: 'website', jsonLd, ...(kind === 'home' ? { fullTitle: title } : {}) });
}
