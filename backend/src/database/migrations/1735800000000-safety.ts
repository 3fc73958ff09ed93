import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Trust and safety (issue 38): the safety module's tables (blocks, mutes, reports, the moderation
 * audit, account roles) and, on the owners' rows, the mark of content hidden by a moderator
 * (`moderated_reason`: set while a moderator's hide holds; the row's `hidden` flag does the hiding,
 * so every list and counter that skips hidden rows skips it) and the suspension of an account
 * (`users.suspended_at`, with `is_active` false: the column the token-cache triggers watch).
 */
export class Safety1735800000000 implements MigrationInterface {
  name = 'Safety1735800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_blocks (
        blocker_id integer NOT NULL REFERENCES users(id),
        blocked_id integer NOT NULL REFERENCES users(id),
        created_on timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (blocker_id, blocked_id),
        CHECK (blocker_id <> blocked_id)
      )`);
    await q.query(`CREATE INDEX user_blocks_blocked_idx ON user_blocks (blocked_id, blocker_id)`);
    await q.query(`
      CREATE TABLE user_mutes (
        muter_id integer NOT NULL REFERENCES users(id),
        muted_id integer NOT NULL REFERENCES users(id),
        created_on timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (muter_id, muted_id),
        CHECK (muter_id <> muted_id)
      )`);
    await q.query(`
      CREATE TABLE reports (
        id serial PRIMARY KEY,
        reporter_id integer NOT NULL REFERENCES users(id),
        target_type varchar(16) NOT NULL,
        target_id integer NOT NULL,
        target_user_id integer REFERENCES users(id),
        reason varchar(16) NOT NULL,
        detail text NOT NULL DEFAULT '',
        status varchar(10) NOT NULL DEFAULT 'open',
        created_on timestamptz NOT NULL DEFAULT now(),
        resolved_on timestamptz,
        resolved_by integer REFERENCES users(id),
        action varchar(16),
        note text
      )`);
    await q.query(`CREATE UNIQUE INDEX reports_one_open ON reports (reporter_id, target_type, target_id) WHERE status = 'open'`);
    await q.query(`CREATE INDEX reports_status_idx ON reports (status, id DESC)`);
    await q.query(`CREATE INDEX reports_target_idx ON reports (target_type, target_id)`);
    await q.query(`
      CREATE TABLE moderation_actions (
        id serial PRIMARY KEY,
        moderator_id integer NOT NULL REFERENCES users(id),
        report_id integer REFERENCES reports(id),
        target_type varchar(16) NOT NULL,
        target_id integer NOT NULL,
        action varchar(16) NOT NULL,
        note text NOT NULL DEFAULT '',
        created_on timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE TABLE account_roles (user_id integer PRIMARY KEY REFERENCES users(id), role varchar(10) NOT NULL CHECK (role IN ('moderator', 'admin')))`,
    );
    await q.query(`ALTER TABLE users ADD COLUMN suspended_at timestamptz`);
    await q.query(`ALTER TABLE posts ADD COLUMN moderated_reason text`);
    await q.query(`ALTER TABLE post_comments ADD COLUMN moderated_reason text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE post_comments DROP COLUMN moderated_reason`);
    await q.query(`ALTER TABLE posts DROP COLUMN moderated_reason`);
    await q.query(`ALTER TABLE users DROP COLUMN suspended_at`);
    await q.query(`DROP TABLE account_roles`);
    await q.query(`DROP TABLE moderation_actions`);
    await q.query(`DROP TABLE reports`);
    await q.query(`DROP TABLE user_mutes`);
    await q.query(`DROP TABLE user_blocks`);
  }
}
