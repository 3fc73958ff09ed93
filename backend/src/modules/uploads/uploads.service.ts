import { Inject, Injectable, Logger } from '@nestjs/common';
import { type AudienceLink, Audiences } from '../../common/audiences/audiences';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import { PROFILE_REQUIRED } from '../../common/access/profile-required.guard';
import type { AuthUser } from '../../common/auth/auth-user';
import { Signer } from '../../common/crypto/signer';
import { EventsService } from '../../common/events/events.service';
import { DrfValidationError, Msg } from '../../common/http/drf-errors';
import { forbidden, notFound } from '../../common/http/id-param.pipe';
import { pageSql, type PageWindow } from '../../common/http/paging';
import { contentLanguage } from '../../common/i18n/language';
import { Db, type Tx } from '../../database/db';
import { JobsService } from '../../jobs/jobs.service';
import { FileStorage, type StoredObject } from '../../storage/file-storage';
import type { UploadFieldsDto, UploadedFileResponse } from './dto/upload.dto';
import { BooksService } from '../books/books.service';
import { UPLOADED_FILE_SQL, type UploadedFileRow } from './uploaded-file-sql';
import { detectDataFile, downloadName, nameFitsType, stripInvisible } from './generation/file-types';
import { type DataFileKind } from './generation/types';
import { UploadQuota } from './upload-quota';
import type { StreamedUpload } from './upload-storage';

export const GENERATE_QUEUE = 'book-generate';
export const UNSUPPORTED_FILE = Msg.unsupportedFile;
const DOWNLOAD_PURPOSE = 'file-download';
export const PRESIGN_SECONDS = 300;

/**
 * Whitespace in an uploaded name becomes `_`; path parts, control and format characters
 * (bidirectional overrides, zero-width marks) go; at most the last 200 characters are kept.
 */
export function storedFileName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const clean = Array.from(stripInvisible(base).replace(/\s+/g, '_')).slice(-200).join('');
  return clean || 'file';
}

@Injectable()
export class UploadsService {
  private readonly logger = new Logger('Books');

  constructor(
    private readonly db: Db,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly storage: FileStorage,
    private readonly jobs: JobsService,
    private readonly access: AccessService,
    private readonly signer: Signer,
    private readonly quota: UploadQuota,
    private readonly audiences: Audiences,
    events: EventsService,
    books: BooksService,
  ) {
    // get-page-info names its files' formats (for crawlers), never their addresses.
    books.provideFileFormats(async (ids) =>
      ids.length === 0
        ? []
        : (
            await this.db.rows<{ mime_type: string }>(`SELECT DISTINCT mime_type FROM uploaded_files WHERE id = ANY(:ids::int[]) ORDER BY mime_type`, { ids })
          ).map((r) => r.mime_type),
    );
    // Leaving the site (domain-events.ts): uploads leave the uploader's list, then go with their bytes.
    events.subscribe('account.deletion_requested', 'uploads', ({ userId }) => this.hideOfUser(userId));
    events.subscribe('account.deleted', 'uploads', ({ userId }) => this.deleteOfUser(userId));
    // The uploader may download their own file at any stage.
    access.contribute(Permission.FileDownload, 'uploads.uploader', async (viewer, ids, tx) =>
      viewer ? (await this.fileRows(`id = ANY(:ids::int[]) AND user_id = :viewer`, { ids, viewer: viewer.id }, tx)).map((r) => r.id) : [],
    );
    // Once in a Book, a file is for whoever may have that Book's files (BookFiles, whichever module grants it).
    access.contribute(Permission.FileDownload, 'uploads.book-files', async (viewer, ids, tx) => {
      const rows = await this.fileRows(`id = ANY(:ids::int[]) AND status = 'done' AND page_id IS NOT NULL`, { ids }, tx);
      const books = await access.check(
        viewer,
        Permission.BookFiles,
        rows.map((r) => r.page_id!),
        { tx },
      );
      return rows.filter((r) => books.has(r.page_id!)).map((r) => r.id);
    });
  }

  private fileRows(where: string, params: Record<string, unknown>, tx?: Tx): Promise<Array<{ id: number; page_id: number | null }>> {
    return this.db.rows<{ id: number; page_id: number | null }>(`SELECT id, page_id FROM uploaded_files WHERE ${where}`, params, tx);
  }

  private fileById(fileId: number): Promise<UploadedFileRow | undefined> {
    return this.db.row<UploadedFileRow>(`${UPLOADED_FILE_SQL} WHERE f.id = :fileId`, { fileId });
  }

  /** The circles each file was posted to (the owner's SQL fragment; no statement for an empty list). */
  private async circlesOf(fileIds: number[]): Promise<Map<number, number[]>> {
    if (fileIds.length === 0) return new Map();
    const rows = await this.db.rows<{ id: number; links: AudienceLink[] | null }>(
      `SELECT x.id, ${this.audiences.linksSql('file', 'x.id')} AS links FROM unnest(:fileIds::int[]) AS x(id)`,
      { fileIds },
    );
    return new Map(rows.map((r) => [r.id, (r.links ?? []).map((l) => l.id)]));
  }

  toResponse(f: UploadedFileRow, communities: number[] = []): UploadedFileResponse {
    return {
      id: f.id,
      title: f.title,
      description: f.description,
      file: f.fileName,
      kind: f.kind,
      size: f.sizeBytes,
      status: f.status,
      failure: f.failure,
      page: f.pageId,
      price: f.price,
      mydata: f.mydata,
      communities,
      user_id: f.userId,
      created_on: f.createdOn.toISOString(),
    };
  }

  /**
   * Accepts a streamed upload: checks the fields and the content, then records the file and
   * its generation job in one transaction. Anything refused leaves no stored bytes behind.
   */
  async accept(user: AuthUser, dto: UploadFieldsDto, upload: StreamedUpload | undefined, language: string): Promise<UploadedFileResponse> {
    const discard = async () => {
      if (upload) await this.storage.delete(upload.path).catch(() => undefined);
    };
    try {
      if (!upload) throw DrfValidationError.field('file', Msg.noFile);
      if (dto.user_id !== undefined) await this.access.require(user, Permission.Self, [dto.user_id], { detail: Msg.ownUserId });
      const mydata = dto.mydata ?? false;
      const price = dto.price ?? 0;
      if (price !== 0 && !mydata) throw DrfValidationError.field('price', Msg.priceNeedsMydata);
      if (upload.size === 0) throw DrfValidationError.field('file', Msg.emptyFile);
      const fileName = storedFileName(upload.originalname);
      const type = detectDataFile(upload.head, fileName);
      if (!type) throw DrfValidationError.field('file', UNSUPPORTED_FILE);
      if (!nameFitsType(fileName, type.kind)) throw DrfValidationError.field('file', Msg.fileExtensionMismatch);
      await this.access.require(user, Permission.ProfileExists, [user.id], { detail: PROFILE_REQUIRED });
      const communities = [...new Set(dto.communities ?? [])];
      if (communities.length) {
        if (!this.access.has(Permission.CircleMember)) throw DrfValidationError.field('communities', Msg.circlesNotAvailable);
        // Only members post data to a circle (403 otherwise).
        await this.access.require(user, Permission.CircleMember, communities, { detail: Msg.notCircleMember });
      }

      const fileId = await this.db.transaction(async (tx) => {
        await this.quota.check(user.id, upload.size, tx); // per user and day (UPLOAD_DAILY_*)
        const row = await this.db.row<{ id: number }>(
          `INSERT INTO uploaded_files (user_id, title, description, file_name, storage_key, mime_type, kind, size_bytes, price, mydata, language, status)
           VALUES (:userId, :title, :description, :fileName, :storageKey, :mimeType, :kind, :sizeBytes, :price, :mydata, :language, 'pending') RETURNING id`,
          {
            userId: user.id,
            title: dto.title.trim(),
            description: dto.description ?? '',
            fileName,
            storageKey: upload.path,
            mimeType: type.mime,
            kind: type.kind,
            sizeBytes: upload.size,
            price,
            mydata,
            language: contentLanguage(language),
          },
          tx,
        );
        // The audience owner (circles) links the file to its circles.
        await this.audiences.attach('file', row!.id, user.id, communities, tx);
        await this.jobs.send(GENERATE_QUEUE, { fileId: row!.id }, tx);
        return row!.id;
      });
      const saved = await this.fileById(fileId);
      if (!saved) throw notFound();
      return this.toResponse(saved, communities);
    } catch (err) {
      await discard();
      throw err;
    }
  }

  /** A user's uploads, newest first (10 per page), with their generation state. */
  async uploadedBy(userId: number, page: PageWindow): Promise<UploadedFileResponse[]> {
    const w = pageSql(page);
    const rows = await this.db.rows<UploadedFileRow>(
      `${UPLOADED_FILE_SQL} WHERE f.user_id = :userId AND NOT f.hidden ORDER BY f.created_on DESC, f.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      { userId, ...w.params },
    );
    const circles = await this.circlesOf(rows.map((r) => r.id));
    return rows.map((r) => this.toResponse(r, circles.get(r.id) ?? []));
  }

  /**
   * The file, if the user may download it (Permission.FileDownload). A file not yet in a Book is
   * its uploader's alone, and for anyone else it does not exist (404); a Book's file refused is 403.
   */
  private async downloadable(user: AuthUser | undefined, fileId: number): Promise<UploadedFileRow> {
    const file = await this.fileById(fileId);
    if (!file) throw notFound();
    const inBook = file.status === 'done' && file.pageId !== null;
    // A members-only Book's files do not exist for those who may not read the Book (404).
    if (inBook && file.userId !== user?.id) await this.access.require(user, Permission.BookRead, [file.pageId!], { refuse: 'not-found' });
    await this.access.require(user, Permission.FileDownload, [file.id], { refuse: inBook ? 'forbidden' : 'not-found', detail: Msg.buyToDownload });
    return file;
  }

  async open(user: AuthUser, fileId: number): Promise<{ file: UploadedFileRow; object: StoredObject }> {
    const file = await this.downloadable(user, fileId);
    const object = await this.storage.get(file.storageKey);
    if (!object) throw notFound();
    return { file, object };
  }

  /** A direct URL valid for 5 minutes: S3 presigned, or a signed link to this server. */
  async downloadUrl(user: AuthUser, fileId: number): Promise<string> {
    const file = await this.downloadable(user, fileId);
    const direct = await this.storage.presignedUrl(file.storageKey, PRESIGN_SECONDS, downloadName(file.fileName, file.kind as DataFileKind));
    if (direct) return direct;
    const token = this.signer.sign(DOWNLOAD_PURPOSE, String(file.id), PRESIGN_SECONDS);
    return `${this.options.config.publicUrl}/api/user/files/${file.id}/content?token=${encodeURIComponent(token)}`;
  }

  /** `account.deletion_requested`: the user's uploads leave the list of their uploads. */
  async hideOfUser(userId: number): Promise<void> {
    await this.db.exec(`UPDATE uploaded_files SET hidden = true WHERE user_id = :userId AND NOT hidden`, { userId });
  }

  /**
   * `account.deleted`: every stored data file of the user, then the rows (a crash in between
   * leaves rows that redelivery deletes again). The Books keep their own record of the files
   * (book_files), which the books module clears on the same event.
   */
  async deleteOfUser(userId: number): Promise<void> {
    const rows = await this.db.rows<{ storage_key: string }>(`SELECT storage_key FROM uploaded_files WHERE user_id = :userId`, { userId });
    for (const row of rows) await this.storage.delete(row.storage_key).catch(() => undefined);
    await this.db.exec(`DELETE FROM uploaded_files WHERE user_id = :userId`, { userId });
  }

  /** Opens a file through a signed link from downloadUrl. */
  async openSigned(fileId: number, token: string | undefined): Promise<{ file: UploadedFileRow; object: StoredObject }> {
    if (this.signer.verify(DOWNLOAD_PURPOSE, token) !== String(fileId)) throw forbidden(Msg.linkExpired);
    const file = await this.fileById(fileId);
    const object = file ? await this.storage.get(file.storageKey) : null;
    if (!file || !object) throw notFound();
    return { file, object };
  }
}
