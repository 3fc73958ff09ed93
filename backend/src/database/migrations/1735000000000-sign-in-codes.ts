import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in flows hand the session over by a one-time code, and link flows are bound to the
 * browser that asked for them (issue 36).
 * - code_hash, code_user_id, code_issued_on, code_used_on: the code the callback sends to
 *   /login (SHA-256 only), the account it opens, when it was issued (valid 2 minutes) and used
 *   (once). It is exchanged only with the flow's browser cookie (browser_hash).
 * - link_browser_hash, link_token_id: a link flow's cookie, set on the answer of
 *   `POST sign-in-methods/{provider}/start/`, and the session that asked (it must still be
 *   signed in when the flow comes back).
 */
export class SignInCodes1735000000000 implements MigrationInterface {
  name = 'SignInCodes1735000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE sign_in_flows
        ADD COLUMN code_hash char(64),
        ADD COLUMN code_user_id integer REFERENCES users(id),
        ADD COLUMN code_issued_on timestamptz,
        ADD COLUMN code_used_on timestamptz,
        ADD COLUMN link_browser_hash char(64),
        ADD COLUMN link_token_id integer`);
    await q.query(`CREATE UNIQUE INDEX sign_in_flows_code ON sign_in_flows (code_hash) WHERE code_hash IS NOT NULL`);
    await q.query(`CREATE INDEX sign_in_flows_code_user ON sign_in_flows (code_user_id) WHERE code_user_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX sign_in_flows_code_user`);
    await q.query(`DROP INDEX sign_in_flows_code`);
    await q.query(`
      ALTER TABLE sign_in_flows
        DROP COLUMN code_hash, DROP COLUMN code_user_id, DROP COLUMN code_issued_on, DROP COLUMN code_used_on,
        DROP COLUMN link_browser_hash, DROP COLUMN link_token_id`);
  }
}
