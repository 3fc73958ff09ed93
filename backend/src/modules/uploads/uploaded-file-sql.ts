import type { UploadedFile } from './entities/uploaded-file.entity';

/**
 * An `uploaded_files` row as the module reads it: every column under its entity's field name, so
 * a row is an `UploadedFile` (the size as a number: a file's bytes stay far below 2^53).
 */
export const UPLOADED_FILE_SQL = `SELECT f.id, f.user_id AS "userId", f.page_id AS "pageId", f.title, f.description, f.file_name AS "fileName",
  f.storage_key AS "storageKey", f.mime_type AS "mimeType", f.kind, f.size_bytes::float8 AS "sizeBytes", f.price, f.mydata, f.language,
  f.status, f.error, f.failure, f.attempts, f.created_on AS "createdOn", f.generated_on AS "generatedOn", f.hidden
  FROM uploaded_files f`;

export type UploadedFileRow = UploadedFile;
