import { Injectable } from '@nestjs/common';
import { EventsService } from '../../common/events/events.service';
import { Db, type Tx } from '../../database/db';
import { FileStorage } from '../../storage/file-storage';
import { subscribeModeratedRows } from '../safety/moderated-rows';
import { type CircleIdRow, recountShelvesSql } from './circle-sql';

/**
 * The circles module's answers to other modules' events: a moderator's hide of a circle or the
 * suspension of its owner (the safety module's one rule for moderated tables), and an account
 * leaving the site (domain-events.ts), which takes the user out of every circle and hands their
 * circles over or removes them.
 */
@Injectable()
export class CirclesListener {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    events: EventsService,
  ) {
    // A moderator's hide (or a suspension of its owner) makes a circle its owner's alone (404 to others, out of search).
    subscribeModeratedRows(events, db, { subscriber: 'circles', table: 'circles', targetType: 'community', ownerColumn: 'owner_id' });
    events.subscribe('account.deletion_requested', 'circles', ({ userId }) => this.db.transaction((tx) => this.hideOfUser(userId, tx)));
    events.subscribe('account.deleted', 'circles', ({ userId }) => this.deleteOfUser(userId));
  }

  /**
   * `account.deletion_requested`: the user leaves every circle (members, counters), their
   * waiting join requests and invitations go out of view, their circle posts and files leave
   * the threads and shelves. Circles the user owns pass to their longest-standing remaining
   * member; a circle with no other member keeps its owner until `account.deleted` removes it.
   * Each statement changes only rows not hidden yet (a redelivered event changes nothing more).
   */
  private async hideOfUser(userId: number, tx: Tx): Promise<void> {
    const user = { user: userId };
    await this.db.exec(
      `WITH flipped AS (UPDATE circle_members SET hidden = true WHERE user_id = :user AND NOT hidden RETURNING circle_id)
       UPDATE circles c SET member_count = c.member_count - 1 WHERE c.id IN (SELECT circle_id FROM flipped)`,
      user,
      tx,
    );
    await this.db.exec(
      `WITH flipped AS (UPDATE circle_join_requests SET hidden = true WHERE user_id = :user AND NOT hidden RETURNING circle_id, approved)
       UPDATE circles c SET joinrequest_count = c.joinrequest_count - f.n
         FROM (SELECT circle_id, count(*)::int AS n FROM flipped WHERE NOT approved GROUP BY circle_id) f WHERE c.id = f.circle_id`,
      user,
      tx,
    );
    await this.db.exec(`UPDATE circle_invitations SET hidden = true WHERE (invited_id = :user OR inviter_id = :user) AND NOT hidden`, user, tx);
    await this.db.exec(
      `WITH flipped AS (UPDATE circle_posts SET hidden = true WHERE user_id = :user AND NOT hidden RETURNING circle_id)
       UPDATE circles c SET post_count = c.post_count - f.n FROM (SELECT circle_id, count(*)::int AS n FROM flipped GROUP BY circle_id) f WHERE c.id = f.circle_id`,
      user,
      tx,
    );
    const files = await this.db.rows<CircleIdRow>(`UPDATE circle_files SET hidden = true WHERE user_id = :user AND NOT hidden RETURNING circle_id`, user, tx);
    if (files.length) await this.db.exec(recountShelvesSql(':circles'), { circles: files.map((f) => f.circle_id) }, tx);
    await this.passOwnership(userId, tx);
  }

  /** Circles owned by `userId` pass to their longest-standing other member (visible), where there is one. */
  private async passOwnership(userId: number, tx: Tx): Promise<void> {
    await this.db.exec(
      `UPDATE circles c SET owner_id = heir.user_id
         FROM (SELECT DISTINCT ON (m.circle_id) m.circle_id, m.user_id FROM circle_members m JOIN circles o ON o.id = m.circle_id AND o.owner_id = :user
                WHERE m.user_id <> :user AND NOT m.hidden ORDER BY m.circle_id, m.created_on, m.user_id) heir
        WHERE c.id = heir.circle_id`,
      { user: userId },
      tx,
    );
  }

  /**
   * `account.deleted`: hides what is not hidden yet (the same step), passes ownership again, then
   * removes the circles the user still owns (nobody else is left in them: their images, then the
   * rows, links included) and the user's rows: memberships, invitations, join requests, links.
   */
  private async deleteOfUser(userId: number): Promise<void> {
    const user = { user: userId };
    const orphans = await this.db.transaction(async (tx) => {
      await this.hideOfUser(userId, tx);
      const removed = await this.db.rows<{ image: string | null; background_image: string | null }>(
        `DELETE FROM circles WHERE owner_id = :user RETURNING image, background_image`,
        user,
        tx,
      );
      await this.db.exec(`DELETE FROM circle_members WHERE user_id = :user`, user, tx);
      await this.db.exec(`DELETE FROM circle_invitations WHERE invited_id = :user OR inviter_id = :user`, user, tx);
      await this.db.exec(`DELETE FROM circle_join_requests WHERE user_id = :user`, user, tx);
      await this.db.exec(`DELETE FROM circle_posts WHERE user_id = :user`, user, tx);
      await this.db.exec(`DELETE FROM circle_files WHERE user_id = :user`, user, tx);
      return removed;
    });
    for (const o of orphans) {
      for (const key of [o.image, o.background_image]) if (key) await this.storage.delete(key).catch(() => undefined);
    }
  }
}
