import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The social core. posts (reviews, pure posts, reposts), post_likes and post_comments belong to
 * the posts module; follow_requests and follow_counts to the follows module (with access_logs);
 * a Book's review statistics (post_count, rating_sum, rating_count) are columns of pages, kept by
 * the books module when the posts module tells it in the posting transaction.
 *
 * Counters shown on lists (liked_times, reposted_times, commented_counts, follow counts) are
 * stored and changed in the same transaction as the act, so no list counts rows per item.
 * Feed indexes are partial on `NOT communitypost_flag`, the visibility rule every feed applies.
 */
export class Social1732600000000 implements MigrationInterface {
  name = 'Social1732600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE posts (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        text text NOT NULL DEFAULT '',
        img varchar(300),
        rating smallint CHECK (rating BETWEEN 5 AND 100 AND rating % 5 = 0),
        review_to integer REFERENCES pages(id) ON DELETE SET NULL,
        reposting boolean NOT NULL DEFAULT false,
        reposting_from integer REFERENCES posts(id) ON DELETE CASCADE,
        reposting_from_user integer,
        new_data_flag boolean NOT NULL DEFAULT false,
        purepost_flag boolean NOT NULL DEFAULT false,
        communitypost_flag boolean NOT NULL DEFAULT false,
        community_ids integer[] NOT NULL DEFAULT '{}',
        liked_times integer NOT NULL DEFAULT 0,
        reposted_times integer NOT NULL DEFAULT 0,
        commented_counts integer NOT NULL DEFAULT 0,
        created_on timestamptz NOT NULL DEFAULT now()
      )`);
    // Feeds order by id (the order of creation) and keep circle posts out: partial indexes.
    await q.query(`CREATE INDEX posts_user_feed_idx ON posts (user_id, id DESC) INCLUDE (rating) WHERE NOT communitypost_flag`);
    await q.query(`CREATE INDEX posts_book_feed_idx ON posts (review_to, id DESC) INCLUDE (rating) WHERE NOT communitypost_flag AND NOT reposting`);
    await q.query(`CREATE INDEX posts_public_feed_idx ON posts (id DESC) INCLUDE (user_id, rating) WHERE NOT communitypost_flag`);
    await q.query(`CREATE UNIQUE INDEX posts_one_repost_idx ON posts (user_id, reposting_from) WHERE reposting`);
    await q.query(`CREATE INDEX posts_reposting_from_idx ON posts (reposting_from) WHERE reposting`);

    await q.query(`
      CREATE TABLE post_likes (
        id serial PRIMARY KEY,
        post_id integer NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_on timestamptz NOT NULL DEFAULT now(),
        UNIQUE (post_id, user_id)
      )`);
    await q.query(`CREATE INDEX post_likes_user_idx ON post_likes (user_id, id DESC)`);

    await q.query(`
      CREATE TABLE post_comments (
        id serial PRIMARY KEY,
        post_id integer NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        text text NOT NULL,
        created_on timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX post_comments_post_idx ON post_comments (post_id, id)`);
    await q.query(`CREATE INDEX post_comments_user_post_idx ON post_comments (user_id, post_id)`);

    await q.query(`
      CREATE TABLE follow_requests (
        id serial PRIMARY KEY,
        ask_from integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        ask_to integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        approved boolean NOT NULL DEFAULT false,
        created_on timestamptz NOT NULL DEFAULT now(),
        UNIQUE (ask_from, ask_to),
        CHECK (ask_from <> ask_to)
      )`);
    await q.query(`CREATE INDEX follow_requests_from_idx ON follow_requests (ask_from, approved, id DESC) INCLUDE (ask_to)`);
    await q.query(`CREATE INDEX follow_requests_to_idx ON follow_requests (ask_to, approved, id DESC) INCLUDE (ask_from)`);
    await q.query(`
      CREATE TABLE follow_counts (
        user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        following_count integer NOT NULL DEFAULT 0,
        followed_count integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE access_logs (
        id bigserial PRIMARY KEY,
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        type varchar(10) NOT NULL,
        object_id integer NOT NULL,
        created_on timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX access_logs_object_idx ON access_logs (type, object_id, created_on)`);

    await q.query(`ALTER TABLE pages ADD COLUMN post_count integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE pages ADD COLUMN rating_sum integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE pages ADD COLUMN rating_count integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE pages DROP COLUMN rating_count, DROP COLUMN rating_sum, DROP COLUMN post_count`);
    await q.query(`DROP TABLE access_logs`);
    await q.query(`DROP TABLE follow_counts`);
    await q.query(`DROP TABLE follow_requests`);
    await q.query(`DROP TABLE post_comments`);
    await q.query(`DROP TABLE post_likes`);
    await q.query(`DROP TABLE posts`);
  }
}
