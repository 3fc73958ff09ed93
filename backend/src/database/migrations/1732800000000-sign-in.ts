import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in with Google, LINE and Yahoo! JAPAN (the sign-in module's tables).
 * - sign_in_links: an account's identities at the providers, keyed on the provider's subject.
 * - sign_in_flows: one row per started code flow (LINE, Yahoo): the PKCE verifier, the nonce,
 *   the browser binding and the circle to join; consumed once by the callback.
 * Both refer to users without a delete action: the sign-in module removes its rows when it
 * handles `account.deleted`, before the accounts module deletes the user (docs/architecture.md).
 */
export class SignIn1732800000000 implements MigrationInterface {
  name = 'SignIn1732800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sign_in_links (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id),
        provider varchar(10) NOT NULL,
        subject varchar(255) NOT NULL,
        email varchar(254),
        created_on timestamptz NOT NULL DEFAULT now(),
        last_used_on timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT sign_in_links_provider_subject UNIQUE (provider, subject),
        CONSTRAINT sign_in_links_user_provider UNIQUE (user_id, provider)
      )`);
    await q.query(`
      CREATE TABLE sign_in_flows (
        id uuid PRIMARY KEY,
        provider varchar(10) NOT NULL,
        code_verifier varchar(128) NOT NULL,
        nonce varchar(128) NOT NULL,
        browser_hash char(64) NOT NULL,
        community_id integer,
        language varchar(2) NOT NULL DEFAULT 'ja',
        link_user_id integer REFERENCES users(id),
        created_on timestamptz NOT NULL DEFAULT now(),
        used_on timestamptz
      )`);
    await q.query(`CREATE INDEX sign_in_flows_created_on ON sign_in_flows (created_on)`);
    await q.query(`CREATE INDEX sign_in_flows_link_user ON sign_in_flows (link_user_id) WHERE link_user_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sign_in_flows`);
    await q.query(`DROP TABLE sign_in_links`);
  }
}
