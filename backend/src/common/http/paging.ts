import { DrfValidationError, Msg } from './drf-errors';

export const PAGE_SIZE = 10;
/** `count` has at most 7 digits. */
export const MAX_PAGE_INDEX = 9_999_999;

export interface PageWindow {
  index: number;
  offset: number;
  limit: number;
}

/**
 * Count paging as the old clients use it: `count` is the page index from 0, pages hold
 * `size` items, an empty page ends the list.
 */
export function pageWindow(count: unknown, size = PAGE_SIZE, field = 'count'): PageWindow {
  let index = 0;
  if (count !== undefined && count !== null && count !== '') {
    const text = String(count);
    if (!/^\d{1,7}$/.test(text)) throw DrfValidationError.field(field, Msg.invalidInt);
    index = Number(text);
  }
  return { index, offset: index * size, limit: size };
}

export function parseId(value: unknown, field = 'id'): number {
  const text = String(value ?? '');
  if (!/^\d{1,10}$/.test(text) || Number(text) > 2147483647) throw DrfValidationError.field(field, Msg.invalidInt);
  return Number(text);
}

/** Pages whose LIMIT and OFFSET a list statement writes in as numbers (see `pageSql`). */
export const LITERAL_PAGES = 4;

/**
 * The LIMIT and OFFSET of a list statement: written in as numbers on the first LITERAL_PAGES
 * pages, the named parameters `:limit` and `:offset` (values in `params`, to spread into the
 * statement's parameters) after them. As numbers, PostgreSQL plans the prepared statement once
 * and keeps that plan (a generic plan's estimate for LIMIT $n is far above a custom plan's, so it
 * planned the feeds again at every execution: 0.5–2 ms of planning per request at 1M posts, more
 * than their execution). The texts stay few: LITERAL_PAGES per list and one for every later page.
 *
 * The one paging helper of the statements: `LIMIT ${w.limit} OFFSET ${w.offset}`, `{ ...w.params }`.
 */
export function pageSql(page: PageWindow): { limit: string; offset: string; params: { limit?: number; offset?: number } } {
  const literal = page.index < LITERAL_PAGES && Number.isSafeInteger(page.limit) && Number.isSafeInteger(page.offset) && page.limit >= 0 && page.offset >= 0;
  return literal
    ? { limit: String(page.limit), offset: String(page.offset), params: {} }
    : { limit: ':limit', offset: ':offset', params: { limit: page.limit, offset: page.offset } };
}
