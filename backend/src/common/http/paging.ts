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
