import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Leaving the site goes through the owners (docs/architecture.md). Until now the purge deleted
 * the `users` row and `ON DELETE CASCADE` removed every module's rows behind its back, so no
 * counter was adjusted (a post kept likedTimes 1 with no like left; a Book kept post_count 1 and
 * rating 100 with no review left; a followed user kept followed_count 1).
 *
 * - Foreign keys from other modules' tables to `users` become plain (no ON DELETE action): each
 *   owner removes or anonymises its own rows on `account.deleted`, and the `users` row can only
 *   go once they all have. Only the accounts module's own tables (auth_tokens, account_keys)
 *   keep their cascade. book_files.file_id loses its cascading reference to uploaded_files (the
 *   books module's record of a file is its own; each module clears its rows by user).
 * - `hidden` on the rows a leaving user made others see (posts — and reposts of their posts —,
 *   likes, comments, follow requests either way, Book follows, their files on Books, uploads): set
 *   on `account.deletion_requested` by the owner, which takes the rows off its counters in the
 *   same statement. The post feed indexes become partial on the whole visibility rule.
 * - `users.purge_started_at`: when `account.deleted` was published for the account.
 * - Indexes that let an owner find a user's rows (and the `users` row's foreign key checks) without
 *   reading a whole table: posts by user (the feed index is partial), access_logs by user.
 */
export class DeletionThroughOwners1732750000000 implements MigrationInterface {
  name = 'DeletionThroughOwners1732750000000';

  /** [table, column, ON DELETE action before this migration] of every cross-module reference to users. */
  static readonly USER_REFERENCES: ReadonlyArray<[string, string, string]> = [
    ['profiles', 'user_id', 'CASCADE'],
    ['pages', 'owner_id', 'SET NULL'],
    ['uploaded_files', 'user_id', 'CASCADE'],
    ['page_follows', 'user_id', 'CASCADE'],
    ['page_owners', 'user_id', 'CASCADE'],
    ['book_files', 'user_id', 'CASCADE'],
    ['posts', 'user_id', 'CASCADE'],
    ['post_likes', 'user_id', 'CASCADE'],
    ['post_comments', 'user_id', 'CASCADE'],
    ['follow_requests', 'ask_from', 'CASCADE'],
    ['follow_requests', 'ask_to', 'CASCADE'],
    ['follow_counts', 'user_id', 'CASCADE'],
    ['access_logs', 'user_id', 'SET NULL'],
    ['post_counts', 'user_id', 'CASCADE'],
  ];

  static readonly HIDDEN_TABLES = ['posts', 'post_likes', 'post_comments', 'follow_requests', 'page_follows', 'book_files', 'uploaded_files'];

  async up(q: QueryRunner): Promise<void> {
    for (const [table, column] of DeletionThroughOwners1732750000000.USER_REFERENCES) {
      await q.query(
        `ALTER TABLE ${table} DROP CONSTRAINT ${table}_${column}_fkey,
           ADD CONSTRAINT ${table}_${column}_fkey FOREIGN KEY (${column}) REFERENCES users(id)`,
      );
    }
    await q.query(`ALTER TABLE book_files DROP CONSTRAINT book_files_file_id_fkey`);

    for (const table of DeletionThroughOwners1732750000000.HIDDEN_TABLES) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN hidden boolean NOT NULL DEFAULT false`);
    }
    await q.query(`ALTER TABLE users ADD COLUMN purge_started_at timestamptz`);

    // The feeds' visibility rule is `NOT communitypost_flag AND NOT hidden` (visiblePost()).
    await q.query(`DROP INDEX posts_user_feed_idx`);
    await q.query(`DROP INDEX posts_book_feed_idx`);
    await q.query(`DROP INDEX posts_public_feed_idx`);
    await q.query(`CREATE INDEX posts_user_feed_idx ON posts (user_id, id DESC) INCLUDE (rating) WHERE NOT communitypost_flag AND NOT hidden`);
    await q.query(
      `CREATE INDEX posts_book_feed_idx ON posts (review_to, id DESC) INCLUDE (rating) WHERE NOT communitypost_flag AND NOT hidden AND NOT reposting`,
    );
    await q.query(`CREATE INDEX posts_public_feed_idx ON posts (id DESC) INCLUDE (user_id, rating) WHERE NOT communitypost_flag AND NOT hidden`);
    await q.query(`CREATE INDEX posts_user_idx ON posts (user_id)`);
    await q.query(`CREATE INDEX access_logs_user_idx ON access_logs (user_id) WHERE user_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX access_logs_user_idx`);
    await q.query(`DROP INDEX posts_user_idx`);
    await q.query(`DROP INDEX posts_user_feed_idx`);
    await q.query(`DROP INDEX posts_book_feed_idx`);
    await q.query(`DROP INDEX posts_public_feed_idx`);
    await q.query(`CREATE INDEX posts_user_feed_idx ON posts (user_id, id DESC) INCLUDE (rating) WHERE NOT communitypost_flag`);
    await q.query(`CREATE INDEX posts_book_feed_idx ON posts (review_to, id DESC) INCLUDE (rating) WHERE NOT communitypost_flag AND NOT reposting`);
    await q.query(`CREATE INDEX posts_public_feed_idx ON posts (id DESC) INCLUDE (user_id, rating) WHERE NOT communitypost_flag`);
    await q.query(`ALTER TABLE users DROP COLUMN purge_started_at`);
    for (const table of DeletionThroughOwners1732750000000.HIDDEN_TABLES) await q.query(`ALTER TABLE ${table} DROP COLUMN hidden`);
    await q.query(`ALTER TABLE book_files ADD CONSTRAINT book_files_file_id_fkey FOREIGN KEY (file_id) REFERENCES uploaded_files(id) ON DELETE CASCADE`);
    for (const [table, column, action] of DeletionThroughOwners1732750000000.USER_REFERENCES) {
      await q.query(
        `ALTER TABLE ${table} DROP CONSTRAINT ${table}_${column}_fkey,
           ADD CONSTRAINT ${table}_${column}_fkey FOREIGN KEY (${column}) REFERENCES users(id) ON DELETE ${action}`,
      );
    }
  }
}
