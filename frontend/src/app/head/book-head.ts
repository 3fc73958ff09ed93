import type { DataDownload, Dataset, Offer, Person, PropertyValue, WithContext } from 'schema-dts';
import type { BookColumnProfile, PageResponse } from '@/api/generated';
import { absoluteUrl, coverSize, languageUrl, pageHead, summaryText } from './site';
import type { HeadContext, PageHead } from './types';

/** The get-page-info answer (its `tags`, `modified_on` and `file_formats` are for crawlers; other Book lists lack them). */
export type BookHeadInfo = PageResponse;

/** Roles of columns that are not what a dataset measures. */
const NOT_MEASURED = new Set(['identifier', 'constant', 'empty']);
const MAX_VARIABLES = 40;

/** "2020/4/1" → "2020-04-01"; undefined when the text is not a date (year, year-month or day). */
function isoDate(text: string | undefined): string | undefined {
  const m = text ? /^(\d{4})(?:[-/.](\d{1,2})(?:[-/.](\d{1,2}))?)?(?:[T\s].*)?$/.exec(text.trim()) : null;
  if (!m) return undefined;
  return [m[1], m[2], m[3]]
    .filter(Boolean)
    .map((part, i) => (i === 0 ? part : part!.padStart(2, '0')))
    .join('-');
}

/** The period the Book's table covers ("2015-04/2024-03"), from its time column; undefined when it found none. */
export function temporalCoverage(profile: BookColumnProfile | null | undefined): string | undefined {
  for (const column of profile?.columns ?? []) {
    if (column.role !== 'time' && column.type !== 'date') continue;
    const from = isoDate(column.from);
    const to = isoDate(column.to);
    if (from && to) return from === to ? from : `${from}/${to}`;
    const year = (n: number | undefined) => (n !== undefined && Number.isInteger(n) && n >= 1000 && n <= 2999 ? String(n) : undefined);
    if (column.role === 'time' && column.type === 'number' && year(column.min) && year(column.max)) {
      return column.min === column.max ? year(column.min) : `${year(column.min)}/${year(column.max)}`;
    }
  }
  return undefined;
}

/** What the table measures: one PropertyValue per column (codes and constants left out). */
export function variablesMeasured(profile: BookColumnProfile | null | undefined): PropertyValue[] {
  return (profile?.columns ?? [])
    .filter((c) => !NOT_MEASURED.has(c.role))
    .slice(0, MAX_VARIABLES)
    .map((c): PropertyValue => ({
      '@type': 'PropertyValue',
      name: c.label ?? c.name,
      ...(c.label ? { alternateName: c.name } : {}),
      ...(c.unit ? { unitText: c.unit } : {}),
      ...(c.type === 'number' && c.min !== undefined ? { minValue: c.min } : {}),
      ...(c.type === 'number' && c.max !== undefined ? { maxValue: c.max } : {}),
    }));
}

/**
 * A Book page's head: its own title and summary, its cover as the card image, and schema.org
 * `Dataset` JSON-LD (owners as Person, tags, period, columns, the files' formats — never a file's
 * address — and for a paid Book its price in yen and `isAccessibleForFree: false`).
 */
export function bookHead(info: BookHeadInfo, ctx: HeadContext): PageHead {
  const url = languageUrl(ctx.origin, ctx.path, ctx.lang);
  const description = summaryText(info.summary) || ctx.t('seo.book.description', { title: info.title });
  const imageUrl = info.img ? absoluteUrl(ctx.origin, info.img) : undefined;
  const image = imageUrl ? { url: imageUrl, ...coverSize(imageUrl), alt: ctx.t('seo.book.coverAlt', { title: info.title }) } : undefined;

  const owners = new Map<number, Person>();
  for (const file of info.files) {
    const { userId, nickName } = file.profile;
    if (owners.has(userId) || !nickName || nickName === 'default') continue;
    owners.set(userId, { '@type': 'Person', name: nickName, url: languageUrl(ctx.origin, `/user/${userId}`, ctx.lang) });
  }
  const formats = [...new Set(info.file_formats ?? [])];
  const period = temporalCoverage(info.column_profile);
  const variables = variablesMeasured(info.column_profile);
  const paid = info.page_price > 0;
  const offer: Offer = { '@type': 'Offer', price: info.page_price, priceCurrency: 'JPY', url, availability: 'https://schema.org/InStock' };
  const dataset: WithContext<Dataset> = {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    '@id': `${languageUrl(ctx.origin, ctx.path, 'ja')}#dataset`,
    name: info.title,
    description,
    url,
    ...(imageUrl ? { image: imageUrl } : {}),
    ...(owners.size > 0 ? { creator: [...owners.values()] } : {}),
    dateCreated: info.created_on,
    dateModified: info.modified_on ?? info.created_on,
    ...(info.tags && info.tags.length > 0 ? { keywords: info.tags } : {}),
    inLanguage: info.language,
    ...(variables.length > 0 ? { variableMeasured: variables } : {}),
    ...(period ? { temporalCoverage: period } : {}),
    ...(formats.length > 0 ? { distribution: formats.map((format): DataDownload => ({ '@type': 'DataDownload', encodingFormat: format })) } : {}),
    isAccessibleForFree: !paid,
    ...(paid ? { offers: offer } : {}),
  };
  return pageHead(ctx, { title: info.title, description, ogType: 'article', image, jsonLd: [dataset] });
}
