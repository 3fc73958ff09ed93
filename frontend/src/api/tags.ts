import type { PostResponse } from './generated';

/**
 * The cache tags more than one feature names: the lists a feature's write refreshes are often
 * shown by another feature (a circle post is in the post lists, a circle invitation changes the
 * follows), so their names live here, beside the slice, and each feature's `api.ts` uses them.
 */
export const SHARED_TAG_TYPES = [
  'Profile',
  'Book',
  'BookStatus',
  'BookList',
  'FollowedBooks',
  'UploadedFile',
  'UploadedFiles',
  'Tag',
  'Post',
  'PostList',
  'Follow',
  'Circle',
] as const;

export const BOOK_LIST = { type: 'BookList', id: 'LIST' } as const;
export const FOLLOWED_BOOKS = { type: 'FollowedBooks', id: 'LIST' } as const;
export const POST_LIST = { type: 'PostList', id: 'LIST' } as const;
export const FOLLOWS = { type: 'Follow', id: 'LIST' } as const;
export const postTag = (id: number) => ({ type: 'Post', id }) as const;

/**
 * The tags a list provides for the posts it shows: each post, and the original each repost shows
 * (its counts and the caller's repost change with the original). A new list of posts (a circle
 * thread, notifications) provides these and every optimistic update reaches it.
 */
export function postTagsOf(posts: readonly PostResponse[]) {
  return posts.flatMap((post) => [postTag(post.id), ...(post.repostingFrom !== null ? [postTag(post.repostingFrom)] : [])]);
}
