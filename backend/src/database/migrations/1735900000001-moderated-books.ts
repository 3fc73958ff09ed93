import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A moderator can hide a Book (issue 38): `pages.moderated_reason`, set while the hide holds.
 * Such a Book answers 404 to everyone but its creator and leaves every list (BooksService's
 * readableSql and the withholding books.moderated of Permission.BookRead). The public feed of
 * Books is read with the column in its condition; no index needed (few rows are ever set).
 */
export class ModeratedBooks1735900000001 implements MigrationInterface {
  name = 'ModeratedBooks1735900000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE pages ADD COLUMN moderated_reason text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE pages DROP COLUMN moderated_reason`);
  }
}
