import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every Book in Japanese and English (issue 25), owned by the books module:
 * - pages.texts: the Book's text per language, {"ja": {title, summary, goodpoint, …}, "en": {…}};
 *   `pages.language` becomes the language of the Book's data (which list it is in), and the
 *   columns title, summary … keep the text in that language (search, titles seen by other modules).
 * - pages.preview: the main table's first 20 rows, served only to those who have the Book's files.
 * - pages.column_profile: the column profile and chart of the Book's main table, computed at
 *   generation (null for documents, photos and Books made before it).
 * Existing Books get their one language here; the `book-translate` job writes the other one from
 * their file (BookGenerationService.translatePending), a few Books each run.
 */
export class BookLanguages1733200000000 implements MigrationInterface {
  name = 'BookLanguages1733200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE pages ADD COLUMN texts jsonb NOT NULL DEFAULT '{}'::jsonb`);
    await q.query(`ALTER TABLE pages ADD COLUMN column_profile jsonb`);
    await q.query(`ALTER TABLE pages ADD COLUMN preview jsonb`);
    await q.query(`
      UPDATE pages SET texts = jsonb_build_object(CASE WHEN language = 'en' THEN 'en' ELSE 'ja' END, jsonb_build_object(
        'title', title, 'summary', summary, 'goodpoint', goodpoint, 'badpoint', badpoint, 'point1', point1, 'point2', point2,
        'point3', point3, 'point4', point4, 'point5', point5, 'answer', answer))`);
    // Books still missing a language, for the translation job (a partial index: it empties as they are done).
    await q.query(`CREATE INDEX pages_untranslated_idx ON pages (id) WHERE NOT (texts ? 'ja' AND texts ? 'en')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX pages_untranslated_idx`);
    await q.query(`ALTER TABLE pages DROP COLUMN preview`);
    await q.query(`ALTER TABLE pages DROP COLUMN column_profile`);
    await q.query(`ALTER TABLE pages DROP COLUMN texts`);
  }
}
