import { api } from '@/api/api';
import type { AttributeResponse, PageResponse } from '@/api/generated';
import { eachObject, findTagged, patchTagged } from '@/api/optimistic';
import { byPageIndex, itemTags, type Paged } from '@/api/paging';
import { BOOK_LIST, FOLLOWED_BOOKS } from '@/api/tags';
import type { BookLanguage } from '@/api/types';

const bookTags = (data: Paged<PageResponse>) => [...itemTags('Book', data), BOOK_LIST];

const isBook = (value: unknown): value is PageResponse => typeof value === 'object' && value !== null && 'page_price' in value && 'post_count' in value;

/** A Book the client already holds (its page, or any cached list), to show it before a refetch. */
function cachedBook(state: unknown, bookId: number): PageResponse | undefined {
  return findTagged(state, [{ type: 'Book', id: bookId }], (data) => {
    let found: PageResponse | undefined;
    eachObject(data, isBook, (book) => {
      if (book.id === bookId) found ??= book;
    });
    return found;
  });
}

/**
 * Follow and unfollow update every screen that shows the follow at once — the Book page's
 * status, the followed list and the panel that shares it — and undo that if the server refuses
 * (see @/api/optimistic). The tags invalidated afterwards bring the cache back in line with the server.
 */
function optimisticFollow(following: boolean) {
  return async (bookId: number, lifecycle: { dispatch: (action: unknown) => unknown; getState: () => unknown; queryFulfilled: Promise<unknown> }) => {
    const book = following ? cachedBook(lifecycle.getState(), bookId) : undefined;
    const undoStatus = patchTagged(lifecycle, [{ type: 'BookStatus', id: bookId }], (data) => {
      if (typeof data === 'object' && data !== null && 'is_followed' in data) data.is_followed = following;
    });
    const undoList = patchTagged(lifecycle, [FOLLOWED_BOOKS], (data) => {
      const pages = (data as Paged<PageResponse>)?.pages;
      if (!pages) return;
      const shown = pages.some((page) => page.some((item) => item.id === bookId));
      if (!following) {
        for (const page of pages) {
          const index = page.findIndex((item) => item.id === bookId);
          if (index >= 0) page.splice(index, 1);
        }
      } else if (book && !shown && pages.length > 0) {
        // The newest follow comes first.
        pages[0].unshift(book);
      }
    });
    try {
      await lifecycle.queryFulfilled;
    } catch {
      undoList();
      undoStatus();
    }
  };
}

const follow = optimisticFollow(true);
const unfollow = optimisticFollow(false);

/**
 * The Books' scroll lists (every item provides its `{type: 'Book', id}` tag, so a change to one
 * Book refreshes each cached list that shows it) and following a Book. The Book calls the shell
 * shares (getPageInfo, its status, the plain lists) get their tags in @/api/api.
 */
export const booksApi = api
  .enhanceEndpoints({
    endpoints: {
      // Following changes no field of the Book itself: its status and the followed list only.
      followPage: {
        invalidatesTags: (_result, _error, arg) => [{ type: 'BookStatus', id: arg.pageIdDto.pageId }, FOLLOWED_BOOKS],
        onQueryStarted: (arg, lifecycle) => follow(arg.pageIdDto.pageId, lifecycle),
      },
      unfollowPage: {
        invalidatesTags: (_result, _error, arg) => [{ type: 'BookStatus', id: arg.pageId }, FOLLOWED_BOOKS],
        onQueryStarted: (arg, lifecycle) => unfollow(arg.pageId, lifecycle),
      },
    },
  })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The newest Books of a language (/recommend). */
      booksByLanguage: build.infiniteQuery<PageResponse[], { lan: BookLanguage }, number>({
        infiniteQueryOptions: byPageIndex,
        query: ({ queryArg, pageParam }) => ({
          url: queryArg.lan === 'ja' ? '/api/user/pageccja/' : '/api/user/pageccen/',
          params: { count: pageParam },
        }),
        providesTags: bookTags,
      }),
      booksOfTag: build.infiniteQuery<PageResponse[], { id: number }, number>({
        infiniteQueryOptions: byPageIndex,
        query: ({ queryArg, pageParam }) => ({ url: `/api/user/pageattribute/${queryArg.id}/monopages/`, params: { count: pageParam } }),
        providesTags: bookTags,
      }),
      searchBooks: build.infiniteQuery<PageResponse[], { query: string }, number>({
        infiniteQueryOptions: byPageIndex,
        query: ({ queryArg, pageParam }) => ({ url: '/api/user/monopage/search-pages/', params: { query: queryArg.query, count: pageParam } }),
        providesTags: bookTags,
      }),
      /** The Books the user owns, then related ones (/owningpages). */
      ownedBooks: build.infiniteQuery<PageResponse[], void, number>({
        infiniteQueryOptions: byPageIndex,
        query: ({ pageParam }) => ({ url: '/api/user/owning_and_related_pages/', params: { count: pageParam } }),
        providesTags: bookTags,
      }),
      searchOwnedBooks: build.infiniteQuery<PageResponse[], { query: string }, number>({
        infiniteQueryOptions: byPageIndex,
        query: ({ queryArg, pageParam }) => ({
          url: '/api/user/monopage/search-owned-pages/',
          params: { query: queryArg.query, count: pageParam },
        }),
        providesTags: bookTags,
      }),
      /** The Books the user follows: /followingpagelist and the home screen's panel share it. */
      followedBooks: build.infiniteQuery<PageResponse[], void, number>({
        infiniteQueryOptions: byPageIndex,
        query: ({ pageParam }) => ({ url: '/api/user/followingpage/', params: { count: pageParam } }),
        providesTags: (data) => [...itemTags('Book', data), FOLLOWED_BOOKS],
      }),
      /** Books made from a user's data (/userpagebook, /specificuserbook). */
      booksOfUser: build.infiniteQuery<PageResponse[], { userId: number }, number>({
        infiniteQueryOptions: byPageIndex,
        query: ({ queryArg, pageParam }) => ({ url: `/api/user/${queryArg.userId}/monopages-with-files/`, params: { count: pageParam } }),
        providesTags: bookTags,
      }),
      /** Tags of a language, optionally matching words (the tag search dialog). */
      tagSearch: build.infiniteQuery<AttributeResponse[], { lan: BookLanguage; q?: string }, number>({
        infiniteQueryOptions: byPageIndex,
        query: ({ queryArg, pageParam }) => ({
          url: '/api/user/pageattribute/search/',
          params: { q: queryArg.q, lan: queryArg.lan, count: pageParam },
        }),
        providesTags: (data) => [...itemTags('Tag', data), 'Tag'],
      }),
    }),
  });
