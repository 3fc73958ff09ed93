import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A suspended account's Books (those it created), ads and owned circles are hidden as a
 * moderator's hide is (`moderated_reason` = SUSPENDED_REASON) and marked `suspended_hidden`, so that
 * lifting the suspension shows exactly those again (a Book, ad or circle a moderator hid stays
 * hidden). Notifications whose actor is a suspended account are marked `actor_suspended` and leave
 * their recipients' lists and unread counts while it holds; the unread index leaves them out too,
 * so the unread count stays an index-only count.
 */
export class SuspendedOwnersContent1736100000000 implements MigrationInterface {
  name = 'SuspendedOwnersContent1736100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE pages ADD COLUMN suspended_hidden boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE ads ADD COLUMN suspended_hidden boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE circles ADD COLUMN suspended_hidden boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE notifications ADD COLUMN actor_suspended boolean NOT NULL DEFAULT false`);
    await q.query(`DROP INDEX notifications_unread_idx`);
    await q.query(`CREATE INDEX notifications_unread_idx ON notifications (recipient_id, id DESC) WHERE NOT read AND NOT actor_suspended`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX notifications_unread_idx`);
    await q.query(`CREATE INDEX notifications_unread_idx ON notifications (recipient_id, id DESC) WHERE NOT read`);
    await q.query(`ALTER TABLE notifications DROP COLUMN actor_suspended`);
    await q.query(`ALTER TABLE circles DROP COLUMN suspended_hidden`);
    await q.query(`ALTER TABLE ads DROP COLUMN suspended_hidden`);
    await q.query(`ALTER TABLE pages DROP COLUMN suspended_hidden`);
  }
}
