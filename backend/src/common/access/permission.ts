/**
 * What a viewer may do with someone else's object. A permission is the union of the parts
 * (contributions) registered with AccessService by the modules that own the facts, each batched
 * over ids; the names below say which module contributes what today.
 */
export enum Permission {
  /** Act as, or read the private data of, a user: that user alone. ids are user ids. (access.self) */
  Self = 'user.self',
  /**
   * Read a Book at all (its page, preview, files, posts, follow, claim, purchase): every Book not
   * members-only, and a members-only Book (made from a file posted to circles) for its creator and
   * owners and the members of one of its circles. Refused as 404. ids are Book ids. (books.public,
   * books.owner, circles.member-books; the same rule as SQL for lists: BooksService.readableSql)
   */
  BookRead = 'book.read',
  /** Make a members-only Book public: its creator (the uploader of its first file). ids are Book ids. (books.creator) */
  BookCreator = 'book.creator',
  /** Have a Book's data files (download, presigned link) and its paid parts: a price-0 Book, or its owners — buyers, claimers, contributors. (books.free-or-owner) */
  BookFiles = 'book.files',
  /** Take a Book without paying: a price-0 Book, or one the viewer contributed a file to. (books.free, books.contributor) */
  BookClaim = 'book.claim',
  /** Download one uploaded data file: its uploader at any stage, and, once it is in a Book, whoever has that Book's files. ids are file ids. (uploads.uploader, uploads.book-files) */
  FileDownload = 'file.download',
  /** Act as someone with a profile (post data, advertise): ids are the viewer's own user id; a hidden (leaving) profile does not count. (profiles.exists) */
  ProfileExists = 'profile.exists',
  /** Change or delete a post: its author only. (posts.author) */
  PostAuthor = 'post.author',
  /** Change a post's text, image, rating or flags: its author, and never for a repost (a repost shows someone else's post). (posts.own-content) */
  PostContentEdit = 'post.content-edit',
  /** See a post (and act on it: like, comment, repost): every post outside a circle, and circle posts to the members of their circles. (posts.public, circles.member-posts) */
  PostVisible = 'post.visible',
  /** Post in (and read) a circle, invite to it: its members. ids are circle ids. (circles.member) */
  CircleMember = 'circle.member',
  /** Approve join requests of a circle and see the waiting ones: its owner. ids are circle ids. (circles.owner) */
  CircleOwner = 'circle.owner',
  /** Accept an invitation to a circle: the invited user. ids are invitation ids. (circles.invitee) */
  CircleInvitee = 'circle.invitee',
  /** Delete a comment: its author only. (posts.comment-author) */
  CommentAuthor = 'comment.author',
  /** Pay for, stop, or read the figures of an ad: its advertiser only. ids are ad ids. (ads.owner) */
  AdOwner = 'ad.owner',
  /** Open the Stripe dashboard of a payout (Connect) account: the user it was made for. ids are the accounts' user ids (one account per user). (payments.account-owner) */
  PayoutAccountOwner = 'payout-account.owner',
  /** See the analytics of one's Books (/analytics): an account on the enterprise plan. ids are the viewer's own user id. (auth.enterprise-plan) */
  EnterprisePlan = 'account.enterprise-plan',
  /** Approve a follow request: its recipient only. ids are request ids. (follows.recipient) */
  FollowRequestRecipient = 'follows.request-recipient',
  /** Withdraw or remove a follow request: either party. ids are request ids. (follows.party) */
  FollowRequestParty = 'follows.request-party',
  /** Mark a notification read or unread: its recipient only (refused as 404). ids are notification ids. (notifications.recipient) */
  NotificationRecipient = 'notification.recipient',
  /** Act towards a user (follow, like, comment on, repost, review-reply to their posts, invite them to a circle): everyone but the users they blocked or who blocked them. ids are user ids. (safety.not-blocked) */
  UserInteract = 'user.interact',
  /** The moderation queue, its actions and audit log: accounts with the moderator or admin role. ids are the viewer's own user id. (safety.moderator) */
  Moderator = 'account.moderator',
  /** Lifting a suspension: accounts with the admin role. ids are the viewer's own user id. (safety.admin) */
  Admin = 'account.admin',
}

/** How a refused `require` answers: 403, or 404 where the object's existence must not leak. */
export type Refusal = 'forbidden' | 'not-found';
