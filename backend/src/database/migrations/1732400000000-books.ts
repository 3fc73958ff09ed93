import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Books1732400000000 implements MigrationInterface {
  name = 'Books1732400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE attributes (
        id serial PRIMARY KEY,
        attribute_name varchar(50) NOT NULL,
        language varchar(2) NOT NULL,
        created_on timestamptz NOT NULL DEFAULT now(),
        search_text text NOT NULL DEFAULT '',
        search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED,
        UNIQUE (language, attribute_name)
      )`);
    await q.query(`CREATE INDEX attributes_search_idx ON attributes USING gin (search_vector)`);

    await q.query(`
      CREATE TABLE pages (
        id serial PRIMARY KEY,
        title varchar(100) NOT NULL,
        summary text NOT NULL DEFAULT '',
        img varchar(300),
        language varchar(2) NOT NULL DEFAULT 'ja',
        page_price integer NOT NULL DEFAULT 0,
        goodpoint text NOT NULL DEFAULT '',
        badpoint text NOT NULL DEFAULT '',
        point1 text NOT NULL DEFAULT '',
        point2 text NOT NULL DEFAULT '',
        point3 text NOT NULL DEFAULT '',
        point4 text NOT NULL DEFAULT '',
        point5 text NOT NULL DEFAULT '',
        answer text NOT NULL DEFAULT '',
        owner_id integer REFERENCES users(id) ON DELETE SET NULL,
        subject_words text NOT NULL DEFAULT '',
        created_on timestamptz NOT NULL DEFAULT now(),
        search_text text NOT NULL DEFAULT '',
        search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED
      )`);
    await q.query(`CREATE INDEX pages_created_idx ON pages (created_on DESC, id DESC)`);
    await q.query(`CREATE INDEX pages_language_created_idx ON pages (language, created_on DESC, id DESC)`);
    await q.query(`CREATE INDEX pages_owner_idx ON pages (owner_id)`);
    await q.query(`CREATE INDEX pages_search_idx ON pages USING gin (search_vector)`);

    await q.query(`
      CREATE TABLE page_attributes (
        page_id integer NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
        attribute_id integer NOT NULL REFERENCES attributes(id) ON DELETE CASCADE,
        PRIMARY KEY (page_id, attribute_id)
      )`);
    await q.query(`CREATE INDEX page_attributes_attribute_idx ON page_attributes (attribute_id, page_id DESC)`);

    await q.query(`
      CREATE TABLE uploaded_files (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        page_id integer REFERENCES pages(id) ON DELETE SET NULL,
        title varchar(100) NOT NULL,
        description text NOT NULL DEFAULT '',
        file_name varchar(255) NOT NULL,
        storage_key varchar(300) NOT NULL,
        mime_type varchar(120) NOT NULL,
        kind varchar(8) NOT NULL,
        size_bytes bigint NOT NULL,
        price integer NOT NULL DEFAULT 0,
        mydata boolean NOT NULL DEFAULT false,
        language varchar(2) NOT NULL DEFAULT 'en',
        community_ids integer[] NOT NULL DEFAULT '{}',
        status varchar(12) NOT NULL DEFAULT 'pending',
        error text,
        created_on timestamptz NOT NULL DEFAULT now(),
        generated_on timestamptz
      )`);
    await q.query(`CREATE INDEX uploaded_files_user_idx ON uploaded_files (user_id, created_on DESC, id DESC)`);
    await q.query(`CREATE INDEX uploaded_files_page_idx ON uploaded_files (page_id, created_on)`);

    await q.query(`
      CREATE TABLE page_follows (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        page_id integer NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
        created_on timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, page_id)
      )`);
    await q.query(`CREATE INDEX page_follows_user_idx ON page_follows (user_id, created_on DESC, id DESC)`);
    await q.query(`CREATE INDEX page_follows_page_idx ON page_follows (page_id)`);

    await q.query(`
      CREATE TABLE page_owners (
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        page_id integer NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
        source varchar(12) NOT NULL,
        created_on timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, page_id)
      )`);
    await q.query(`CREATE INDEX page_owners_user_idx ON page_owners (user_id, created_on DESC)`);
    await q.query(`CREATE INDEX page_owners_page_idx ON page_owners (page_id)`);

    // One row per viewer, Book and day: repeated views in a day count once.
    await q.query(`
      CREATE TABLE page_views (
        page_id integer NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
        viewer varchar(64) NOT NULL,
        viewed_on date NOT NULL DEFAULT CURRENT_DATE,
        PRIMARY KEY (page_id, viewed_on, viewer)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['page_views', 'page_owners', 'page_follows', 'uploaded_files', 'page_attributes', 'pages', 'attributes']) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
