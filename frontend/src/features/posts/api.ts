import { api, toFormData } from '@/api/api';
import type {
  CommentResponse,
  ListBookPostsApiArg,
  ListHomePostsApiResponse,
  ListPostCommentsApiArg,
  ListPostCommentsApiResponse,
  ListUserPostsApiArg,
  PostListResponse,
  PostResponse,
  UpdatePostDto,
} from '@/api/generated';
import { eachObject, findTagged, optimistically, patchTagged, removeObjects } from '@/api/optimistic';
import type { Recipe } from '@/api/optimistic';
import { byPageIndex, type Paged } from '@/api/paging';
import { POST_LIST, postTag, postTagsOf } from '@/api/tags';
import type { ListArg } from '@/api/types';

const origin = (post: PostResponse) => post.repostingFrom ?? post.id;
const postTags = (data: Paged<PostResponse>) => [...postTagsOf(data?.pages.flat() ?? []), POST_LIST];
const postsOf = (response: PostListResponse) => response.res;

const isPost = (value: unknown): value is PostResponse => typeof value === 'object' && value !== null && 'likedTimes' in value && 'userPost' in value;
const isComment = (value: unknown): value is CommentResponse => typeof value === 'object' && value !== null && 'userComment' in value && 'post' in value;

/** A recipe changing every copy of the posts `matches` selects, whatever the shape of the list. */
const changePosts =
  (matches: (post: PostResponse) => boolean, change: (post: PostResponse) => void): Recipe =>
  (data) =>
    eachObject(data, isPost, (post) => {
      if (matches(post)) change(post);
    });

/** Post `id` as a cached list or post holds it, if any does. */
function cachedPost(state: unknown, id: number): PostResponse | undefined {
  return findTagged(state, [postTag(id)], (data) => {
    let found: PostResponse | undefined;
    eachObject(data, isPost, (post) => {
      if (post.id === id) found ??= post;
    });
    return found;
  });
}

function cachedComment(state: unknown, id: number): CommentResponse | undefined {
  return findTagged(state, [{ type: 'Comment', id }], (data) => {
    let found: CommentResponse | undefined;
    eachObject(data, isComment, (comment) => {
      if (comment.id === id) found ??= comment;
    });
    return found;
  });
}

/** Multipart body of a post or an edit: the fields that are set; `liked: []` as one empty value (unlike). */
function postForm(fields: Partial<UpdatePostDto> & Record<string, unknown>): FormData {
  const form = toFormData(fields);
  if (Array.isArray(fields.liked) && fields.liked.length === 0) form.append('liked', '');
  return form;
}

/**
 * The posts' calls: post lists, comments, likes, reposts, edits and deletions. The calls are the
 * generated ones (createPost, updatePost, deletePost, deleteRepost, createComment, deleteComment)
 * with this app's tags, multipart bodies and optimistic updates; the scroll lists are infinite
 * queries over the generated list calls' arguments and answers.
 *
 * Every list provides `{type: 'Post', id}` for each post it shows (and for the original of each
 * repost, `postTagsOf` in @/api/tags), so a like, repost, comment, edit or deletion patches every
 * cached list and post that shows it at once (see @/api/optimistic), and undoes that if the
 * server refuses. A list added later stays true by providing those tags. The tags invalidated
 * afterwards bring the cache back in line with the server.
 */
const withPosts = api.enhanceEndpoints({
  addTagTypes: ['Comments', 'Comment'],
  endpoints: {
    // Posts: a new post, a review (its Book's rating and review count change) or a repost (a new
    // post on the reposter's lists).
    createPost: {
      query: ({ createPostDto }) => ({ url: '/api/user/monopost/', method: 'POST', body: postForm(createPostDto) }),
      invalidatesTags: (_result, error, { createPostDto }) =>
        error
          ? []
          : [
              POST_LIST,
              ...(createPostDto.reviewTo !== undefined ? [{ type: 'Book' as const, id: createPostDto.reviewTo }] : []),
              // A circle post changes its circles' post counts (the header's 「0 投稿」 until a reload, issue 41, item 4).
              ...(createPostDto.communities ?? []).map((id) => ({ type: 'Circle' as const, id })),
            ],
      onQueryStarted: async ({ createPostDto }, lifecycle) => {
        const root = createPostDto.repostingFrom;
        if (!createPostDto.reposting || root === undefined) return;
        await optimistically(
          lifecycle,
          [postTag(root)],
          changePosts(
            (post) => origin(post) === root,
            (post) => {
              if (post.id === root && !post.is_reposted) post.repostedTimes += 1;
              post.is_reposted = true;
            },
          ),
        );
      },
    },
    /**
     * The author's edit (text, a review's rating, a new image: only the fields given are sent),
     * or anyone's like (`liked: [me]`) or unlike (`liked: []`). Every cached copy of the post
     * changes at once; the server's answer (the new image, the counts) replaces it when it comes:
     * a list page fetched while the request was on its way may have brought the old state back.
     * A changed rating moves the Book's rating too.
     */
    updatePost: {
      query: ({ id, updatePostDto }) => ({ url: `/api/user/monopost/${id}/`, method: 'PUT', body: postForm(updatePostDto) }),
      invalidatesTags: [],
      onQueryStarted: async ({ id, updatePostDto: { text, rating, liked } }, lifecycle) => {
        const before = cachedPost(lifecycle.getState(), id);
        const answer = await optimistically(
          lifecycle,
          [postTag(id)],
          changePosts(
            (post) => post.id === id,
            (post) => {
              if (text !== undefined) post.text = text;
              if (rating !== undefined) post.rating = rating;
              if (liked !== undefined && post.is_liked !== liked.length > 0) {
                post.is_liked = liked.length > 0;
                post.liked = liked;
                post.likedTimes = Math.max(0, post.likedTimes + (post.is_liked ? 1 : -1));
              }
            },
          ),
        );
        if (!answer) return;
        const { data } = answer;
        patchTagged(
          lifecycle,
          [postTag(id)],
          changePosts(
            (post) => post.id === id,
            (post) => void Object.assign(post, data),
          ),
        );
        if (rating !== undefined && rating !== before?.rating && data.reviewTo !== null) {
          lifecycle.dispatch(api.util.invalidateTags([{ type: 'Book', id: data.reviewTo }]));
        }
      },
    },
    /** The author deletes a post: it and its reposts leave every list at once; a review moves its Book. */
    deletePost: {
      invalidatesTags: (_result, error) => (error ? [] : [POST_LIST]),
      onQueryStarted: async ({ id }, lifecycle) => {
        const target = cachedPost(lifecycle.getState(), id);
        const answer = await optimistically(lifecycle, [postTag(id)], (data) =>
          removeObjects(data, isPost, (post) => post.id === id || post.repostingFrom === id),
        );
        if (answer && target && target.reviewTo !== null) lifecycle.dispatch(api.util.invalidateTags([{ type: 'Book', id: target.reviewTo }]));
      },
    },
    /** Takes back the caller's repost of post `id` (or of its original when `id` is a repost). */
    deleteRepost: {
      invalidatesTags: (_result, error) => (error ? [] : [POST_LIST]),
      onQueryStarted: async ({ id }, lifecycle) => {
        const target = cachedPost(lifecycle.getState(), id);
        const root = target ? origin(target) : id;
        await optimistically(
          lifecycle,
          [postTag(root)],
          changePosts(
            (post) => origin(post) === root,
            (post) => {
              if (post.id === root && post.is_reposted) post.repostedTimes = Math.max(0, post.repostedTimes - 1);
              post.is_reposted = false;
            },
          ),
        );
      },
    },
    createComment: {
      invalidatesTags: (_result, error, { createCommentDto }) => (error ? [] : [{ type: 'Comments', id: createCommentDto.post }]),
      onQueryStarted: async ({ createCommentDto: { post: postId } }, lifecycle) => {
        await optimistically(
          lifecycle,
          [postTag(postId)],
          changePosts(
            (post) => post.id === postId,
            (post) => {
              post.commentedCounts += 1;
              post.is_commented = true;
            },
          ),
        );
      },
    },
    /** Deletes comment `id`; its post is found in the cached thread that shows it. */
    deleteComment: {
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Comment', id }]),
      onQueryStarted: async ({ id }, lifecycle) => {
        const postId = cachedComment(lifecycle.getState(), id)?.post;
        if (postId === undefined) return;
        await optimistically(
          lifecycle,
          [postTag(postId)],
          changePosts(
            (post) => post.id === postId,
            (post) => {
              post.commentedCounts = Math.max(0, post.commentedCounts - 1);
            },
          ),
        );
      },
    },
  },
});

export const postsApi = withPosts.injectEndpoints({
  endpoints: (build) => ({
    /** /home: own posts, followed users and followed Books (every post for a visitor). */
    homePosts: build.infiniteQuery<ListHomePostsApiResponse['res'], void, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ pageParam }) => ({ url: '/api/user/postcc/', params: { count: pageParam } }),
      transformResponse: postsOf,
      providesTags: postTags,
    }),
    userPosts: build.infiniteQuery<PostResponse[], ListArg<ListUserPostsApiArg>, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: '/api/user/userpostcc/', params: { user_id: queryArg.userId, count: pageParam } }),
      transformResponse: postsOf,
      providesTags: postTags,
    }),
    bookPosts: build.infiniteQuery<PostResponse[], ListArg<ListBookPostsApiArg>, number>({
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
    postComments: build.infiniteQuery<ListPostCommentsApiResponse['comments_with_profiles'], ListArg<ListPostCommentsApiArg>, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({
        url: '/api/user/monocomment-nonlogin/post-comments/',
        params: { post_id: queryArg.postId, count: pageParam },
      }),
      transformResponse: (response: ListPostCommentsApiResponse) => response.comments_with_profiles,
      providesTags: (data, _error, { postId }) => [
        ...(data?.pages ?? []).flatMap((page) => page.map(({ id }) => ({ type: 'Comment' as const, id }))),
        { type: 'Comments', id: postId },
      ],
    }),
  }),
});
