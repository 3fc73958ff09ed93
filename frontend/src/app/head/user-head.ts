import type { ProfilePage, WithContext } from 'schema-dts';
import type { ProfileResponse } from '@/api/generated';
import { absoluteUrl, languageUrl, pageHead, summaryText } from './site';
import type { HeadContext, PageHead } from './types';

/** A person's page (/user/{id}): their nickname and caption, their avatar, schema.org `ProfilePage`. */
export function userHead(profile: ProfileResponse, ctx: HeadContext): PageHead {
  const name = profile.nickName && profile.nickName !== 'default' ? profile.nickName : ctx.t('common.noName');
  const description = summaryText(profile.caption) || summaryText(profile.description) || ctx.t('seo.user.description', { name });
  const url = languageUrl(ctx.origin, ctx.path, ctx.lang);
  const avatar = profile.img ? absoluteUrl(ctx.origin, profile.img) : undefined;
  const page: WithContext<ProfilePage> = {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url,
    name: ctx.t('seo.user.title', { name }),
    inLanguage: ctx.lang,
    dateCreated: profile.created_on,
    mainEntity: {
      '@type': 'Person',
      name,
      identifier: String(profile.userProfile),
      url,
      ...(profile.caption.trim() ? { description: summaryText(profile.caption, 300) } : {}),
      ...(avatar ? { image: avatar } : {}),
    },
  };
  return pageHead(ctx, {
    title: ctx.t('seo.user.title', { name }),
    description,
    ogType: 'profile',
    image: avatar ? { url: avatar, alt: ctx.t('common.avatarOf', { name }) } : undefined,
    jsonLd: [page],
  });
}
