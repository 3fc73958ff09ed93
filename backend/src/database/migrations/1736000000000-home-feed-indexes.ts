import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The home feed reads each followed user's and each followed Book's newest posts from these
 * indexes (issue 43, docs/home-feed-explain.md). With the columns its filters need in the index
 * (a repost's original author for blocks and mutes; a Book post's author for the totals, which
 * count the posts a followed user wrote about a followed Book once), those reads are index-only:
 * no table page per post, so a page costs the same however long the followed accounts' and
 * Books' histories are.
 */
export class HomeFeedIndexes1736000000000 implements MigrationInterface {
  name = 'HomeFeedIndexes1736000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX posts_user_feed_idx`);
    await q.query(`DROP INDEX posts_book_feed_idx`);
    await q.query(
      `CREATE INDEX posts_user_feed_idx ON posts (user_id, id DESC) INCLUDE (rating, reposting_from_user) WHERE NOT communitypost_flag AND NOT hidden`,
    );
    await q.query(
      `CREATE INDEX posts_book_feed_idx ON posts (review_to, id DESC) INCLUDE (rating, user_id, reposting_from_user) WHERE NOT communitypost_flag AND NOT hidden AND NOT reposting`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX posts_user_feed_idx`);
    await q.query(`DROP INDEX posts_book_feed_idx`);
    await q.query(`CREATE INDEX posts_user_feed_idx ON posts (user_id, id DESC) INCLUDE (rating) WHERE NOT communitypost_flag AND NOT hidden`);
    await q.query(
      `CREATE INDEX posts_book_feed_idx ON posts (review_to, id DESC) INCLUDE (rating) WHERE NOT communitypost_flag AND NOT hidden AND NOT reposting`,
    );
  }
}
