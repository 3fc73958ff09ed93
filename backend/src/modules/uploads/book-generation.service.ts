import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Audiences } from '../../common/audiences/audiences';
import * as crypto from 'node:crypto';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { contentLanguage, otherLanguage } from '../../common/i18n/language';
import { Db } from '../../database/db';
import { searchDocument, searchWords } from '../../common/search/search-text';
import { JobsService } from '../../jobs/jobs.service';
import { EventsService } from '../../common/events/events.service';
import { FileStorage } from '../../storage/file-storage';
import { COVER_VARIANT_WIDTHS, coverVariantKey, renderCoverVariant } from '../../storage/cover-variants';
import { TagsService } from '../tags/tags.service';
import { BooksService, type BookText } from '../books/books.service';
import { GENERATE_QUEUE } from './uploads.service';

export const TRANSLATE_QUEUE = 'book-translate';
import { UPLOADED_FILE_SQL, type UploadedFileRow } from './uploaded-file-sql';
import { extractIsolated, stopSpareExtractor } from './generation/extract-process';
import { type UploadFailure } from './generation/extract-protocol';
import { dataFileType } from './generation/file-types';
import { createBookGenerator } from './generation/generator-factory';
import { columnProfile, labelProfile, tablePreview } from './generation/column-profile';
import type { BilingualDraft, BookDraft, BookGenerator, DataFileType, ExtractedContent, TableColumnProfile } from './generation/types';

/** The text fields of a draft, as a Book stores them per language. */
export function bookText(d: BookDraft): BookText {
  return {
    title: d.title.slice(0, 100),
    summary: d.summary,
    goodpoint: d.goodpoint,
    badpoint: d.badpoint,
    point1: d.point1,
    point2: d.point2,
    point3: d.point3,
    point4: d.point4,
    point5: d.point5,
    answer: d.answer,
  };
}

/**
 * The worker side of an upload: extract → generate → publish. Idempotent: a job that runs
 * twice (retry, restart) finds the file already published and stops, so a Book is never
 * created twice.
 */
@Injectable()
export class BookGenerationService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('BookGeneration');
  private readonly generator: BookGenerator;

  constructor(
    private readonly db: Db,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly jobs: JobsService,
    private readonly storage: FileStorage,
    private readonly tags: TagsService,
    private readonly events: EventsService,
    private readonly books: BooksService,
    private readonly audiences: Audiences,
  ) {
    this.generator = createBookGenerator(options.config.books);
  }

  onModuleInit(): void {
    this.jobs.define<{ fileId: number }>(GENERATE_QUEUE, ({ fileId }) => this.process(fileId), { retryLimit: 4 });
    // Books made before both languages: a few each run until none is left (the partial index empties).
    // Column profiles made before their columns had labels get them in the same run.
    this.jobs.define(
      TRANSLATE_QUEUE,
      () =>
        this.translatePending()
          .then(() => this.labelPending())
          .then(() => undefined),
      { cron: '*/10 * * * *', retryLimit: 1 },
    );
  }

  /**
   * Writes the missing language of Books made before every Book had both (migration
   * 1733200000000): their first file is read again, both languages generated, the missing one
   * stored (the existing text is kept), the Book moved to the list of its data's language, its
   * tags linked in both languages and its column profile and preview added. A Book whose file
   * cannot be read keeps its one text for both languages, so it is not tried again. Returns how
   * many Books were done.
   */
  async translatePending(limit = 5): Promise<number> {
    const pending = await this.db.rows<{ id: number; language: string; texts: Record<string, BookText>; file_id: number | null }>(
      `SELECT p.id, p.language, p.texts,
              (SELECT f.file_id FROM book_files f WHERE f.page_id = p.id ORDER BY f.created_on, f.file_id LIMIT 1) AS file_id
         FROM pages p WHERE NOT (p.texts ? 'ja' AND p.texts ? 'en') ORDER BY p.id LIMIT :limit`,
      { limit },
    );
    for (const page of pending) {
      // A Book of before both languages with neither text is of the Japanese site, where the product began.
      const have = page.texts.ja ? 'ja' : page.texts.en ? 'en' : contentLanguage(page.language, 'ja');
      const missing = otherLanguage(have);
      const kept: BookText | undefined = page.texts[have];
      let content: ExtractedContent | undefined;
      let drafts: BilingualDraft | undefined;
      const file = page.file_id !== null ? await this.fileById(page.file_id) : undefined;
      if (file) {
        try {
          const outcome = await extractIsolated(
            async () => {
              const object = await this.storage.get(file.storageKey);
              if (!object) throw new Error(`stored file ${file.storageKey} is missing`);
              return object.stream;
            },
            dataFileType(file.kind as DataFileType['kind']),
            { fileName: file.fileName, sizeBytes: file.sizeBytes, title: file.title },
            { ...this.options.config.extraction },
          );
          if (outcome.ok) {
            content = outcome.content;
            drafts = await this.writeBoth(content, file);
          }
        } catch (err) {
          this.logger.warn({ pageId: page.id, err: String((err as Error).message ?? err) }, 'Book translation could not read its file');
        }
      }
      const texts: Record<'ja' | 'en', BookText> = {
        ja: bookText(drafts?.ja ?? (kept as unknown as BookDraft)),
        en: bookText(drafts?.en ?? (kept as unknown as BookDraft)),
      };
      if (kept) texts[have] = kept;
      const language = content ? content.language : have;
      const main = texts[language];
      const tagIds = drafts
        ? [...(await this.tags.idsByName('ja', drafts.ja.tags.slice(0, 5))), ...(await this.tags.idsByName('en', drafts.en.tags.slice(0, 5)))]
        : [];
      await this.books.storeTranslation(page.id, {
        language,
        texts,
        tagIds,
        text: main,
        columnProfile: content ? columnProfile(content, drafts?.columnLabels) : null,
        preview: content ? tablePreview(content) : null,
        extraSearch: drafts ? searchDocument(drafts[missing].title, drafts[missing].summary, drafts[missing].tags.join(' ')) : '',
      });
    }
    return pending.length;
  }

  /**
   * Labels the columns of column profiles stored before labels existed, from the glossary (the
   * stored names and units are all it needs: the file is not read again). Returns how many Books
   * were done.
   */
  async labelPending(limit = 200): Promise<number> {
    const pending = await this.db.rows<{ id: number; column_profile: TableColumnProfile }>(
      `SELECT id, column_profile FROM pages WHERE column_profile IS NOT NULL AND NOT (column_profile ? 'labelled') ORDER BY id LIMIT :limit`,
      { limit },
    );
    for (const page of pending) {
      // A profile of another shape is only marked, so that it is not picked again.
      const labelled = Array.isArray(page.column_profile?.columns) ? labelProfile(page.column_profile) : { ...page.column_profile, labelled: true };
      await this.books.storeColumnProfile(page.id, labelled);
    }
    return pending.length;
  }

  onApplicationShutdown(): void {
    stopSpareExtractor();
  }

  /** Starts on a file that never finished (their process died): at the next start the file fails instead. */
  static readonly MAX_INTERRUPTED_STARTS = 2;

  private fileById(fileId: number): Promise<UploadedFileRow | undefined> {
    return this.db.row<UploadedFileRow>(`${UPLOADED_FILE_SQL} WHERE f.id = :fileId`, { fileId });
  }

  async process(fileId: number): Promise<void> {
    const file = await this.fileById(fileId);
    if (!file || file.status === 'done' || file.pageId !== null || file.failure !== null) return;
    // Still `processing`: the run before this one never finished (its process died, or was
    // stopped). It is tried once more; after that the file fails instead of taking its process
    // down again and again.
    if (file.status === 'processing' && file.attempts >= BookGenerationService.MAX_INTERRUPTED_STARTS) {
      await this.fail(fileId, 'interrupted', `processing stopped ${file.attempts} times before it finished`);
      return;
    }
    await this.db.exec(`UPDATE uploaded_files SET status = 'processing', error = NULL, attempts = :attempts WHERE id = :fileId`, {
      fileId,
      attempts: file.attempts + 1,
    });
    const started = Date.now();
    let content: ExtractedContent;
    let drafts: BilingualDraft;
    try {
      const type: DataFileType = dataFileType(file.kind as DataFileType['kind']);
      const outcome = await extractIsolated(
        async () => {
          const object = await this.storage.get(file.storageKey);
          if (!object) throw new Error(`stored file ${file.storageKey} is missing`);
          return object.stream;
        },
        type,
        { fileName: file.fileName, sizeBytes: file.sizeBytes, title: file.title },
        { ...this.options.config.extraction },
      );
      if (!outcome.ok) {
        // The file's own fault: fail it for good (no retry), with the reason the uploader sees.
        await this.fail(fileId, outcome.failure, outcome.reason);
        this.logger.warn({ fileId, failure: outcome.failure, reason: outcome.reason, ms: Date.now() - started }, 'Upload could not be read');
        return;
      }
      content = outcome.content;
      drafts = await this.writeBoth(content, file);
    } catch (err) {
      // Storage or database trouble: let the queue retry with backoff; the last failure is kept.
      await this.db.exec(`UPDATE uploaded_files SET status = 'failed', error = :error WHERE id = :fileId`, {
        fileId,
        error: String((err as Error).message ?? err).slice(0, 500),
      });
      throw err;
    }
    const coverKey = `covers/${crypto.randomUUID()}.jpg`;
    await this.storage.put(coverKey, content.cover, 'image/jpeg');
    // Its narrower copies for phones, beside it (a missing one is made at its first request).
    const variantKeys = await this.storeCoverVariants(coverKey, content.cover);
    const published = await this.publish(file, drafts, content, coverKey);
    if (!published || published.joinedExisting) {
      for (const key of [coverKey, ...variantKeys]) await this.storage.delete(key).catch(() => undefined);
    }
    if (!published) return;
    this.logger.log(
      { fileId, pageId: published.pageId, joined: published.joinedExisting, ms: Date.now() - started, generator: this.generator.name },
      'Book generated',
    );
  }

  /** Stores the cover's variants (cover-variants.ts); one that fails is left to its first request. */
  private async storeCoverVariants(coverKey: string, cover: Buffer): Promise<string[]> {
    const stored: string[] = [];
    for (const width of COVER_VARIANT_WIDTHS) {
      const key = coverVariantKey(coverKey, width);
      if (!key) continue;
      try {
        await this.storage.put(key, await renderCoverVariant(cover, width), 'image/jpeg');
        stored.push(key);
      } catch (err) {
        this.logger.warn({ key, err: String(err) }, 'Cover variant not stored');
      }
    }
    return stored;
  }

  /** The Book in both languages (every Book is written in Japanese and English). */
  private async writeBoth(content: ExtractedContent, file: { title: string; description: string }): Promise<BilingualDraft> {
    const [ja, en] = await Promise.all([this.tags.names('ja'), this.tags.names('en')]);
    return this.generator.generateBoth(content, { title: file.title, description: file.description, tagCandidates: { ja, en } });
  }

  private async fail(fileId: number, failure: UploadFailure, detail: string): Promise<void> {
    await this.db.exec(`UPDATE uploaded_files SET status = 'failed', failure = :failure, error = :error WHERE id = :fileId`, {
      fileId,
      failure,
      error: detail.slice(0, 500),
    });
  }

  private subjectWords(draft: BookDraft, content: ExtractedContent): string[] {
    const words = new Set<string>();
    for (const w of searchWords(draft.title)) if (w.length > 1) words.add(w);
    for (const k of content.keywords.slice(0, 12)) for (const w of searchWords(k)) if (w.length > 1) words.add(w);
    return [...words].slice(0, 24);
  }

  /**
   * In one transaction: a new Book, or the file joins a Book of the same subject; the uploader
   * becomes a contributor, and the events are queued with the change.
   */
  private async publish(
    file: UploadedFileRow,
    drafts: BilingualDraft,
    content: ExtractedContent,
    coverKey: string,
  ): Promise<{ pageId: number; joinedExisting: boolean } | null> {
    // The Book is listed under the language of its data; its columns hold the text in that language.
    const dataLanguage = content.language;
    const draft = drafts[dataLanguage];
    const other = drafts[otherLanguage(dataLanguage)];
    const subject = this.subjectWords(draft, content);
    // Outside the transaction: with the embedded database the pool holds a single connection.
    // Tags of both languages.
    const tagIds = [...(await this.tags.idsByName('ja', drafts.ja.tags.slice(0, 5))), ...(await this.tags.idsByName('en', drafts.en.tags.slice(0, 5)))];
    return this.db.transaction(async (tx) => {
      const locked = await this.db.row<{ page_id: number | null; status: string }>(
        `SELECT page_id, status FROM uploaded_files WHERE id = :fileId FOR UPDATE`,
        { fileId: file.id },
        tx,
      );
      if (!locked || locked.page_id !== null) return null;
      // Only a free file meant for everyone joins a Book on its own: a priced file (the uploader
      // sells their data) or one addressed to circles always makes a Book of its own.
      const circles = await this.audiences.linkedIds('file', file.id, tx);
      const joinable = !(file.mydata && file.price > 0) && circles.length === 0;
      const existing = joinable ? await this.books.sameSubject(dataLanguage, subject, file.userId, tx) : null;
      const pageId =
        existing ??
        (await this.books.create(
          {
            title: draft.title,
            summary: draft.summary,
            img: coverKey,
            language: dataLanguage,
            price: file.mydata ? file.price : 0,
            goodpoint: draft.goodpoint,
            badpoint: draft.badpoint,
            point1: draft.point1,
            point2: draft.point2,
            point3: draft.point3,
            point4: draft.point4,
            point5: draft.point5,
            answer: draft.answer,
            ownerId: file.userId,
            subjectWords: subject,
            searchText: searchDocument(
              draft.title,
              draft.summary,
              draft.goodpoint,
              draft.point1,
              draft.point2,
              draft.point3,
              draft.point4,
              draft.point5,
              draft.tags.join(' '),
              content.keywords.join(' '),
              other.title,
              other.summary,
              other.tags.join(' '),
            ),
            tagIds,
            texts: { ja: bookText(drafts.ja), en: bookText(drafts.en) },
            columnProfile: columnProfile(content, drafts.columnLabels),
            preview: tablePreview(content),
            // A file posted to circles belongs to them (api-contract rule 7) until its uploader makes the Book public.
            membersOnly: circles.length > 0,
          },
          tx,
        ));
      await this.books.attachFile({ bookId: pageId, fileId: file.id, userId: file.userId, title: file.title }, tx);
      // The circles the file was posted to put the Book on their shelves.
      if (circles.length) await this.audiences.filePlaced(file.id, pageId, tx);
      await this.db.exec(
        `UPDATE uploaded_files SET page_id = :pageId, status = 'done', error = NULL, generated_on = now() WHERE id = :fileId`,
        { pageId, fileId: file.id },
        tx,
      );
      await this.events.publish('book.generated', { fileId: file.id, userId: file.userId, bookId: pageId, joinedExisting: existing !== null }, tx);
      // The uploader's followers hear of a new Book when everyone may read it: a circle's Book when its creator makes it public.
      if (existing === null && circles.length === 0) await this.events.publish('book.posted', { bookId: pageId, userId: file.userId }, tx);
      return { pageId, joinedExisting: existing !== null };
    });
  }
}
