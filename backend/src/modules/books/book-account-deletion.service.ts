import { Injectable } from '@nestjs/common';
import { EventsService } from '../../common/events/events.service';
import { Db, type Tx } from '../../database/db';
import { BookFollows } from './book-follows.service';

/** What leaving the site does to the books module's rows (domain-events.ts: deletion requested, then deleted). */
@Injectable()
export class BookAccountDeletion {
  constructor(
    private readonly db: Db,
    private readonly follows: BookFollows,
    events: EventsService,
  ) {
    events.subscribe('account.deletion_requested', 'books', ({ userId }) => this.db.transaction((tx) => this.hideOfUser(userId, tx)));
    events.subscribe('account.deleted', 'books', ({ userId }) => this.deleteOfUser(userId));
  }

  /**
   * `account.deletion_requested`: the user's Book follows leave the Books' follower counts and
   * their files leave the list of Books with their files (the Book itself still lists the file,
   * without a profile, until the purge). Only rows not hidden yet change: redelivery changes nothing.
   */
  async hideOfUser(userId: number, tx: Tx): Promise<void> {
    await this.follows.hideFollowsOf(userId, tx);
    await this.db.exec(`UPDATE book_files SET hidden = true WHERE user_id = :user AND NOT hidden`, { user: userId }, tx);
  }

  /** `account.deleted`: the user's follows, ownerships and files of Books go; the Books they made stay, without an owner. */
  async deleteOfUser(userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.hideOfUser(userId, tx);
      await this.follows.removeFollowsOf(userId, tx);
      await this.db.exec(`DELETE FROM page_owners WHERE user_id = :user`, { user: userId }, tx);
      await this.db.exec(`DELETE FROM book_files WHERE user_id = :user`, { user: userId }, tx);
      await this.db.exec(`UPDATE pages SET owner_id = NULL WHERE owner_id = :user`, { user: userId }, tx);
    });
  }
}
