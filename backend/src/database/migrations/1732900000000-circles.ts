import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Circles (the circles module's tables).
 * - circles: title, description, images, the owner, words to search (search_text, as profiles), and stored counters changed in the acting
 *   transaction (member_count, post_count, page_count, joinrequest_count) and the newest post
 *   (last_post_id, for the "new post" flag).
 * - circle_members: who belongs, since when, and the newest post each member has seen.
 * - circle_invitations (per invited user, accepted once) and circle_join_requests (approved by
 *   the owner); rows stay after acceptance or approval so that a notification handler can check
 *   that the act still stands.
 * - circle_posts and circle_files: the links of posts and uploaded data files to circles, which
 *   were `community_ids int[]` columns of posts, uploaded_files and book_files (tables of other
 *   modules, without foreign key or index). circle_files also records the Book a file became
 *   (the circle's bookshelf). The arrays are moved (only ids of circles that exist: none did)
 *   and dropped.
 * Tables refer to users without a delete action: the circles module clears its rows when it
 * handles `account.deleted`. Links go with their post or file (ON DELETE CASCADE) and the
 * deleting module tells the circles module first, so that the counters follow.
 */
export class Circles1732900000000 implements MigrationInterface {
  name = 'Circles1732900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE circles (
        id serial PRIMARY KEY,
        owner_id integer NOT NULL REFERENCES users(id),
        title varchar(100) NOT NULL,
        description varchar(2000) NOT NULL DEFAULT '',
        image varchar(300),
        background_image varchar(300),
        item_type varchar(20) NOT NULL DEFAULT 'community',
        member_count integer NOT NULL DEFAULT 0,
        post_count integer NOT NULL DEFAULT 0,
        page_count integer NOT NULL DEFAULT 0,
        joinrequest_count integer NOT NULL DEFAULT 0,
        last_post_id integer NOT NULL DEFAULT 0,
        search_text text NOT NULL DEFAULT '',
        search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED,
        created_on timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX circles_owner_idx ON circles (owner_id)`);
    await q.query(`CREATE INDEX circles_search_idx ON circles USING gin (search_vector)`);
    await q.query(`CREATE INDEX circles_created_idx ON circles (created_on DESC, id DESC)`);

    await q.query(`
      CREATE TABLE circle_members (
        circle_id integer NOT NULL REFERENCES circles(id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users(id),
        hidden boolean NOT NULL DEFAULT false,
        last_seen_post_id integer NOT NULL DEFAULT 0,
        created_on timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (circle_id, user_id)
      )`);
    await q.query(`CREATE INDEX circle_members_user_idx ON circle_members (user_id, created_on DESC, circle_id)`);
    await q.query(`CREATE INDEX circle_members_list_idx ON circle_members (circle_id, created_on, user_id) WHERE NOT hidden`);

    await q.query(`
      CREATE TABLE circle_invitations (
        id serial PRIMARY KEY,
        circle_id integer NOT NULL REFERENCES circles(id) ON DELETE CASCADE,
        inviter_id integer NOT NULL REFERENCES users(id),
        invited_id integer NOT NULL REFERENCES users(id),
        accepted boolean NOT NULL DEFAULT false,
        hidden boolean NOT NULL DEFAULT false,
        created_on timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT circle_invitations_once UNIQUE (circle_id, invited_id)
      )`);
    await q.query(`CREATE INDEX circle_invitations_invited_idx ON circle_invitations (invited_id)`);
    await q.query(`CREATE INDEX circle_invitations_inviter_idx ON circle_invitations (inviter_id)`);

    await q.query(`
      CREATE TABLE circle_join_requests (
        id serial PRIMARY KEY,
        circle_id integer NOT NULL REFERENCES circles(id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users(id),
        approved boolean NOT NULL DEFAULT false,
        hidden boolean NOT NULL DEFAULT false,
        created_on timestamptz NOT NULL DEFAULT now(),
        approved_on timestamptz,
        CONSTRAINT circle_join_requests_once UNIQUE (circle_id, user_id)
      )`);
    await q.query(`CREATE INDEX circle_join_requests_pending_idx ON circle_join_requests (circle_id, id) WHERE NOT approved AND NOT hidden`);
    await q.query(`CREATE INDEX circle_join_requests_user_idx ON circle_join_requests (user_id)`);

    await q.query(`
      CREATE TABLE circle_posts (
        circle_id integer NOT NULL REFERENCES circles(id) ON DELETE CASCADE,
        post_id integer NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users(id),
        hidden boolean NOT NULL DEFAULT false,
        PRIMARY KEY (circle_id, post_id)
      )`);
    await q.query(`CREATE INDEX circle_posts_thread_idx ON circle_posts (circle_id, post_id DESC) WHERE NOT hidden`);
    await q.query(`CREATE INDEX circle_posts_post_idx ON circle_posts (post_id)`);
    await q.query(`CREATE INDEX circle_posts_user_idx ON circle_posts (user_id)`);

    await q.query(`
      CREATE TABLE circle_files (
        circle_id integer NOT NULL REFERENCES circles(id) ON DELETE CASCADE,
        file_id integer NOT NULL REFERENCES uploaded_files(id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users(id),
        page_id integer REFERENCES pages(id) ON DELETE SET NULL,
        hidden boolean NOT NULL DEFAULT false,
        created_on timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (circle_id, file_id)
      )`);
    await q.query(`CREATE INDEX circle_files_file_idx ON circle_files (file_id)`);
    await q.query(`CREATE INDEX circle_files_user_idx ON circle_files (user_id)`);
    await q.query(`CREATE INDEX circle_files_shelf_idx ON circle_files (circle_id, page_id) WHERE page_id IS NOT NULL AND NOT hidden`);

    // Move the links (only to circles that exist), then drop the arrays.
    await q.query(`
      INSERT INTO circle_posts (circle_id, post_id, user_id)
      SELECT DISTINCT c.id, p.id, p.user_id FROM posts p CROSS JOIN LATERAL unnest(p.community_ids) AS x(id) JOIN circles c ON c.id = x.id
      ON CONFLICT DO NOTHING`);
    await q.query(`
      INSERT INTO circle_files (circle_id, file_id, user_id, page_id, created_on)
      SELECT DISTINCT c.id, f.id, f.user_id, f.page_id, f.created_on FROM uploaded_files f CROSS JOIN LATERAL unnest(f.community_ids) AS x(id) JOIN circles c ON c.id = x.id
      ON CONFLICT DO NOTHING`);
    await q.query(`ALTER TABLE posts DROP COLUMN community_ids`);
    await q.query(`ALTER TABLE uploaded_files DROP COLUMN community_ids`);
    await q.query(`ALTER TABLE book_files DROP COLUMN community_ids`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE posts ADD COLUMN community_ids integer[] NOT NULL DEFAULT '{}'`);
    await q.query(`ALTER TABLE uploaded_files ADD COLUMN community_ids integer[] NOT NULL DEFAULT '{}'`);
    await q.query(`ALTER TABLE book_files ADD COLUMN community_ids integer[] NOT NULL DEFAULT '{}'`);
    await q.query(
      `UPDATE posts p SET community_ids = l.ids FROM (SELECT post_id, array_agg(circle_id) AS ids FROM circle_posts GROUP BY post_id) l WHERE p.id = l.post_id`,
    );
    await q.query(
      `UPDATE uploaded_files f SET community_ids = l.ids FROM (SELECT file_id, array_agg(circle_id) AS ids FROM circle_files GROUP BY file_id) l WHERE f.id = l.file_id`,
    );
    await q.query(
      `UPDATE book_files f SET community_ids = l.ids FROM (SELECT file_id, array_agg(circle_id) AS ids FROM circle_files GROUP BY file_id) l WHERE f.file_id = l.file_id`,
    );
    await q.query(`DROP TABLE circle_files`);
    await q.query(`DROP TABLE circle_posts`);
    await q.query(`DROP TABLE circle_join_requests`);
    await q.query(`DROP TABLE circle_invitations`);
    await q.query(`DROP TABLE circle_members`);
    await q.query(`DROP TABLE circles`);
  }
}
