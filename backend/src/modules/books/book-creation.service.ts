import { Injectable } from '@nestjs/common';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import type { AuthUser } from '../../common/auth/auth-user';
import { EventsService } from '../../common/events/events.service';
import { Msg } from '../../common/http/drf-errors';
import type { Language } from '../../common/i18n/language';
import { searchQuery } from '../../common/search/search-text';
import { Db, type Tx } from '../../database/db';
import { BookAccess } from './book-access.service';
import { BookOwnership } from './book-ownership.service';
import { BookReads } from './book-reads.service';
import { type BookText, type BookTexts, bookTextOf } from './book-text';
import { FILES_PER_BOOK } from './book.packer';
import type { PageResponse } from './dto/page.dto';

const SAME_SUBJECT_MIN_SIMILARITY = 0.5;
/** Titles are varchar(100). */
const TITLE_LENGTH = 100;

/** What the upload pipeline hands over to make a Book: its text in the language of its data, and the rest. */
export interface NewBook extends BookText {
  img: string;
  language: string;
  price: number;
  ownerId: number;
  subjectWords: string[];
  searchText: string;
  tagIds: number[];
  /** The text in both languages (default: the columns' text, in `language` only). */
  texts?: BookTexts;
  /** The main table's column profile and chart (tables only). */
  columnProfile?: unknown;
  /** The main table's first rows (tables only): served only to those who have the Book's files. */
  preview?: unknown;
  /** Made from a file posted to circles: read by their members only (api-contract rule 7). */
  membersOnly?: boolean;
}

/** What the translation job writes of a Book made before both languages. */
export interface BookTranslation {
  language: Language;
  texts: Record<Language, BookText>;
  /** The text of `language`, for the text columns. */
  text: BookText;
  tagIds: number[];
  columnProfile: unknown;
  preview: unknown;
  extraSearch: string;
}

export interface AttachedFile {
  bookId: number;
  fileId: number;
  userId: number;
  title: string;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

/** A JSON value for a jsonb parameter, null kept as SQL NULL. */
function jsonOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/**
 * Making Books and what the upload pipeline writes of them: a new Book from a draft, a file joining
 * a Book on the same subject, the translation and the column labels written later, and the
 * creator's choice to make a members-only Book public.
 */
@Injectable()
export class BookCreation {
  constructor(
    private readonly db: Db,
    private readonly events: EventsService,
    private readonly access: AccessService,
    private readonly bookAccess: BookAccess,
    private readonly ownership: BookOwnership,
    private readonly reads: BookReads,
  ) {}

  /** A new Book from a generated draft, with its tags; in the publishing transaction. */
  async create(book: NewBook, tx: Tx): Promise<number> {
    const made = await this.db.row<{ id: number }>(
      `INSERT INTO pages (title, summary, img, language, page_price, goodpoint, badpoint, point1, point2, point3, point4, point5, answer, owner_id, subject_words, search_text, texts, column_profile, preview, members_only)
       VALUES (:title, :summary, :img, :language, :price, :goodpoint, :badpoint, :point1, :point2, :point3, :point4, :point5, :answer, :owner, :subjectWords, :searchText, :texts::jsonb, :columnProfile::jsonb, :preview::jsonb, :membersOnly) RETURNING id`,
      {
        ...bookTextOf(book),
        title: book.title.slice(0, TITLE_LENGTH),
        img: book.img,
        language: book.language,
        price: book.price,
        owner: book.ownerId,
        subjectWords: book.subjectWords.join(' '),
        searchText: book.searchText,
        texts: JSON.stringify(book.texts ?? { [book.language]: bookTextOf(book) }),
        columnProfile: jsonOrNull(book.columnProfile),
        preview: jsonOrNull(book.preview),
        membersOnly: !!book.membersOnly,
      },
      tx,
    );
    const id = made!.id;
    await this.addTags(id, book.tagIds, tx);
    return id;
  }

  /**
   * A Book made before both languages gets them (the translation job): its texts, the list of its
   * data's language, the columns in that language, the tags of both languages, and its column
   * profile and preview when its file was read. One transaction.
   */
  async storeTranslation(pageId: number, t: BookTranslation): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.db.exec(
        `UPDATE pages SET texts = :texts::jsonb, language = :language, title = :title, summary = :summary, goodpoint = :goodpoint, badpoint = :badpoint, point1 = :point1, point2 = :point2,
                point3 = :point3, point4 = :point4, point5 = :point5, answer = :answer,
                column_profile = coalesce(:columnProfile::jsonb, column_profile), preview = coalesce(:preview::jsonb, preview),
                search_text = CASE WHEN :extraSearch::text = '' THEN search_text ELSE search_text || ' ' || :extraSearch::text END
          WHERE id = :id`,
        {
          ...bookTextOf(t.text),
          id: pageId,
          texts: JSON.stringify(t.texts),
          language: t.language,
          title: t.text.title.slice(0, TITLE_LENGTH),
          // An empty profile or preview (none read) leaves the stored one.
          columnProfile: t.columnProfile ? JSON.stringify(t.columnProfile) : null,
          preview: t.preview ? JSON.stringify(t.preview) : null,
          extraSearch: t.extraSearch,
        },
        tx,
      );
      await this.addTags(pageId, t.tagIds, tx);
    });
  }

  /** The column profile of Book `pageId`'s main table, rewritten (the generation's labelling of profiles stored before labels existed). */
  async storeColumnProfile(pageId: number, profile: unknown): Promise<void> {
    await this.db.exec(`UPDATE pages SET column_profile = :profile::jsonb WHERE id = :id`, { id: pageId, profile: JSON.stringify(profile) });
  }

  /** Records a data file on its Book; its uploader becomes a contributor (an owner). */
  async attachFile(file: AttachedFile, tx: Tx): Promise<void> {
    await this.db.exec(
      `INSERT INTO book_files (file_id, page_id, user_id, title) VALUES (:file, :book, :user, :title) ON CONFLICT (file_id) DO NOTHING`,
      { file: file.fileId, book: file.bookId, user: file.userId, title: file.title.slice(0, TITLE_LENGTH) },
      tx,
    );
    await this.ownership.grantOwnership(file.userId, file.bookId, 'contributor', tx);
  }

  /**
   * A free Book of the same language whose subject words overlap enough, that has room for
   * another file and no file from this uploader yet. Only free Books take files on their own
   * (api-contract rule 4): a similar title and column names are public knowledge, so joining a
   * paid Book would sell it for the price of an upload; that needs its owner's consent. A
   * members-only Book (made from a file posted to circles) takes no outside file (rule 7).
   */
  async sameSubject(language: string, subject: string[], uploaderId: number, tx: Tx): Promise<number | null> {
    const query = searchQuery(subject.slice(0, 10).join(' '))?.replace(/ & /g, ' | ');
    if (!query) return null;
    const candidates = await this.db.rows<{ id: number; subject_words: string }>(
      `SELECT p.id, p.subject_words FROM pages p
        WHERE p.language = :language AND p.page_price = 0 AND NOT p.members_only AND p.moderated_reason IS NULL AND p.search_vector @@ to_tsquery('simple', :query)
          AND NOT EXISTS (SELECT 1 FROM book_files f WHERE f.page_id = p.id AND f.user_id = :uploader)
          AND (SELECT count(*) FROM book_files f WHERE f.page_id = p.id) < ${FILES_PER_BOOK}
        ORDER BY ts_rank(p.search_vector, to_tsquery('simple', :query)) DESC, p.id DESC LIMIT 20`,
      { language, query, uploader: uploaderId },
      tx,
    );
    const mine = new Set(subject);
    let best: { id: number; score: number } | null = null;
    for (const c of candidates) {
      const score = jaccard(mine, new Set(c.subject_words.split(' ').filter(Boolean)));
      if (score >= SAME_SUBJECT_MIN_SIMILARITY && (!best || score > best.score)) best = { id: c.id, score };
    }
    return best?.id ?? null;
  }

  /**
   * monopage/{id}/make-public/: the creator of a members-only Book makes it public (api-contract
   * rule 7: only the uploader chooses so); a Book public already stays as it is. Those who may not
   * read it get 404, readers who did not create it 403.
   */
  async makePublic(viewer: AuthUser, pageId: number): Promise<PageResponse> {
    await this.bookAccess.requireReadable(viewer, [pageId]);
    await this.access.require(viewer, Permission.BookCreator, [pageId], { detail: Msg.bookCreatorOnly });
    await this.db.transaction(async (tx) => {
      const changed = await this.db.exec(`UPDATE pages SET members_only = false WHERE id = :id AND members_only`, { id: pageId }, tx);
      // Now the uploader's followers may hear of it, as of any new public Book (never for one public already).
      if (changed) await this.events.publish('book.posted', { bookId: pageId, userId: viewer.id }, tx);
    });
    return this.reads.info(pageId, viewer);
  }

  /** Tags a Book (in the caller's transaction); tags it has already stay as they are. */
  private async addTags(pageId: number, tagIds: readonly number[], tx: Tx): Promise<void> {
    if (!tagIds.length) return;
    await this.db.exec(
      `INSERT INTO page_attributes (page_id, attribute_id) SELECT :id, unnest(:tags::int[]) ON CONFLICT DO NOTHING`,
      { id: pageId, tags: tagIds },
      tx,
    );
  }
}
