import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Announces every change that alters what a session token resolves to, on channel
 * `mb_auth_changes` (AUTH_CHANGES_CHANNEL in modules/auth/token-cache.ts) with the account's id:
 * a token deleted or changed, an account's email, language or standing (is_active) changed, an
 * account deleted; `*` when a table is emptied (TRUNCATE: everything is forgotten). Each API
 * process forgets that account's cached tokens (TokenService). In the
 * database, so that no statement, process or hand-made change can forget to announce; PostgreSQL
 * delivers the announcement when the change commits (and never for a rolled-back one), and folds
 * duplicates within a transaction (signing out everywhere announces once).
 */
export class AuthChanges1734200000000 implements MigrationInterface {
  name = 'AuthChanges1734200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION mb_announce_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'users' THEN
          PERFORM pg_notify('mb_auth_changes', OLD.id::text);
        ELSE
          PERFORM pg_notify('mb_auth_changes', OLD.user_id::text);
          IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
            PERFORM pg_notify('mb_auth_changes', NEW.user_id::text);
          END IF;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER auth_tokens_announce AFTER UPDATE OR DELETE ON auth_tokens FOR EACH ROW EXECUTE FUNCTION mb_announce_auth_change()`);
    await q.query(`CREATE TRIGGER users_announce_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION mb_announce_auth_change()`);
    await q.query(`
      CREATE FUNCTION mb_announce_auth_reset() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('mb_auth_changes', '*');
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER auth_tokens_announce_truncate AFTER TRUNCATE ON auth_tokens FOR EACH STATEMENT EXECUTE FUNCTION mb_announce_auth_reset()`);
    await q.query(`CREATE TRIGGER users_announce_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION mb_announce_auth_reset()`);
    await q.query(`
      CREATE TRIGGER users_announce_update AFTER UPDATE OF id, email, language, is_active ON users FOR EACH ROW
        WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.email IS DISTINCT FROM NEW.email OR OLD.language IS DISTINCT FROM NEW.language OR OLD.is_active IS DISTINCT FROM NEW.is_active)
        EXECUTE FUNCTION mb_announce_auth_change()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER users_announce_truncate ON users`);
    await q.query(`DROP TRIGGER auth_tokens_announce_truncate ON auth_tokens`);
    await q.query(`DROP FUNCTION mb_announce_auth_reset()`);
    await q.query(`DROP TRIGGER users_announce_update ON users`);
    await q.query(`DROP TRIGGER users_announce_delete ON users`);
    await q.query(`DROP TRIGGER auth_tokens_announce ON auth_tokens`);
    await q.query(`DROP FUNCTION mb_announce_auth_change()`);
  }
}
