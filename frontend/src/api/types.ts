// Names used inside the app for the generated wire types; only this file follows renames in
// openapi.yaml.
export type {
  ProfileResponse as Profile,
  ProfileFieldsDto as ProfileForm,
  PageResponse as Book,
  PageFile as BookFile,
  AttributeResponse as Tag,
  UploadedFileResponse as UploadedFile,
  UploadFieldsDto as UploadForm,
} from './generated';

/** Book languages (and tag languages). */
export type BookLanguage = 'ja' | 'en';

/** A downloaded file, ready to save: an object URL the caller must revoke, and the file name. */
export type DownloadedFile = { objectUrl: string; fileName: string | null };
