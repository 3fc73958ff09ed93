import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A data file posted to circles belongs to them (api-contract rule 7): its Book is read,
 * previewed and downloaded by their members only, listed nowhere public and joined by no outside
 * file, until its creator makes it public.
 * - pages.members_only (books module): the Book belongs to the circles its files were posted to.
 *   Every Book list filters on it (BooksService.readableSql); Books made from files posted to a
 *   circle before this migration become members-only too (they should never have been public).
 * - circle_files_page_idx (circles module): the circles of a Book, for "a member of one of its
 *   circles" (the circles module's part of Permission.BookRead and of the lists' fragment).
 */
export class MembersOnlyBooks1735100000000 implements MigrationInterface {
  name = 'MembersOnlyBooks1735100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE pages ADD COLUMN members_only boolean NOT NULL DEFAULT false`);
    await q.query(`UPDATE pages SET members_only = true WHERE id IN (SELECT page_id FROM circle_files WHERE page_id IS NOT NULL)`);
    await q.query(`CREATE INDEX circle_files_page_idx ON circle_files (page_id, circle_id) WHERE page_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX circle_files_page_idx`);
    await q.query(`ALTER TABLE pages DROP COLUMN members_only`);
  }
}
