import type { Language } from '../../common/i18n/language';

/** The fields of a Book's text, in the order the generator writes them and a Book shows them. */
export const BOOK_TEXT_FIELDS = ['title', 'summary', 'goodpoint', 'badpoint', 'point1', 'point2', 'point3', 'point4', 'point5', 'answer'] as const;

export type BookTextField = (typeof BOOK_TEXT_FIELDS)[number];

/**
 * A Book's text in one language: the one type of these ten fields (the stored row, the new Book,
 * the generator's draft and the response all extend or implement it).
 */
export type BookText = Record<BookTextField, string>;

/** A Book's text in each language it has, as stored in pages.texts. */
export type BookTexts = Partial<Record<Language, BookText>>;

/** The text fields of anything that has them (a draft, a new Book), without its other fields. */
export function bookTextOf(source: BookText): BookText {
  return Object.fromEntries(BOOK_TEXT_FIELDS.map((k) => [k, source[k]])) as BookText;
}
