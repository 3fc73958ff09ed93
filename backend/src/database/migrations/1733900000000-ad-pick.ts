import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Serving ads without sorting them (ads module, AdsService.serve): every ad has a random key
 * `pick` in [0, 1), drawn again each time it is served, and the running ads are indexed by it. A
 * serving takes the ads at or after a random point of that index (wrapping around to its start):
 * a few index entries read per serving, whatever the number of running ads.
 */
export class AdPick1733900000000 implements MigrationInterface {
  name = 'AdPick1733900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ads ADD COLUMN pick real NOT NULL DEFAULT random()`);
    await q.query(`CREATE INDEX ads_running_pick ON ads (pick) WHERE paid AND NOT delete_flag`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ads_running_pick`);
    await q.query(`ALTER TABLE ads DROP COLUMN pick`);
  }
}
