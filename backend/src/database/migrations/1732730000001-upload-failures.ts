import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Book generation keeps how often it started on a file (`attempts`: a job whose process died
 * is tried once more, then the file is marked failed instead of being retried for ever) and why
 * a file failed, as a code the uploader is shown in their language (`failure`). Stored file names
 * lose the control and format characters (bidirectional overrides, zero-width marks) they may
 * have been stored with before names were cleaned on upload.
 */
export class UploadFailures1732730000001 implements MigrationInterface {
  name = 'UploadFailures1732730000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE uploaded_files ADD COLUMN attempts integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE uploaded_files ADD COLUMN failure varchar(24)`);
    await q.query(
      `UPDATE uploaded_files SET file_name = regexp_replace(file_name, '[\\u0001-\\u001f\\u007f-\\u009f\\u00ad\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufeff\\ufff9-\\ufffb]', '', 'g')
       WHERE file_name ~ '[\\u0001-\\u001f\\u007f-\\u009f\\u00ad\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufeff\\ufff9-\\ufffb]'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE uploaded_files DROP COLUMN failure`);
    await q.query(`ALTER TABLE uploaded_files DROP COLUMN attempts`);
  }
}
