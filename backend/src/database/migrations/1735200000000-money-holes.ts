import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Money and ads holes (issue 36).
 * - payment_checkouts: a Book checkout paid while its buyer already owned the Book (two sessions
 *   paid) ends `refunded`; the refund itself is a job (`payments-refund`), whose Stripe refund id
 *   lands in `refund_id`. An index finds a buyer's open and pending Book checkouts.
 * - ad_views: one row per ad, viewer and hour, inserted with ON CONFLICT DO NOTHING in the
 *   statement that serves: a view counts only when its row is new. Pruned after a day.
 * - ads.views_refused: servings of an ad not counted as views (the viewer saw it this hour).
 */
export class MoneyHoles1735200000000 implements MigrationInterface {
  name = 'MoneyHoles1735200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_checkouts ADD COLUMN refund_id varchar(255)`);
    await q.query(`CREATE INDEX payment_checkouts_buyer_open ON payment_checkouts (buyer_id, page_id) WHERE status IN ('open', 'pending') AND kind = 'book'`);
    await q.query(`
      CREATE TABLE ad_views (
        ad_id integer NOT NULL REFERENCES ads(id) ON DELETE CASCADE,
        viewer_key varchar(100) NOT NULL,
        hour timestamptz NOT NULL,
        PRIMARY KEY (ad_id, viewer_key, hour)
      )`);
    await q.query(`CREATE INDEX ad_views_hour ON ad_views (hour)`);
    await q.query(`ALTER TABLE ads ADD COLUMN views_refused integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ads DROP COLUMN views_refused`);
    await q.query(`DROP TABLE ad_views`);
    await q.query(`DROP INDEX payment_checkouts_buyer_open`);
    await q.query(`ALTER TABLE payment_checkouts DROP COLUMN refund_id`);
  }
}
