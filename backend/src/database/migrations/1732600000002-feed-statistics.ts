import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The home feed reads, per followed user and per followed Book, the newest `limit + offset`
 * posts with an index scan that stops early (docs/home-feed-explain.md). The planner sizes
 * those scans by the average: ~10 posts per user, ~30 per Book. From the second page on
 * (`limit + offset` = 20) that average is below the limit, so it chose a bitmap scan and a sort
 * instead, which reads every post of an account with 10,000 posts: 0.3 s per request on PGlite
 * at 1M posts (the bench's 50 connections then all timed out), where the early-stopping scan
 * takes under a millisecond.
 *
 * Feeds are made of the heavy accounts and Books, not the average ones, so the planner is told
 * to expect more rows per value (n_distinct as a share of the rows: 0.1 % distinct). The scans
 * stay index scans up to page ~30 for the heaviest accounts, and cost the same for light ones.
 */
export class FeedStatistics1732600000002 implements MigrationInterface {
  name = 'FeedStatistics1732600000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE posts ALTER COLUMN user_id SET (n_distinct = -0.001)`);
    await q.query(`ALTER TABLE posts ALTER COLUMN review_to SET (n_distinct = -0.001)`);
    await q.query(`ANALYZE posts`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE posts ALTER COLUMN user_id RESET (n_distinct)`);
    await q.query(`ALTER TABLE posts ALTER COLUMN review_to RESET (n_distinct)`);
  }
}
