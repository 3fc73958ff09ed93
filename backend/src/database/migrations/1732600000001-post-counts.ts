import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each user's number of visible posts (reposts included, circle posts not) and the sum of their
 * ratings, kept by the posts module in the posting transaction: the totals of user and home
 * feeds are read from here instead of counting a feed that may hold tens of thousands of posts.
 */
export class PostCounts1732600000001 implements MigrationInterface {
  name = 'PostCounts1732600000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE post_counts (
        user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        post_count integer NOT NULL DEFAULT 0,
        rating_sum integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      INSERT INTO post_counts (user_id, post_count, rating_sum)
      SELECT user_id, count(*), coalesce(sum(rating), 0) FROM posts WHERE NOT communitypost_flag GROUP BY user_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE post_counts`);
  }
}
