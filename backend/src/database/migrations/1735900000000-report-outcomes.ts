import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A reporter is told how a moderator resolved their report (issue 38): three notification types
 * (`report_hidden`, `report_dismissed`, `report_suspended`), each a setting of the same name
 * (default on), as every notification type is.
 */
export class ReportOutcomes1735900000000 implements MigrationInterface {
  name = 'ReportOutcomes1735900000000';

  static readonly TYPES = ['report_hidden', 'report_dismissed', 'report_suspended'];

  async up(q: QueryRunner): Promise<void> {
    for (const type of ReportOutcomes1735900000000.TYPES) await q.query(`ALTER TABLE notification_settings ADD COLUMN ${type} boolean NOT NULL DEFAULT true`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM notifications WHERE type = ANY($1::text[])`, [ReportOutcomes1735900000000.TYPES]);
    for (const type of ReportOutcomes1735900000000.TYPES) await q.query(`ALTER TABLE notification_settings DROP COLUMN ${type}`);
  }
}
