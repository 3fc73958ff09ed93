import type { MigrationInterface, QueryRunner } from 'typeorm';

/** /analytics reads a Book's sales per month (payments module, SalesAnalytics). */
export class SalesByBook1733600000000 implements MigrationInterface {
  name = 'SalesByBook1733600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX payment_sales_page ON payment_sales (page_id, paid_on)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX payment_sales_page`);
  }
}
