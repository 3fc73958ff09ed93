import { HttpStatus, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { EventsService } from '../../common/events/events.service';
import { DrfDetailError, Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import { Db, type Tx } from '../../database/db';
import { ProfilesService } from '../profiles/profiles.service';
import { BookAccess } from './book-access.service';
import { BookCounters } from './book-counters.service';

export const ALREADY_FOLLOWED = Msg.alreadyFollowed;

/** Following Books (page_follows), with the follower counts each follow moves. */
@Injectable()
export class BookFollows {
  constructor(
    private readonly db: Db,
    private readonly events: EventsService,
    private readonly access: BookAccess,
    private readonly counters: BookCounters,
    private readonly profiles: ProfilesService,
  ) {
    events.subscribe('profile.updated', 'books-follower-sex', ({ userId, sex }) => this.moveFollowerSex(userId, sex));
  }

  async follow(viewer: AuthUser, pageId: number): Promise<{ id: number; pageId: number; created_on: string }> {
    await this.access.requireReadable(viewer, [pageId]);
    const sex = await this.profiles.sexOf(viewer.id);
    const row = await this.db.transaction(async (tx) => {
      const made = await this.db.row<{ id: number; created_on: Date }>(
        `INSERT INTO page_follows (user_id, page_id, follower_sex) VALUES (:viewer, :page, :sex) ON CONFLICT (user_id, page_id) DO NOTHING RETURNING id, created_on`,
        { viewer: viewer.id, page: pageId, sex },
        tx,
      );
      if (made) {
        await this.counters.countFollower(pageId, sex, 1, tx);
        await this.events.publish('book.followed', { userId: viewer.id, bookId: pageId }, tx);
      }
      return made;
    });
    if (!row) throw new DrfDetailError(HttpStatus.BAD_REQUEST, ALREADY_FOLLOWED);
    return { id: row.id, pageId, created_on: new Date(row.created_on).toISOString() };
  }

  async unfollow(viewer: AuthUser, pageId: number): Promise<void> {
    const removed = await this.db.transaction(async (tx) => {
      const gone = await this.db.row<{ follower_sex: string }>(
        `DELETE FROM page_follows WHERE user_id = :viewer AND page_id = :page RETURNING follower_sex`,
        { viewer: viewer.id, page: pageId },
        tx,
      );
      if (gone) await this.counters.countFollower(pageId, gone.follower_sex, -1, tx);
      return gone !== undefined;
    });
    if (!removed) throw notFound();
  }

  /**
   * A follower's sex changed: their follows move to the new sex and each Book's follower counts
   * with them, in one statement (idempotent: follows already of that sex are left alone).
   */
  private async moveFollowerSex(userId: number, sex: string): Promise<void> {
    await this.db.exec(
      `WITH old AS (SELECT id, page_id, follower_sex FROM page_follows WHERE user_id = :user AND follower_sex <> :sex AND NOT hidden FOR UPDATE),
       moved AS (UPDATE page_follows f SET follower_sex = :sex FROM old WHERE f.id = old.id RETURNING old.page_id, old.follower_sex AS was)
       INSERT INTO page_follower_counts AS c (page_id, male, female)
       SELECT page_id, (CASE WHEN :sex = '1' THEN 1 ELSE 0 END) - (CASE WHEN was = '1' THEN 1 ELSE 0 END),
                       (CASE WHEN :sex = '3' THEN 1 ELSE 0 END) - (CASE WHEN was = '3' THEN 1 ELSE 0 END)
         FROM moved WHERE :sex IN ('1', '3') OR was IN ('1', '3')
       ON CONFLICT (page_id) DO UPDATE SET male = c.male + EXCLUDED.male, female = c.female + EXCLUDED.female`,
      { user: userId, sex },
    );
  }

  /**
   * Removes every follow of a user (an account leaving), with the follower counts of the Books
   * concerned, in one statement of the caller's transaction. Idempotent.
   */
  async removeFollowsOf(userId: number, tx: Tx): Promise<void> {
    await this.db.exec(
      `WITH gone AS (DELETE FROM page_follows WHERE user_id = :user RETURNING page_id, follower_sex, hidden)
       UPDATE page_follower_counts c SET male = c.male - (g.follower_sex = '1')::int, female = c.female - (g.follower_sex = '3')::int
         FROM gone g WHERE c.page_id = g.page_id AND g.follower_sex IN ('1', '3') AND NOT g.hidden`,
      { user: userId },
      tx,
    );
  }

  /**
   * `account.deletion_requested`: the user's follows leave the Books' follower counts (a user
   * follows a Book once: each hidden follow takes one from its Book's count). Only follows not
   * hidden yet change: redelivery changes nothing.
   */
  async hideFollowsOf(userId: number, tx: Tx): Promise<void> {
    await this.db.exec(
      `WITH hid AS (UPDATE page_follows SET hidden = true WHERE user_id = :user AND NOT hidden RETURNING page_id, follower_sex)
       UPDATE page_follower_counts c SET male = c.male - (h.follower_sex = '1')::int, female = c.female - (h.follower_sex = '3')::int
         FROM hid h WHERE c.page_id = h.page_id AND h.follower_sex IN ('1', '3')`,
      { user: userId },
      tx,
    );
  }
}
