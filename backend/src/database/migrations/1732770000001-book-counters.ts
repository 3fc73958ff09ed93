import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A Book's follower counts by sex and its monthly views, stored instead of counted on every read
 * (the Book packer counted page_follows and page_views rows for every Book of every list).
 *
 * - `page_follower_counts`: one row per Book with followers of a known sex; the books module
 *   changes it in the transaction that adds or removes a follow, and in the statement that moves
 *   a follower's `follower_sex` when a profile's sex changes (`profile.updated`).
 * - `page_view_days`: one row per Book and day, the number of distinct viewers that day (a
 *   page_views row is one viewer's first view of the day; the counter rises in the same statement
 *   that inserts it). `monthly_views` is the sum of the last 30 days' rows, as it was the count of
 *   the last 30 days' page_views: the window slides by itself, no reset at the turn of a month,
 *   and a read touches at most 30 rows per Book whatever its popularity.
 */
export class BookCounters1732770000001 implements MigrationInterface {
  name = 'BookCounters1732770000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE page_follower_counts (
        page_id integer PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
        male integer NOT NULL DEFAULT 0,
        female integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      INSERT INTO page_follower_counts (page_id, male, female)
      SELECT page_id, count(*) FILTER (WHERE follower_sex = '1'), count(*) FILTER (WHERE follower_sex = '3')
        FROM page_follows WHERE follower_sex IN ('1', '3') AND NOT hidden GROUP BY page_id`);
    await q.query(`
      CREATE TABLE page_view_days (
        page_id integer NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
        day date NOT NULL,
        views integer NOT NULL DEFAULT 0,
        PRIMARY KEY (page_id, day)
      )`);
    await q.query(`INSERT INTO page_view_days (page_id, day, views) SELECT page_id, viewed_on, count(*) FROM page_views GROUP BY page_id, viewed_on`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE page_view_days`);
    await q.query(`DROP TABLE page_follower_counts`);
  }
}
