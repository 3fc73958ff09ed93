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
}

/** How a refused `require` answers: 403, or 404 where the object's existence must not leak. */
export type Refusal = 'forbidden' | 'not-found';
