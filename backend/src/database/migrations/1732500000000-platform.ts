import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One owner per table. Books keep their own record of attached files (book_files) and of every
 * owner (page_owners, contributors included), follows remember the follower's sex for a Book's
 * gender counts, and profiles know whether their account is active: no module joins another's
 * tables any more.
 */
export class Platform1732500000000 implements MigrationInterface {
  name = 'Platform1732500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE book_files (
        file_id integer PRIMARY KEY REFERENCES uploaded_files(id) ON DELETE CASCADE,
        page_id integer NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        title varchar(100) NOT NULL,
        community_ids integer[] NOT NULL DEFAULT '{}',
        created_on timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX book_files_page_idx ON book_files (page_id, created_on, file_id)`);
    await q.query(`CREATE INDEX book_files_user_idx ON book_files (user_id, page_id)`);
    await q.query(`
      INSERT INTO book_files (file_id, page_id, user_id, title, community_ids, created_on)
      SELECT id, page_id, user_id, title, community_ids, created_on FROM uploaded_files
       WHERE page_id IS NOT NULL AND status = 'done'`);
    await q.query(`
      INSERT INTO page_owners (user_id, page_id, source, created_on)
      SELECT user_id, page_id, 'contributor', min(created_on) FROM uploaded_files
       WHERE page_id IS NOT NULL AND status = 'done' GROUP BY user_id, page_id
      ON CONFLICT (user_id, page_id) DO NOTHING`);

    await q.query(`ALTER TABLE page_follows ADD COLUMN follower_sex varchar(1) NOT NULL DEFAULT '0'`);
    await q.query(`UPDATE page_follows f SET follower_sex = p.sex FROM profiles p WHERE p.user_id = f.user_id`);

    await q.query(`ALTER TABLE profiles ADD COLUMN active boolean NOT NULL DEFAULT true`);
    await q.query(`UPDATE profiles p SET active = u.is_active FROM users u WHERE u.id = p.user_id`);
    await q.query(`CREATE INDEX profiles_active_created_idx ON profiles (created_on DESC, id DESC) WHERE active`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX profiles_active_created_idx`);
    await q.query(`ALTER TABLE profiles DROP COLUMN active`);
    await q.query(`ALTER TABLE page_follows DROP COLUMN follower_sex`);
    await q.query(`DELETE FROM page_owners WHERE source = 'contributor'`);
    await q.query(`DROP TABLE book_files`);
  }
}
