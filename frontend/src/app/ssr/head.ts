/**
 * PLACEHOLDER until wip/crawl's `app/head/` is merged: the same signatures, the least a page
 * needs (title, description, canonical, hreflang). entry-server.tsx imports the head functions
 * from here only; at the merge this file re-exports crawl's.
 */
export type HeadLanguage = 'ja' | 'en';
export interface PageHead {
  lang: HeadLanguage;
  title: string;
  description: string;
  canonical: string;
  alternates: { hreflang: HeadLanguage | 'x-default'; href: string }[];
  robots?: string;
  meta: { property?: string; name?: string; content: string }[];
  jsonLd: object[];
}
export interface HeadContext {
  lang: HeadLanguage;
  origin: string;
  path: string;
  t: (key: string, opts?: object) => string;
}

const url = (ctx: HeadContext, lang: HeadLanguage) => `${ctx.origin}${ctx.path}${lang === 'en' ? '?lang=en' : ''}`;
function head(ctx: HeadContext, title: string, description: string, robots?: string): PageHead {
  return {
    lang: ctx.lang,
    title: title ? `${title} — monobook` : 'monobook',
    description,
    canonical: url(ctx, ctx.lang),
    alternates: [
      { hreflang: 'ja', href: url(ctx, 'ja') },
      { hreflang: 'en', href: url(ctx, 'en') },
      { hreflang: 'x-default', href: url(ctx, 'ja') },
    ],
    robots,
    meta: [],
    jsonLd: [],
  };
}

export function bookHead(info: { title: string; summary?: string | null }, ctx: HeadContext): PageHead {
  return head(ctx, info.title, info.summary ?? '');
}
export function userHead(profile: { nickname?: string | null; caption?: string | null }, ctx: HeadContext): PageHead {
  return head(ctx, profile.nickname ?? '', profile.caption ?? '');
}
export function staticHead(kind: string, ctx: HeadContext): PageHead {
  return head(ctx, kind === 'home' ? '' : kind, '');
}
export function notFoundHead(ctx: HeadContext): PageHead {
  return head(ctx, '404', '', 'noindex');
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export function renderHeadTags(h: PageHead): string {
  return [
    `<title>${escape(h.title)}</title>`,
    `<meta name="description" content="${escape(h.description)}">`,
    h.robots ? `<meta name="robots" content="${escape(h.robots)}">` : '',
    `<link rel="canonical" href="${escape(h.canonical)}">`,
    ...h.alternates.map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escape(a.href)}">`),
  ].join('');
}
