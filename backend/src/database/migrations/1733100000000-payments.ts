import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments with Stripe (the payments module's tables).
 * - payment_checkouts: one row per Checkout Session the app created, keyed on Stripe's id; `kind`
 *   says what it pays for ('book' today; ads later), `status` what the webhooks said so far
 *   (open → pending (konbini voucher issued) → paid | failed | expired).
 * - payment_events: every Stripe event id handled, inserted in the transaction of its effect, so
 *   a redelivered event changes nothing.
 * - payment_accounts: a user's Stripe Connect account and what `account.updated` last said.
 * - payment_sales: one row per paid Book checkout, with the fees, for the data owner's earnings.
 * The user columns refer to users without a delete action: the payments module clears them on
 * `account.deleted` (sales stay, anonymised: they are accounting records).
 */
export class Payments1733100000000 implements MigrationInterface {
  name = 'Payments1733100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payment_checkouts (
        session_id varchar(255) PRIMARY KEY,
        kind varchar(20) NOT NULL DEFAULT 'book',
        buyer_id integer REFERENCES users(id),
        buyer_email varchar(254),
        page_id integer,
        seller_id integer REFERENCES users(id),
        amount integer NOT NULL,
        platform_fee integer NOT NULL DEFAULT 0,
        destination varchar(255),
        language varchar(2) NOT NULL DEFAULT 'ja',
        status varchar(10) NOT NULL DEFAULT 'open',
        voucher_expires_at timestamptz,
        voucher_url varchar(1000),
        reminded_on timestamptz,
        created_on timestamptz NOT NULL DEFAULT now(),
        updated_on timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX payment_checkouts_buyer ON payment_checkouts (buyer_id, page_id)`);
    await q.query(`CREATE INDEX payment_checkouts_seller ON payment_checkouts (seller_id)`);
    await q.query(`CREATE INDEX payment_checkouts_pending ON payment_checkouts (voucher_expires_at) WHERE status = 'pending'`);
    await q.query(`
      CREATE TABLE payment_events (
        id varchar(255) PRIMARY KEY,
        type varchar(100) NOT NULL,
        received_on timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX payment_events_received ON payment_events (received_on)`);
    await q.query(`
      CREATE TABLE payment_accounts (
        user_id integer PRIMARY KEY REFERENCES users(id),
        account_id varchar(255) NOT NULL UNIQUE,
        charges_enabled boolean NOT NULL DEFAULT false,
        payouts_enabled boolean NOT NULL DEFAULT false,
        details_submitted boolean NOT NULL DEFAULT false,
        created_on timestamptz NOT NULL DEFAULT now(),
        updated_on timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE payment_sales (
        session_id varchar(255) PRIMARY KEY REFERENCES payment_checkouts(session_id),
        page_id integer,
        book_title varchar(100) NOT NULL DEFAULT '',
        buyer_id integer REFERENCES users(id),
        seller_id integer REFERENCES users(id),
        gross integer NOT NULL,
        stripe_fee integer NOT NULL,
        platform_fee integer NOT NULL,
        net integer NOT NULL,
        transferred boolean NOT NULL,
        paid_on timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX payment_sales_seller ON payment_sales (seller_id, paid_on DESC)`);
    await q.query(`CREATE INDEX payment_sales_buyer ON payment_sales (buyer_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payment_sales`);
    await q.query(`DROP TABLE payment_accounts`);
    await q.query(`DROP TABLE payment_events`);
    await q.query(`DROP TABLE payment_checkouts`);
  }
}
