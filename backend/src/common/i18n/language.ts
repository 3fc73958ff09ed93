/** The two languages of the product: of a reader, an account, a Book's text, a mail. */
export type Language = 'ja' | 'en';

/** The product's default language (the spec: "Default language en with fallback en"). */
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The one way to read a language from anything stored or sent (an account's `language`, a Book's,
 * a query parameter, a job's payload): 'ja' or 'en' as given, DEFAULT_LANGUAGE for anything else.
 * A caller that knows better (a Book's text in one language only) passes that as `fallback`.
 */
export function contentLanguage(value: unknown, fallback: Language = DEFAULT_LANGUAGE): Language {
  return value === 'ja' || value === 'en' ? value : fallback;
}

/** The other language (the one a translation goes to). */
export function otherLanguage(language: Language): Language {
  return language === 'ja' ? 'en' : 'ja';
}

/** Intl's locale of a language (numbers, dates). */
export function intlLocale(language: Language): 'ja-JP' | 'en-US' {
  return language === 'ja' ? 'ja-JP' : 'en-US';
}
