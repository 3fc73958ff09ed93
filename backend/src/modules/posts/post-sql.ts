import { hiddenAuthorsSql } from '../safety/safety-sql';
import type { PostRow } from './post.packer';

/**
 * The one visibility rule of feeds: circle posts (communitypost_flag) appear only in their
 * circle's feed, never in home, user, Book, liked or discovery lists; hidden posts (their author,
 * or for a repost the reposted post's author, asked to delete their account; a moderator's hide;
 * a suspension) appear nowhere. Every list query filters with it, `Permission.PostVisible` too,
 * the feed indexes are partial on it, and an author's stored totals (post_counts) count exactly it.
 */
export const visiblePost = (alias = 'p') => `NOT ${alias}.communitypost_flag AND NOT ${alias}.hidden`;

/**
 * Which posts count toward the Book they are about (`review_to`): visible ones (visiblePost) that
 * are not reposts (a repost shows its original, which counts once). The Book's stored post_count,
 * rating_sum and rating_count count exactly these; its post list (monopostcc/), the home feed's
 * Book sources and their totals, and /analytics select them. `countsTowardBook` is its JS twin.
 * Its conditions are the predicate of posts_book_feed_idx (review_to, id DESC), so a statement
 * selecting by review_to and this reads that index, and the plan drops the conditions (the index
 * implies them) wherever they stand in the text.
 */
export const countsTowardBookSql = (alias: string) => `NOT ${alias}.reposting AND ${visiblePost(alias)}`;

/** `countsTowardBookSql` for a row in hand: whether the post counts toward the Book it reviews. */
export function countsTowardBook(
  post: Pick<PostRow, 'review_to' | 'reposting' | 'communitypost_flag' | 'hidden'>,
): post is typeof post & { review_to: number } {
  return post.review_to !== null && !post.reposting && !post.communitypost_flag && !post.hidden;
}

/**
 * Posts of `alias` the viewer `viewerSql` sees in lists (safety module: neither its author nor,
 * for a repost, the original's author blocked either way or muted by the viewer). Empty for a
 * visitor (nothing to check).
 */
export const seenBy = (alias: string, viewerSql: string | undefined) =>
  viewerSql ? ` AND ${alias}.user_id NOT IN (${hiddenAuthorsSql(viewerSql)})${seenRepostBy(alias, viewerSql)}` : '';

/**
 * The half of `seenBy` about a repost's original author, for lists whose authors are already
 * known to be seen (the home feed checks each followed user once, not each of their posts).
 */
export const seenRepostBy = (alias: string, viewerSql: string) =>
  ` AND (${alias}.reposting_from_user IS NULL OR ${alias}.reposting_from_user NOT IN (${hiddenAuthorsSql(viewerSql)}))`;
