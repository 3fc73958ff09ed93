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
  /** `userId` posted `postId` (a post or review, not a repost nor a circle post) about Book `bookId`. */
  'post.about_book': { postId: number; userId: number; bookId: number };
  /** The spam brake held post `postId` of `userId` (posts module): the safety module queues it for the moderators. */
  'post.held': { postId: number; userId: number };
  /** `followedId` approved the follow request `requestId` of `followerId`. */
  'user.followed': { requestId: number; followerId: number; followedId: number };
  /** `fromId` asked to follow `toId` (request `requestId`, not approved yet). */
  'user.follow_requested': { requestId: number; fromId: number; toId: number };

  /**
   * `inviterId` invited `invitedId` to circle `circleId` (invitation `invitationId`, for the
   * invitee). Handlers first check `CirclesService.invitationExists(invitationId)`.
   */
  'circle.invited': { invitationId: number; circleId: number; inviterId: number; invitedId: number };
  /**
   * `ownerId` approved the join request `requestId` of `requesterId` to circle `circleId` (for the
   * requester). Handlers first check `CirclesService.joinRequestExists(requestId)`.
   */
  'circle.join_approved': { requestId: number; circleId: number; ownerId: number; requesterId: number };

  /*
   * Leaving the site (docs/architecture.md, "Leaving the site goes through the owners"). The
   * accounts module publishes both in the transaction that records them; every module that keeps
   * rows of a user subscribes and does its own part, idempotently (a redelivered event changes
   * nothing more):
   *  - `account.deletion_requested`: from now on nobody else sees the user's rows. Each owner
   *    hides them (a `hidden` flag its visibility fragments and packers filter on) and takes
   *    them off its counters, in one transaction that flips only rows not hidden yet.
   *  - `account.deleted`: the grace period is over. Each owner hides what is not hidden yet
   *    (the same step, so the order of the two events does not matter), deletes stored bytes,
   *    then deletes or anonymises its rows. Every table with a user id keeps a plain foreign key
   *    to `users` (no ON DELETE action), so the accounts module's purge can delete the `users`
   *    row only once every owner has cleared its rows: that row goes last.
   */
  /**
   * A moderator hid (or restored) a post, a comment or a Book (page): its owner flips the row's
   * `hidden` (with the reason) and moves its counters as a deletion would, only when the row
   * changes; a Book is marked (`moderated_reason`) and read by its creator alone. Each owner
   * handles its own target types and ignores the others.
   */
  'moderation.hidden': { targetType: ModeratedTarget; targetId: number; reason: string };
  'moderation.restored': { targetType: ModeratedTarget; targetId: number };
  /**
   * A moderator resolved report `reportId` of `reporterId` with `action` (one event per report:
   * every open report of the target is resolved together); the reporter is told the outcome.
   */
  'moderation.report_resolved': { reportId: number; reporterId: number; action: 'hide' | 'dismiss' | 'suspend_user' };
  /** `userId` asked to delete their account (signed out everywhere already). */
  'account.deletion_requested': { userId: number };
  /** The grace period of `userId`'s deletion is over: owners delete or anonymise their rows. */
  'account.deleted': { userId: number };
  /**
   * A moderator suspended `userId` (or an admin lifted it): while it holds, the owners hide the
   * user's content as a moderator's hide does (marked so that lifting shows exactly that again).
   */
  'account.suspended': { userId: number };
  'account.unsuspended': { userId: number };
}

export type DomainEventName = keyof DomainEvents;

/** What a moderator can hide: posts and comments (posts module), Books (books module), ads (ads module), circles (circles module). */
export type ModeratedTarget = 'post' | 'comment' | 'page' | 'advertisement' | 'community';
