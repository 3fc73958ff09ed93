export type { HeadContext, HeadLanguage, PageHead } from './types';
export { bookHead, temporalCoverage, variablesMeasured, type BookHeadInfo } from './book-head';
export { userHead } from './user-head';
export { staticHead, STATIC_PATHS, type StaticPageKind } from './static-head';
export { notFoundHead } from './not-found-head';
export { renderHeadTags, escapeHtml, scriptJson } from './render-head-tags';
export { absoluteUrl, barePath, documentTitle, LANG_PARAM, languageUrl, OG_LOCALE, SITE_IMAGE, SITE_NAME } from './site';
