import { pageHead } from './site';
import type { HeadContext, PageHead } from './types';

/** The not-found page (an unknown Book or person, any unknown path): `noindex`, no structured data. */
export function notFoundHead(ctx: HeadContext): PageHead {
  return pageHead(ctx, { title: ctx.t('notFound.title'), description: ctx.t('seo.notFound.description'), ogType: 'website', robots: 'noindex' });
}
