import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class AccountsAndProfiles1732300000000 implements MigrationInterface {
  name = 'AccountsAndProfiles1732300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        email varchar(254) NOT NULL,
        password_hash text,
        is_active boolean NOT NULL DEFAULT true,
        email_verified boolean NOT NULL DEFAULT false,
        language varchar(2) NOT NULL DEFAULT 'en',
        date_joined timestamptz NOT NULL DEFAULT now(),
        last_login timestamptz,
        deletion_requested_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_key ON users (email)`);
    await q.query(`CREATE INDEX users_deletion_requested_idx ON users (deletion_requested_at) WHERE deletion_requested_at IS NOT NULL`);

    await q.query(`
      CREATE TABLE auth_tokens (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        key_hash char(64) NOT NULL UNIQUE,
        created timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id)`);

    await q.query(`
      CREATE TABLE account_keys (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        purpose varchar(16) NOT NULL,
        key_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX account_keys_user_purpose_idx ON account_keys (user_id, purpose)`);

    await q.query(`
      CREATE TABLE profiles (
        id serial PRIMARY KEY,
        user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        nick_name varchar(20) NOT NULL,
        caption varchar(100) NOT NULL DEFAULT '',
        description text NOT NULL DEFAULT '',
        birthday date,
        sex varchar(1) NOT NULL DEFAULT '0',
        img varchar(300),
        img_background varchar(300),
        created_on timestamptz NOT NULL DEFAULT now(),
        search_text text NOT NULL DEFAULT '',
        search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED
      )`);
    await q.query(`CREATE INDEX profiles_created_on_idx ON profiles (created_on DESC, id DESC)`);
    await q.query(`CREATE INDEX profiles_search_idx ON profiles USING gin (search_vector)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE profiles`);
    await q.query(`DROP TABLE account_keys`);
    await q.query(`DROP TABLE auth_tokens`);
    await q.query(`DROP TABLE users`);
  }
}
