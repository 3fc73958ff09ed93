import '@/i18n/social';
import type { InfiniteData } from '@reduxjs/toolkit/query/react';
import { api } from './api';
import type {
  CombinedSearchItem,
  CommentResponse,
  CommentsResponse,
  FollowRequestResponse,
  PostListResponse,
  PostResponse,
  ProfileResponse,
} from './generated';

/**
 * The social half of the client: post lists, comments, likes, reposts and follows. Every list is
 * an infinite query whose items provide `{type: 'Post', id}`; a like, repost or comment patches
 * every cached list (and single post) that shows the post at once, and undoes that if the server
 * refuses. The tags invalidated afterwards bring the cache back in line with the server.
 */

const byPageIndex = {
  initialPageParam: 0,
  getNextPageParam: (lastPage: unknown[], _pages: unknown[][], lastPageParam: number) =>
    lastPage.length === 0 ? undefined : lastPageParam + 1,
};

type Paged<T> = InfiniteData<T[], number> | undefined;

const POST_LIST = { type: 'PostList', id: 'LIST' } as const;
const FOLLOWS = { type: 'Follow', id: 'LIST' } as const;

function postTags(data: Paged<PostResponse>) {
  return [...(data?.pages ?? []).flatMap((page) => page.map(({ id }) => ({ type: 'Post' as const, id }))), POST_LIST];
}
const postsOf = (response: PostListResponse) => response.res;

/** Multipart body of a post: the fields that are set, the image as a file. */
export type NewPost = {
  text: string;
  rating?: number;
  reviewTo?: number;
  img?: Blob;
  purepost_flag?: boolean;
};

function postForm(post: NewPost): FormData {
  const form = new FormData();
  form.append('text', post.text);
  if (post.rating !== undefined) form.append('rating', String(post.rating));
  if (post.reviewTo !== undefined) form.append('reviewTo', String(post.reviewTo));
  if (post.purepost_flag !== undefined) form.append('purepost_flag', String(post.purepost_flag));
  if (post.img) form.append('img', post.img, 'post.jpg');
  return form;
}

/** An edit of `post` by its author: the fields that are set change. */
export type PostEdit = {
  post: PostResponse;
  text?: string;
  rating?: number;
  img?: Blob;
};

function editForm(edit: Omit<PostEdit, 'post'>): FormData {
  const form = new FormData();
  if (edit.text !== undefined) form.append('text', edit.text);
  if (edit.rating !== undefined) form.append('rating', String(edit.rating));
  if (edit.img) form.append('img', edit.img, 'post.jpg');
  return form;
}

const withSocial = api.enhanceEndpoints({ addTagTypes: ['Post', 'PostList', 'Comments', 'Follow'] }).injectEndpoints({
  endpoints: (build) => ({
    /** /home: own posts, followed users and followed Books (every post for a visitor). */
    homePosts: build.infiniteQuery<PostResponse[], void, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ pageParam }) => ({ url: '/api/user/postcc/', params: { count: pageParam } }),
      transformResponse: postsOf,
      providesTags: postTags,
    }),
    userPosts: build.infiniteQuery<PostResponse[], { userId: number }, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: '/api/user/userpostcc/', params: { user_id: queryArg.userId, count: pageParam } }),
      transformResponse: postsOf,
      providesTags: postTags,
    }),
    bookPosts: build.infiniteQuery<PostResponse[], { pageId: number }, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: '/api/user/monopostcc/', params: { pageId: queryArg.pageId, count: pageParam } }),
      transformResponse: postsOf,
      providesTags: postTags,
    }),
    likedPosts: build.infiniteQuery<PostResponse[], void, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ pageParam }) => ({ url: '/api/user/likedpostscc/likedposts/', params: { count: pageParam } }),
      transformResponse: postsOf,
      providesTags: postTags,
    }),
    postComments: build.infiniteQuery<CommentResponse[], { postId: number }, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({
        url: '/api/user/monocomment-nonlogin/post-comments/',
        params: { post_id: queryArg.postId, count: pageParam },
      }),
      transformResponse: (response: CommentsResponse) => response.comments_with_profiles,
      providesTags: (_data, _error, arg) => [{ type: 'Comments', id: arg.postId }],
    }),
    publishPost: build.mutation<PostResponse, NewPost>({
      query: (post) => ({ url: '/api/user/monopost/', method: 'POST', body: postForm(post) }),
      // A review changes its Book's rating and review count.
      invalidatesTags: (_result, error, post) =>
        error ? [] : [POST_LIST, ...(post.reviewTo !== undefined ? [{ type: 'Book' as const, id: post.reviewTo }] : [])],
    }),
    removePost: build.mutation<void, { post: PostResponse }>({
      query: ({ post }) => ({ url: `/api/user/monopost/${post.id}/`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { post }) =>
        error ? [] : [POST_LIST, ...(post.reviewTo !== null ? [{ type: 'Book' as const, id: post.reviewTo }] : [])],
    }),
    /**
     * The author's edit of a post: its text, a review's rating, a new image (only the fields
     * given are sent). Every cached list showing the post changes at once (see below); a changed
     * rating moves the Book's rating too.
     */
    editPost: build.mutation<PostResponse, PostEdit>({
      query: ({ post, ...edit }) => ({ url: `/api/user/monopost/${post.id}/`, method: 'PUT', body: editForm(edit) }),
      invalidatesTags: (_result, error, { post, rating }) =>
        error || rating === undefined || rating === post.rating || post.reviewTo === null ? [] : [{ type: 'Book' as const, id: post.reviewTo }],
    }),
    /** Likes or unlikes as the caller: `liked` holds the caller's own id, or one empty value. */
    setLiked: build.mutation<PostResponse, { postId: number; me: number; liked: boolean }>({
      query: ({ postId, me, liked }) => {
        const form = new FormData();
        form.append('liked', liked ? String(me) : '');
        return { url: `/api/user/monopost/${postId}/`, method: 'PUT', body: form };
      },
      invalidatesTags: [],
    }),
    repost: build.mutation<PostResponse, { post: PostResponse }>({
      query: ({ post }) => {
        const form = new FormData();
        form.append('reposting', 'true');
        form.append('repostingFrom', String(post.repostingFrom ?? post.id));
        return { url: '/api/user/monopost/', method: 'POST', body: form };
      },
      // The repost is a new post on the reposter's lists.
      invalidatesTags: (_result, error) => (error ? [] : [POST_LIST]),
    }),
    unrepost: build.mutation<void, { post: PostResponse }>({
      query: ({ post }) => ({ url: `/api/user/delete-repost/${post.id}/delete_repost/`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [POST_LIST]),
    }),
    addComment: build.mutation<CommentResponse, { postId: number; text: string }>({
      query: ({ postId, text }) => ({ url: '/api/user/monocomment/', method: 'POST', body: { post: postId, text } }),
      invalidatesTags: (_result, error, { postId }) => (error ? [] : [{ type: 'Comments', id: postId }]),
    }),
    removeComment: build.mutation<void, { postId: number; commentId: number }>({
      query: ({ commentId }) => ({ url: `/api/user/monocomment/${commentId}/`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { postId }) => (error ? [] : [{ type: 'Comments', id: postId }]),
    }),

    // Follows.
    followStatus: build.query<{ following: boolean; approved: boolean }, { userId: number }>({
      query: ({ userId }) => ({ url: `/api/user/approval/followcheck/${userId}/` }),
      providesTags: [FOLLOWS],
    }),
    followCounts: build.query<{ following_count: number; followed_count: number; community_count: number }, { userId: number }>({
      query: ({ userId }) => ({ url: `/api/user/follower_following_counts/${userId}/` }),
      providesTags: [FOLLOWS],
    }),
    /** Users who follow `userId` (approved). */
    followers: build.infiniteQuery<ProfileResponse[], { userId: number }, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: `/api/user/followeduser/${queryArg.userId}/`, params: { count: pageParam } }),
      providesTags: [FOLLOWS],
    }),
    /** Users `userId` follows (approved). */
    followedUsers: build.infiniteQuery<ProfileResponse[], { userId: number }, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: `/api/user/followinguser/${queryArg.userId}/`, params: { count: pageParam } }),
      providesTags: [FOLLOWS],
    }),
    receivedRequests: build.infiniteQuery<FollowRequestResponse[], { userId: number }, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: `/api/user/approval/Followeduser/${queryArg.userId}/`, params: { count: pageParam } }),
      providesTags: [FOLLOWS],
    }),
    sentRequests: build.infiniteQuery<FollowRequestResponse[], { userId: number }, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: `/api/user/approval/Followinguser/${queryArg.userId}/`, params: { count: pageParam } }),
      providesTags: [FOLLOWS],
    }),
    /** Users and circles by name; everyone, newest first, for an empty query. */
    discover: build.infiniteQuery<CombinedSearchItem[], { q: string }, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: '/api/user/combinedsearch/', params: { q: queryArg.q || undefined, count: pageParam } }),
      providesTags: [FOLLOWS],
    }),
    requestFollow: build.mutation<FollowRequestResponse, { me: number; userId: number }>({
      query: ({ me, userId }) => ({ url: '/api/user/approval/', method: 'POST', body: { askFrom: me, askTo: userId } }),
      // Following changes the home feed too.
      invalidatesTags: (_result, error) => (error ? [] : [FOLLOWS, POST_LIST]),
    }),
    approveFollow: build.mutation<FollowRequestResponse, { me: number; requester: number }>({
      query: ({ me, requester }) => ({ url: '/api/user/approval/', method: 'POST', body: { askFrom: requester, askTo: me, approved: true } }),
      invalidatesTags: (_result, error) => (error ? [] : [FOLLOWS]),
    }),
    unfollow: build.mutation<void, { me: number; userId: number }>({
      query: ({ me, userId }) => ({ url: '/api/user/approval/delete_request/', method: 'POST', body: { askFrom: me, askTo: userId } }),
      invalidatesTags: (_result, error) => (error ? [] : [FOLLOWS, POST_LIST]),
    }),
  }),
});

/** The post-list endpoints whose cached pages are patched when a post changes. */
const POST_LISTS = ['homePosts', 'userPosts', 'bookPosts', 'likedPosts'] as const;

type State = Parameters<typeof withSocial.util.selectCachedArgsForQuery>[0];
type Patch = { undo: () => void };
type Lifecycle = { dispatch: (action: unknown) => unknown; getState: () => unknown; queryFulfilled: Promise<unknown> };

/** Applies `change` to every cached copy of every post `matches` selects; returns the undo list. */
function patchPosts(
  { dispatch, getState }: Pick<Lifecycle, 'dispatch' | 'getState'>,
  matches: (post: PostResponse) => boolean,
  change: (post: PostResponse) => void,
): Patch[] {
  const state = getState() as State;
  const patches: Patch[] = [];
  for (const endpoint of POST_LISTS) {
    for (const arg of withSocial.util.selectCachedArgsForQuery(state, endpoint)) {
      patches.push(
        dispatch(
          // Every list holds pages of posts; the union of the argument types is safe here.
          withSocial.util.updateQueryData(endpoint, arg as never, (list: InfiniteData<PostResponse[], number>) => {
            for (const page of list.pages) for (const post of page) if (matches(post)) change(post);
          }),
        ) as Patch,
      );
    }
  }
  return patches;
}

async function undoOnError(patches: Patch[], queryFulfilled: Promise<unknown>) {
  try {
    await queryFulfilled;
  } catch {
    for (const patch of patches.reverse()) patch.undo();
  }
}

const origin = (post: PostResponse) => post.repostingFrom ?? post.id;

export const socialApi = withSocial.enhanceEndpoints({
  endpoints: {
    setLiked: {
      onQueryStarted: async ({ postId, liked }, lifecycle) => {
        const patches = patchPosts(
          lifecycle,
          (post) => post.id === postId,
          (post) => {
            if (post.is_liked === liked) return;
            post.is_liked = liked;
            post.likedTimes = Math.max(0, post.likedTimes + (liked ? 1 : -1));
          },
        );
        try {
          const { data } = (await lifecycle.queryFulfilled) as { data: PostResponse };
          // The server's answer is the truth: a list page fetched while the like was on its way
          // may have brought the old state back over the optimistic one.
          patchPosts(
            lifecycle,
            (post) => post.id === postId,
            (post) => {
              post.is_liked = data.is_liked;
              post.likedTimes = data.likedTimes;
            },
          );
        } catch {
          for (const patch of patches.reverse()) patch.undo();
        }
      },
    },
    editPost: {
      onQueryStarted: async ({ post: target, text, rating }, lifecycle) => {
        // The text and rating show at once; the server's answer (the new image too) replaces
        // them when it comes, and a refusal puts the old ones back.
        const patches = patchPosts(
          lifecycle,
          (post) => post.id === target.id,
          (post) => {
            if (text !== undefined) post.text = text;
            if (rating !== undefined) post.rating = rating;
          },
        );
        try {
          const { data } = (await lifecycle.queryFulfilled) as { data: PostResponse };
          patchPosts(lifecycle, (post) => post.id === target.id, (post) => void Object.assign(post, data));
        } catch {
          for (const patch of patches.reverse()) patch.undo();
        }
      },
    },
    repost: {
      onQueryStarted: ({ post: target }, lifecycle) => {
        const root = origin(target);
        const patches = patchPosts(
          lifecycle,
          (post) => origin(post) === root,
          (post) => {
            if (post.id === root && !post.is_reposted) post.repostedTimes += 1;
            post.is_reposted = true;
          },
        );
        return undoOnError(patches, lifecycle.queryFulfilled);
      },
    },
    unrepost: {
      onQueryStarted: ({ post: target }, lifecycle) => {
        const root = origin(target);
        const patches = patchPosts(
          lifecycle,
          (post) => origin(post) === root,
          (post) => {
            if (post.id === root && post.is_reposted) post.repostedTimes = Math.max(0, post.repostedTimes - 1);
            post.is_reposted = false;
          },
        );
        return undoOnError(patches, lifecycle.queryFulfilled);
      },
    },
    addComment: {
      onQueryStarted: ({ postId }, lifecycle) => {
        const patches = patchPosts(
          lifecycle,
          (post) => post.id === postId,
          (post) => {
            post.commentedCounts += 1;
            post.is_commented = true;
          },
        );
        return undoOnError(patches, lifecycle.queryFulfilled);
      },
    },
    removeComment: {
      onQueryStarted: ({ postId }, lifecycle) => {
        const patches = patchPosts(
          lifecycle,
          (post) => post.id === postId,
          (post) => {
            post.commentedCounts = Math.max(0, post.commentedCounts - 1);
          },
        );
        return undoOnError(patches, lifecycle.queryFulfilled);
      },
    },
    removePost: {
      onQueryStarted: ({ post: target }, lifecycle) => {
        const state = lifecycle.getState() as State;
        const patches: Patch[] = [];
        for (const endpoint of POST_LISTS) {
          for (const arg of withSocial.util.selectCachedArgsForQuery(state, endpoint)) {
            patches.push(
              lifecycle.dispatch(
                withSocial.util.updateQueryData(endpoint, arg as never, (list: InfiniteData<PostResponse[], number>) => {
                  list.pages = list.pages.map((page) => page.filter((post) => post.id !== target.id && post.repostingFrom !== target.id));
                }),
              ) as Patch,
            );
          }
        }
        return undoOnError(patches, lifecycle.queryFulfilled);
      },
    },
  },
});

export type { PostResponse as Post, CommentResponse as PostComment, FollowRequestResponse as FollowRequest, CombinedSearchItem };
