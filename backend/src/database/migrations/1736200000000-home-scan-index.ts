import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The home feed of a reader who follows many people or Books is read from everyone's newest
 * visible posts, keeping the feed's (issue 43, docs/home-feed-explain.md "Many followed
 * sources"). With the columns that decide whether a post is in a reader's feed in the index (its
 * author, the Book it reviews, whether it is a repost and whose), that scan is index-only: a
 * page of the feed of a reader following 500 people reads a few index pages instead of one
 * index descent per followed user. The public feed (visitors, `monopost/`) reads the same index.
 *
 * On a large production table build the new index CONCURRENTLY before this runs
 * (docs/operations.md, "Indexes on big tables"): the migration then only swaps the names.
 */
export class HomeScanIndex1736200000000 implements MigrationInterface {
  name = 'HomeScanIndex1736200000000';

  async up(q: QueryRunner): Promise<void> {
    const [{ built }] = await q.query(`SELECT to_regclass('posts_home_scan_idx') IS NOT NULL AS built`);
    if (!built) {
      await q.query(
        `CREATE INDEX posts_home_scan_idx ON posts (id DESC) INCLUDE (user_id, rating, review_to, reposting, reposting_from_user) WHERE NOT communitypost_flag AND NOT hidden`,
      );
    }
    await q.query(`DROP INDEX posts_public_feed_idx`);
    await q.query(`ALTER INDEX posts_home_scan_idx RENAME TO posts_public_feed_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX posts_public_feed_idx`);
    await q.query(`CREATE INDEX posts_public_feed_idx ON posts (id DESC) INCLUDE (user_id, rating) WHERE NOT communitypost_flag AND NOT hidden`);
  }
}
