/**
 * What a viewer may do with someone else's object. Each permission is answered by the module
 * that owns the object's tables (it registers a checker with AccessService), batched over ids.
 */
export enum Permission {
  /** Have a Book's data files (download, presigned link): owner, contributor, or a price-0 Book. */
  BookFiles = 'book.files',
  /** Claim a Book without paying: a price-0 Book, or one the viewer contributed a file to. */
  BookClaim = 'book.claim',
  /** Act as someone with a profile (post data, advertise): ids are the viewer's own user id. */
  ProfileExists = 'profile.exists',
  /** Change or delete a post: its author only. */
  PostAuthor = 'post.author',
  /** See a post (and act on it: like, comment, repost): every post outside a circle; circle posts wait for the circles module. */
  PostVisible = 'post.visible',
  /** Post in (and read) a circle: its members. Registered by the circles module once it exists. */
  CircleMember = 'circle.member',
  /** Delete a comment: its author only. */
  CommentAuthor = 'comment.author',
  /** Read a user's own follow requests (sent and received): that user only. ids are user ids. */
  FollowRequestsOf = 'follows.requests-of',
  /** Approve a follow request: its recipient only. ids are request ids. */
  FollowRequestRecipient = 'follows.request-recipient',
  /** Withdraw or remove a follow request: either party. ids are request ids. */
  FollowRequestParty = 'follows.request-party',
}

/** How a refused `require` answers: 403, or 404 where the object's existence must not leak. */
export type Refusal = 'forbidden' | 'not-found';
