import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The twelve notification types, each a boolean setting of the same name (default on). */
export const NOTIFICATION_TYPES_AT_1733000000000 = [
  'post_liked',
  'post_commented',
  'post_reposted',
  'user_followed',
  'data_generated',
  'book_posted',
  'data_book_followed',
  'data_book_owned',
  'followingpage_commented',
  'followinguser_book_generated',
  'community_invited',
  'community_joinrequest_approved',
] as const;

/**
 * Notifications (the notifications module's tables).
 * - notifications: one row per (recipient, type, actor, object), so a redelivered event or a
 *   like–unlike–like never makes two; `object_id` is what the act is about (the post, comment,
 *   Book, file, circle; see NotificationsService). Unread ones are counted through a partial
 *   index; read ones older than 90 days are pruned daily through the one on created_on.
 * - notification_settings: one row per user who changed a setting (no row: all on), and
 *   `leaving` set when the user asked to delete their account (nothing new reaches them).
 * - notification_stream_tickets: single-use tickets (60 s) for GET notifications/stream/, stored
 *   as hashes, so that any API process can take one that another issued.
 * Both refer to users without a delete action: the module removes its rows on `account.deleted`.
 */
export class Notifications1733000000000 implements MigrationInterface {
  name = 'Notifications1733000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notifications (
        id serial PRIMARY KEY,
        recipient_id integer NOT NULL REFERENCES users(id),
        type varchar(40) NOT NULL,
        actor_id integer NOT NULL REFERENCES users(id),
        object_id integer NOT NULL,
        post_id integer,
        comment_id integer,
        page_id integer,
        community_id integer,
        read boolean NOT NULL DEFAULT false,
        created_on timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT notifications_key UNIQUE (recipient_id, type, actor_id, object_id)
      )`);
    // Newest first per recipient (notifications/all/), unread ones (notifications/unread/, counts).
    await q.query(`CREATE INDEX notifications_recipient_idx ON notifications (recipient_id, id DESC)`);
    await q.query(`CREATE INDEX notifications_unread_idx ON notifications (recipient_id, id DESC) WHERE NOT read`);
    await q.query(`CREATE INDEX notifications_actor_idx ON notifications (actor_id)`);
    await q.query(`CREATE INDEX notifications_read_created_idx ON notifications (created_on) WHERE read`);
    const flags = NOTIFICATION_TYPES_AT_1733000000000.map((t) => `${t} boolean NOT NULL DEFAULT true`).join(',\n        ');
    await q.query(`
      CREATE TABLE notification_settings (
        user_id integer PRIMARY KEY REFERENCES users(id),
        ${flags},
        leaving boolean NOT NULL DEFAULT false
      )`);
    // Single-use tickets for the live stream (EventSource cannot send a header; a token never goes in a URL).
    await q.query(`
      CREATE TABLE notification_stream_tickets (
        ticket_hash char(64) PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id),
        token_id integer NOT NULL,
        expires_on timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX notification_stream_tickets_user_idx ON notification_stream_tickets (user_id)`);
    await q.query(`CREATE INDEX notification_stream_tickets_expires_idx ON notification_stream_tickets (expires_on)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notification_stream_tickets`);
    await q.query(`DROP TABLE notification_settings`);
    await q.query(`DROP TABLE notifications`);
  }
}
