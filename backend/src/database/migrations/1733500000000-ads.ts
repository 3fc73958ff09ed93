import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Paid ads (the ads module's tables).
 * - ads: one row per ad. `cnt` is what the ad is billed on (views for type 0, clicks for type 1),
 *   counted by the server only; `views` and `clicks` are both kept for the advertiser's figures.
 *   An ad is served while `paid AND NOT delete_flag`; it retires (delete_flag) when
 *   `cnt >= target - 1`, or when its owner stops it. `session_id` is its Stripe Checkout Session.
 * - ad_offers: one single-use id per ad served; a click counts only with an unused offer given
 *   to the same viewer. Pruned after a day.
 * - ad_clicks: the counted clicks (once per viewer per ad per hour), pruned after a day.
 * - ad_refusals: refused clicks per ad and reason (repeat, no_offer, rate_limit, inactive).
 * `attributes` holds the 3 tag ids (tags are the tags module's; ids only, no join).
 */
export class Ads1733500000000 implements MigrationInterface {
  name = 'Ads1733500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ads (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id),
        type smallint NOT NULL CHECK (type IN (0, 1)),
        url varchar(2000) NOT NULL,
        img varchar(255),
        content varchar(200) NOT NULL,
        target integer NOT NULL,
        price integer NOT NULL,
        cnt integer NOT NULL DEFAULT 0,
        views integer NOT NULL DEFAULT 0,
        clicks integer NOT NULL DEFAULT 0,
        attributes integer[] NOT NULL DEFAULT '{}',
        is_affiliate boolean NOT NULL DEFAULT false,
        affiliate_html text NOT NULL DEFAULT '',
        paid boolean NOT NULL DEFAULT false,
        delete_flag boolean NOT NULL DEFAULT false,
        session_id varchar(255) UNIQUE,
        created_on timestamptz NOT NULL DEFAULT now(),
        paid_on timestamptz
      )`);
    await q.query(`CREATE INDEX ads_user ON ads (user_id, id DESC)`);
    await q.query(`CREATE INDEX ads_active ON ads (id) WHERE paid AND NOT delete_flag`);
    await q.query(`
      CREATE TABLE ad_offers (
        id uuid PRIMARY KEY,
        ad_id integer NOT NULL REFERENCES ads(id) ON DELETE CASCADE,
        viewer_key varchar(100) NOT NULL,
        created_on timestamptz NOT NULL DEFAULT now(),
        used_on timestamptz
      )`);
    await q.query(`CREATE INDEX ad_offers_created ON ad_offers (created_on)`);
    await q.query(`CREATE INDEX ad_offers_ad ON ad_offers (ad_id)`);
    await q.query(`
      CREATE TABLE ad_clicks (
        id bigserial PRIMARY KEY,
        ad_id integer NOT NULL REFERENCES ads(id) ON DELETE CASCADE,
        viewer_key varchar(100) NOT NULL,
        created_on timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ad_clicks_viewer ON ad_clicks (viewer_key, created_on)`);
    await q.query(`CREATE INDEX ad_clicks_ad ON ad_clicks (ad_id, viewer_key, created_on)`);
    await q.query(`
      CREATE TABLE ad_refusals (
        ad_id integer NOT NULL REFERENCES ads(id) ON DELETE CASCADE,
        reason varchar(20) NOT NULL,
        n integer NOT NULL DEFAULT 0,
        last_on timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (ad_id, reason)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ad_refusals`);
    await q.query(`DROP TABLE ad_clicks`);
    await q.query(`DROP TABLE ad_offers`);
    await q.query(`DROP TABLE ads`);
  }
}
