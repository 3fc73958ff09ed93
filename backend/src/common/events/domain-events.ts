/**
 * Every domain event, with its payload. Publishing a name that is not here, or a payload of the
 * wrong shape, does not compile. Payloads are ids, not rows: a handler reads what it needs.
 */
export interface DomainEvents {
  /** A data file was turned into a Book, or joined an existing Book of the same subject. */
  'book.generated': { fileId: number; userId: number; bookId: number; joinedExisting: boolean };
  /** A new Book was published from a user's file. */
  'book.posted': { bookId: number; userId: number };
  'book.followed': { userId: number; bookId: number };
  'book.owned': { userId: number; bookId: number; source: 'free' | 'contributor' | 'purchase' };
  /** A profile's fields that other modules copy (today: sex, for a Book's follower counts). */
  'profile.updated': { userId: number; sex: string };

  /*
   * Social acts, for notifications. Each payload names the act's own row (likeId, commentId,
   * repostId, requestId) besides the post or user it concerns. Contract for handlers, so that a
   * like that is undone (or undone and redone) within a short time never notifies twice:
   *  1. the handler first checks that the act still stands — `PostsService.actExists('like',
   *     likeId)` (or 'comment', 'repost'), `FollowsService.requestExists(requestId)` — so a like
   *     taken back before the handler ran notifies nobody (a redone like is a new row with an
   *     event of its own);
   *  2. the notification it writes has a unique key on (recipient, type, actor, object) —
   *     e.g. (authorId, 'post_liked', userId, postId) — inserted `ON CONFLICT DO NOTHING`, so a
   *     like, unlike and like again (two live events over time) and redelivery of one event
   *     leave one notification.
   * Acts on one's own post or by oneself (userId === authorId) are published too; handlers skip them.
   */
  /** `userId` liked post `postId` of `authorId`; `likeId` is the post_likes row. */
  'post.liked': { likeId: number; postId: number; userId: number; authorId: number };
  /** `userId` commented on post `postId` of `authorId`; `commentId` is the comment. */
  'post.commented': { commentId: number; postId: number; userId: number; authorId: number };
  /** `userId` reposted post `postId` of `authorId`; `repostId` is the new repost (a post). */
  'post.reposted': { repostId: number; postId: number; userId: number; authorId: number };
  /** `followedId` approved the follow request `requestId` of `followerId`. */
  'user.followed': { requestId: number; followerId: number; followedId: number };
  /** `fromId` asked to follow `toId` (request `requestId`, not approved yet). */
  'user.follow_requested': { requestId: number; fromId: number; toId: number };
}

export type DomainEventName = keyof DomainEvents;
