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
}

export type DomainEventName = keyof DomainEvents;
