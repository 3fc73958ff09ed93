import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import * as crypto from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { searchDocument, searchQuery, searchWords } from '../../common/search/search-text';
import { JobsService } from '../../jobs/jobs.service';
import { FileStorage } from '../../storage/file-storage';
import { TagsService } from '../tags/tags.service';
import { FILES_PER_PAGE } from '../books/books.service';
import { GENERATE_QUEUE } from './uploads.service';
import { UploadedFile } from './entities/uploaded-file.entity';
import { extractContent } from './generation/extract';
import { createBookGenerator } from './generation/generator-factory';
import type { BookDraft, BookGenerator, DataFileType, ExtractedContent } from './generation/types';

/** Events for notifications (a later module listens). */
export const BOOK_EVENTS = { dataGenerated: 'book.data_generated', posted: 'book.posted' } as const;

export interface DataGeneratedEvent {
  fileId: number;
  userId: number;
  pageId: number;
  joinedExisting: boolean;
}

const SAME_SUBJECT_MIN_SIMILARITY = 0.5;

function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * The worker side of an upload: extract → generate → publish. Idempotent: a job that runs
 * twice (retry, restart) finds the file already published and stops, so a Book is never
 * created twice.
 */
@Injectable()
export class BookGenerationService implements OnModuleInit {
  private readonly logger = new Logger('BookGeneration');
  private readonly generator: BookGenerator;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly jobs: JobsService,
    private readonly storage: FileStorage,
    private readonly tags: TagsService,
    private readonly events: EventEmitter2,
  ) {
    this.generator = createBookGenerator(options.config.books);
  }

  onModuleInit(): void {
    this.jobs.define<{ fileId: number }>(GENERATE_QUEUE, ({ fileId }) => this.process(fileId), { retryLimit: 4 });
  }

  async process(fileId: number): Promise<void> {
    const file = await this.db.getRepository(UploadedFile).findOneBy({ id: fileId });
    if (!file || file.status === 'done' || file.pageId !== null) return;
    await this.db.getRepository(UploadedFile).update(fileId, { status: 'processing', error: null });
    const started = Date.now();
    let content: ExtractedContent;
    let draft: BookDraft;
    try {
      const type: DataFileType = { kind: file.kind as DataFileType['kind'], mime: file.mimeType, extension: file.fileName.split('.').pop() ?? '' };
      content = await extractContent(
        async () => {
          const object = await this.storage.get(file.storageKey);
          if (!object) throw new Error(`stored file ${file.storageKey} is missing`);
          return object.stream;
        },
        type,
        { fileName: file.fileName, sizeBytes: file.sizeBytes },
      );
      const language = file.language === 'ja' ? 'ja' : 'en';
      draft = await this.generator.generate(content, {
        title: file.title,
        description: file.description,
        language,
        tagCandidates: await this.tags.names(language),
      });
    } catch (err) {
      // Storage or database trouble: let the queue retry with backoff; the last failure is kept.
      await this.db.getRepository(UploadedFile).update(fileId, { status: 'failed', error: String((err as Error).message ?? err).slice(0, 500) });
      throw err;
    }
    const coverKey = `covers/${crypto.randomUUID()}.jpg`;
    await this.storage.put(coverKey, content.cover, 'image/jpeg');
    const published = await this.publish(file, draft, content, coverKey);
    if (!published || published.joinedExisting) await this.storage.delete(coverKey).catch(() => undefined);
    if (!published) return;
    this.logger.log({ fileId, pageId: published.pageId, joined: published.joinedExisting, ms: Date.now() - started, generator: this.generator.name }, 'Book generated');
    const event: DataGeneratedEvent = { fileId, userId: file.userId, pageId: published.pageId, joinedExisting: published.joinedExisting };
    this.events.emit(BOOK_EVENTS.dataGenerated, event);
    if (!published.joinedExisting) this.events.emit(BOOK_EVENTS.posted, { pageId: published.pageId, userId: file.userId });
  }

  private subjectWords(draft: BookDraft, content: ExtractedContent): string[] {
    const words = new Set<string>();
    for (const w of searchWords(draft.title)) if (w.length > 1) words.add(w);
    for (const k of content.keywords.slice(0, 12)) for (const w of searchWords(k)) if (w.length > 1) words.add(w);
    return [...words].slice(0, 24);
  }

  /** In one transaction: a new Book, or the file joins a Book of the same subject. */
  private async publish(file: UploadedFile, draft: BookDraft, content: ExtractedContent, coverKey: string): Promise<{ pageId: number; joinedExisting: boolean } | null> {
    const subject = this.subjectWords(draft, content);
    // Outside the transaction: with the embedded database the pool holds a single connection.
    const tagIds = await this.tags.idsByName(draft.language, draft.tags.slice(0, 5));
    return this.db.transaction(async (m) => {
      const [locked] = await m.query(`SELECT page_id, status FROM uploaded_files WHERE id = $1 FOR UPDATE`, [file.id]);
      if (!locked || locked.page_id !== null) return null;
      const existing = await this.sameSubject(m, file, draft.language, subject);
      let pageId: number;
      if (existing) {
        pageId = existing;
      } else {
        const [page] = await m.query(
          `INSERT INTO pages (title, summary, img, language, page_price, goodpoint, badpoint, point1, point2, point3, point4, point5, answer, owner_id, subject_words, search_text)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
          [
            draft.title.slice(0, 100), draft.summary, coverKey, draft.language, file.mydata ? file.price : 0,
            draft.goodpoint, draft.badpoint, draft.point1, draft.point2, draft.point3, draft.point4, draft.point5, draft.answer,
            file.userId, subject.join(' '),
            searchDocument(draft.title, draft.summary, draft.goodpoint, draft.point1, draft.point2, draft.point3, draft.point4, draft.point5, draft.tags.join(' '), content.keywords.join(' ')),
          ],
        );
        pageId = page.id;
        if (tagIds.length) {
          await m.query(`INSERT INTO page_attributes (page_id, attribute_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`, [pageId, tagIds]);
        }
      }
      await m.query(`UPDATE uploaded_files SET page_id = $1, status = 'done', error = NULL, generated_on = now() WHERE id = $2`, [pageId, file.id]);
      return { pageId, joinedExisting: !!existing };
    });
  }

  /**
   * A Book of the same language whose subject words overlap enough, that has room for another
   * file and no file from this uploader yet.
   */
  private async sameSubject(m: EntityManager, file: UploadedFile, language: string, subject: string[]): Promise<number | null> {
    const query = searchQuery(subject.slice(0, 10).join(' '))?.replace(/ & /g, ' | ');
    if (!query) return null;
    const candidates: Array<{ id: number; subject_words: string }> = await m.query(
      `SELECT p.id, p.subject_words FROM pages p
        WHERE p.language = $1 AND p.search_vector @@ to_tsquery('simple', $2)
          AND NOT EXISTS (SELECT 1 FROM uploaded_files f WHERE f.page_id = p.id AND f.user_id = $3)
          AND (SELECT count(*) FROM uploaded_files f WHERE f.page_id = p.id AND f.status = 'done') < ${FILES_PER_PAGE}
        ORDER BY ts_rank(p.search_vector, to_tsquery('simple', $2)) DESC, p.id DESC LIMIT 20`,
      [language, query, file.userId],
    );
    const mine = new Set(subject);
    let best: { id: number; score: number } | null = null;
    for (const c of candidates) {
      const score = jaccard(mine, new Set(c.subject_words.split(' ').filter(Boolean)));
      if (score >= SAME_SUBJECT_MIN_SIMILARITY && (!best || score > best.score)) best = { id: c.id, score };
    }
    return best?.id ?? null;
  }
}
