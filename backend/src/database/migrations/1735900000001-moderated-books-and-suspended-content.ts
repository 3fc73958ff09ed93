import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A moderator can hide a Book, an ad or a circle (issue 38): `pages`/`ads`/`circles.moderated_reason`,
 * set while the hide holds (a hidden ad is served to nobody and takes no click).
 * A suspended account's posts and comments are hidden while the suspension holds, marked
 * `suspended_hidden` so that lifting it shows exactly those again.
 * Such a Book answers 404 to everyone but its creator and leaves every list (BooksService's
 * readableSql and the withholding books.moderated of Permission.BookRead). The public feed of
 * Books is read with the column in its condition; no index needed (few rows are ever set).
 */
export class ModeratedBooksAndSuspendedContent1735900000001 implements MigrationInterface {
  name = 'ModeratedBooksAndSuspendedContent1735900000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE pages ADD COLUMN moderated_reason text`);
    await q.query(`ALTER TABLE ads ADD COLUMN moderated_reason text`);
    await q.query(`ALTER TABLE circles ADD COLUMN moderated_reason text`);
    await q.query(`ALTER TABLE posts ADD COLUMN suspended_hidden boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE post_comments ADD COLUMN suspended_hidden boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE post_comments DROP COLUMN suspended_hidden`);
    await q.query(`ALTER TABLE posts DROP COLUMN suspended_hidden`);
    await q.query(`ALTER TABLE circles DROP COLUMN moderated_reason`);
    await q.query(`ALTER TABLE ads DROP COLUMN moderated_reason`);
    await q.query(`ALTER TABLE pages DROP COLUMN moderated_reason`);
  }
}
