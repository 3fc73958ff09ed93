import type { InfiniteData } from '@reduxjs/toolkit/query/react';
import { api as generatedApi } from './generated';
import type {
  AttributeResponse,
  CreatePostDto,
  PageResponse,
  ProfileFieldsDto,
  ProfileResponse,
  UploadFieldsDto,
  UpdatePostDto,
  UploadedFileResponse,
} from './generated';
import { eachObject, findTagged, patchTagged } from './optimistic';
import type { BookLanguage, DownloadedFile } from './types';

type FormFields = Record<string, string | number | boolean | Blob | (string | number)[] | undefined | null>;

/** Multipart bodies: append only the fields that are set (the server changes only those). */
export function toFormData(fields: ProfileFieldsDto | UploadFieldsDto | CreatePostDto | UpdatePostDto): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields as FormFields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) {
      const fileName = value instanceof File ? value.name : `${name}.jpg`;
      form.append(name, value, fileName);
    } else if (Array.isArray(value)) {
      // Repeated fields (communities, liked).
      for (const item of value) form.append(name, String(item));
    } else {
      form.append(name, String(value));
    }
  }
  return form;
}

/** The file name of a Content-Disposition header, preferring the UTF-8 form (filename*=). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : null;
}

const BOOK_LIST = { type: 'BookList', id: 'LIST' } as const;
const FOLLOWED_BOOKS = { type: 'FollowedBooks', id: 'LIST' } as const;

const enhancedApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['Profile', 'Book', 'BookStatus', 'BookList', 'FollowedBooks', 'UploadedFile', 'UploadedFiles', 'Tag'],
  endpoints: {
    getMyProfile: { providesTags: ['Profile'] },
    getProfile: { providesTags: ['Profile'] },
    getProfileDetail: { providesTags: ['Profile'] },
    getUserProfile: { providesTags: ['Profile'] },
    listNewProfiles: { providesTags: ['Profile'] },
    searchProfiles: { providesTags: ['Profile'] },
    createProfile: {
      query: (arg) => ({
        url: `/api/user/profile/`,
        method: 'POST',
        body: toFormData(arg.profileFieldsDto),
      }),
      invalidatesTags: ['Profile'],
    },
    updateProfile: {
      query: (arg) => ({
        url: `/api/user/profile/${arg.id}/`,
        method: 'PUT',
        body: toFormData(arg.profileFieldsDto),
      }),
      invalidatesTags: ['Profile'],
    },
    deleteProfile: { invalidatesTags: [] },
    // Auth calls change nothing cached; the session change resets the cache instead.
    register: { invalidatesTags: [] },
    login: { invalidatesTags: [] },
    logout: { invalidatesTags: [] },
    verifyEmail: { invalidatesTags: [] },
    forgotPassword: { invalidatesTags: [] },
    resendVerification: { invalidatesTags: [] },
    verifyForPasswordReset: { invalidatesTags: [] },
    resetPassword: { invalidatesTags: [] },

    // Tags (attributes).
    listAttributes: { providesTags: ['Tag'] },
    searchAttributes: { providesTags: ['Tag'] },
    listAttributesByLanguage: { providesTags: ['Tag'] },
    listAttributesOfPage: { providesTags: ['Tag'] },
    getAttribute: { providesTags: ['Tag'] },

    // Books.
    getPageInfo: { providesTags: (_result, _error, arg) => [{ type: 'Book', id: arg.pageId }] },
    checkUserPageStatus: { providesTags: (_result, _error, arg) => [{ type: 'BookStatus', id: arg.pageId }] },
    listRelatedPages: { providesTags: [BOOK_LIST] },
    searchPages: { providesTags: [BOOK_LIST] },
    searchOwnedPages: { providesTags: [BOOK_LIST] },
    listOwningAndRelatedPages: { providesTags: [BOOK_LIST] },
    listPagesJa: { providesTags: [BOOK_LIST] },
    listPagesEn: { providesTags: [BOOK_LIST] },
    listNewPages: { providesTags: [BOOK_LIST] },
    listOwningPages: { providesTags: [BOOK_LIST] },
    listPagesOfAttribute: { providesTags: [BOOK_LIST] },
    listPagesWithFilesOfUser: { providesTags: [BOOK_LIST] },
    listFollowingPages: { providesTags: [FOLLOWED_BOOKS] },
    // Following changes no field of the Book itself: its status and the followed list only.
    followPage: {
      invalidatesTags: (_result, _error, arg) => [{ type: 'BookStatus', id: arg.pageIdDto.pageId }, FOLLOWED_BOOKS],
    },
    unfollowPage: {
      invalidatesTags: (_result, _error, arg) => [{ type: 'BookStatus', id: arg.pageId }, FOLLOWED_BOOKS],
    },
    // The ticket does not say which Book: every Book and status may have changed.
    takeOwningPage: { invalidatesTags: ['Book', 'BookStatus', BOOK_LIST] },
    // A members-only Book made public: the Book and every list it may now be in.
    makePagePublic: { invalidatesTags: (_result, _error, arg) => [{ type: 'Book', id: arg.id }, BOOK_LIST, FOLLOWED_BOOKS] },
    // Counting a view changes nothing the viewer sees, and must not be repeated by a refetch.
    recordPageView: { providesTags: [], keepUnusedDataFor: 3600 },

    // Data files.
    listUploadedFiles: { providesTags: ['UploadedFiles'] },
    uploadData: {
      query: (arg) => ({
        url: `/api/user/upload/`,
        method: 'POST',
        body: toFormData(arg.uploadFieldsDto),
      }),
      invalidatesTags: ['UploadedFiles', BOOK_LIST],
    },
    downloadFile: {
      query: (arg) => ({
        url: `/api/user/download/`,
        method: 'POST',
        body: arg.fileIdDto,
        // The body is the file: hand back an object URL (serialisable) and the name to save it as.
        responseHandler: async (response: Response): Promise<DownloadedFile | unknown> => {
          if (!response.ok) return response.json().catch(() => null);
          const blob = await response.blob();
          return { objectUrl: URL.createObjectURL(blob), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
        },
      }),
      invalidatesTags: [],
    },
    getFileUrl: { invalidatesTags: [] },
  },
});

/**
 * Scroll lists. The server pages by `count` (page index from 0, a fixed page size); an empty
 * page ends the list. Every item provides its `{type, id}` tag, so a change to one object
 * refreshes each cached list that shows it.
 */
const byPageIndex = {
  initialPageParam: 0,
  getNextPageParam: (lastPage: unknown[], _pages: unknown[][], lastPageParam: number) =>
    lastPage.length === 0 ? undefined : lastPageParam + 1,
};

type Paged<T> = InfiniteData<T[], number> | undefined;

function itemTags<Type extends string>(type: Type, data: Paged<{ id: number }>) {
  return (data?.pages ?? []).flatMap((page) => page.map(({ id }) => ({ type, id })));
}
const bookTags = (data: Paged<PageResponse>) => [...itemTags('Book', data), BOOK_LIST];

const withLists = enhancedApi.injectEndpoints({
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
    /** A user's data files (/posteddata). */
    uploadedFiles: build.infiniteQuery<UploadedFileResponse[], { userId: number }, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: '/api/user/uploadedfiles/', params: { user_id: queryArg.userId, count: pageParam } }),
      providesTags: (data) => [...itemTags('UploadedFile', data), 'UploadedFiles'],
    }),
    /** Users by nickname; every user, newest first, for an empty query. */
    profileSearch: build.infiniteQuery<ProfileResponse[], { q: string }, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: '/api/user/profile/search', params: { q: queryArg.q, count: pageParam } }),
      providesTags: (data) => [...itemTags('Profile', data), 'Profile'],
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

const isBook = (value: unknown): value is PageResponse =>
  typeof value === 'object' && value !== null && 'page_price' in value && 'post_count' in value;

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
 * (see ./optimistic). The tags invalidated afterwards bring the cache back in line with the server.
 */
function optimisticFollow(following: boolean) {
  return async (
    bookId: number,
    lifecycle: { dispatch: (action: unknown) => unknown; getState: () => unknown; queryFulfilled: Promise<unknown> },
  ) => {
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

export const api = withLists.enhanceEndpoints({
  endpoints: {
    followPage: { onQueryStarted: (arg, lifecycle) => follow(arg.pageIdDto.pageId, lifecycle) },
    unfollowPage: { onQueryStarted: (arg, lifecycle) => unfollow(arg.pageId, lifecycle) },
  },
});
