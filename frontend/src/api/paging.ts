import type { InfiniteData } from '@reduxjs/toolkit/query/react';

/**
 * The one paging rule of every scroll list (`build.infiniteQuery`): the server pages by `count`,
 * the page index from 0 over a fixed page size, and an empty page ends the list. Pass it as an
 * infinite query's `infiniteQueryOptions`.
 */
export const byPageIndex = {
  initialPageParam: 0,
  getNextPageParam: (lastPage: unknown[], _pages: unknown[][], lastPageParam: number) => (lastPage.length === 0 ? undefined : lastPageParam + 1),
};

/** A scroll list's cached pages, as its `providesTags` receives them. */
export type Paged<T> = InfiniteData<T[], number> | undefined;

/** The `{type, id}` tag of every item a scroll list shows, so that a change to one object reaches each list showing it. */
export function itemTags<Type extends string>(type: Type, data: Paged<{ id: number }>) {
  return (data?.pages ?? []).flatMap((page) => page.map(({ id }) => ({ type, id })));
}
