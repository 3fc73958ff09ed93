import { Inject, Injectable } from '@nestjs/common';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import { type AudienceLink, Audiences, audienceFields } from '../../common/audiences/audiences';
import type { AuthUser } from '../../common/auth/auth-user';
import { mediaUrl } from '../../storage/media-url';
import { ProfilePacker, type EmbeddedProfile, type ProfileSummary } from '../profiles/profile.packer';
import type { BookColumnProfile, ColumnProfileEntry, PageFile, PageResponse } from './dto/page.dto';
import { Db } from '../../database/db';
import { currentRequestLanguage } from '../../common/http/request-origin';
import type { Language } from '../../common/i18n/language';
import { BookSql } from './book-sql';
import { BOOK_TEXT_FIELDS, type BookText, type BookTextField } from './book-text';

/** Columns of `pages` that a Book response is made from. */
export const BOOK_COLUMNS = `p.id, p.title, p.summary, p.img, p.language, p.page_price, p.goodpoint, p.badpoint,
  p.point1, p.point2, p.point3, p.point4, p.point5, p.answer, p.owner_id, p.created_on, p.post_count, p.rating_sum, p.rating_count, p.texts, p.members_only, p.moderated_reason`;

/** A row of BOOK_COLUMNS: the text columns hold the text in the language of the Book's data. */
export interface BookRow extends BookText {
  id: number;
  img: string | null;
  language: string;
  page_price: number;
  owner_id: number | null;
  created_on: Date;
  /** Posts about the Book (reviews and other posts, not reposts or circle posts). */
  post_count: number;
  /** Sum and number of the review ratings (percent, 5–100): rating = round(sum / count). */
  rating_sum: number;
  rating_count: number;
  /** Made from a file posted to circles and not made public (BookSql.readableSql). */
  members_only: boolean;
  /** Set while a moderator's hide holds: the reason (only the creator reads such a Book). */
  moderated_reason?: string | null;
  /** The text per language ({"ja": {title, …}, "en": {…}}); absent from rows read without it. */
  texts?: Partial<Record<string, Partial<BookText>>> | null;
}

/**
 * The reader's language: the account's for a signed-in reader, else the UI language the client
 * sends (Accept-Language); undefined leaves each Book in the language of its data.
 */
export function readerLanguage(viewer?: AuthUser): Language | undefined {
  if (viewer?.language === 'ja' || viewer?.language === 'en') return viewer.language;
  return currentRequestLanguage();
}

type StoredColumn = Omit<ColumnProfileEntry, 'label'> & { label?: Partial<Record<string, string>> };

/**
 * A stored column profile as a reader gets it: each column's label in the reader's language
 * (absent when it has none there, or it is the name itself), without the stored labels of the
 * other language or the backfill's mark.
 */
export function profileInLanguage(
  stored: (Omit<BookColumnProfile, 'columns'> & { columns: StoredColumn[]; labelled?: boolean }) | null,
  language: Language,
): BookColumnProfile | null {
  if (!stored || !Array.isArray(stored.columns)) return stored as BookColumnProfile | null;
  const rest: Omit<typeof stored, 'labelled'> & { labelled?: boolean } = { ...stored };
  delete rest.labelled;
  return {
    ...rest,
    columns: stored.columns.map(({ label, ...column }) => {
      const text = label && typeof label === 'object' ? label[language] : undefined;
      return typeof text === 'string' && text && text !== column.name ? { ...column, label: text } : column;
    }),
  };
}

/** A Book row's text in the reader's language (the row's own text when that language is missing). */
export function inLanguage<T extends Pick<BookRow, BookTextField | 'texts'>>(row: T, language: Language | undefined): T {
  const text = language ? row.texts?.[language] : undefined;
  if (!text || typeof text.title !== 'string' || !text.title) return row;
  const out = { ...row };
  for (const k of BOOK_TEXT_FIELDS) if (typeof text[k] === 'string') out[k] = text[k];
  return out;
}

export const FILES_PER_BOOK = 3;

interface BookStats {
  id: number;
  monthly_views: number;
  male: number;
  female: number;
  owned: boolean;
}

interface FileRow {
  file_id: number;
  page_id: number;
  title: string;
  /** The file's circles (the audiences' owner's SQL). */
  links: AudienceLink[] | null;
  user_id: number;
}

/** What `BookPacker.rowJsonSql` selects: the row, its statistics, and its first files with their contributors. */
export interface EmbeddedBook extends BookRow, BookStats {
  files: Array<FileRow & { profile: EmbeddedProfile | null }>;
}

/**
 * The books module's part of `Permission.BookFiles` (contributed by BookAccess as FILES_RULE):
 * a Book's files, and its paid parts (badpoint, answer), are for its owners (buyers, claimers,
 * contributors) and, for a free Book, for anyone. The packer applies it to the rows it has in
 * hand and asks AccessService only the other modules' parts, for the Books it did not grant.
 */
export const mayHaveFiles = (book: { page_price: number }, owned: boolean): boolean => book.page_price === 0 || owned;
export const FILES_RULE = 'books.free-or-owner';

/**
 * Turns a page of Book rows into responses in three statements whatever the page size: the
 * stored statistics (follower counts by sex, the last 30 days' view counters) and the viewer's
 * ownership (which, with the price, decides through `mayHaveFiles` whether the paid parts are
 * shown), the first files, and their contributors' profiles. Other modules' parts of BookFiles
 * (none today) add one statement each, for the Books still refused only.
 */
@Injectable()
export class BookPacker {
  constructor(
    private readonly db: Db,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly profiles: ProfilePacker,
    private readonly access: AccessService,
    private readonly audiences: Audiences,
    private readonly bookSql: BookSql,
  ) {}

  /**
   * SQL of Book `idSql` packed as one JSON value for viewer `viewerSql` (an int, null for a
   * visitor): its row (created_on as ISO text), the stored statistics, the viewer's ownership
   * and the first files with their contributors' profiles; null when there is no such Book. A
   * list of another module embeds it in its own statement (the feeds: one statement for the posts
   * and their Books) and reads it back with `packEmbedded`. The tables stay this module's.
   */
  rowJsonSql(idSql: string, viewerSql: string): string {
    return `(SELECT ${this.jsonObjectSql(viewerSql)} FROM pages bk LEFT JOIN page_follower_counts bkc ON bkc.page_id = bk.id
              WHERE bk.id = ${idSql} AND ${this.bookSql.readableSql('bk', viewerSql)})`;
  }

  /**
   * SQL of a whole list of Books packed for viewer `viewerSql` in one statement: `listSql` selects
   * BOOK_COLUMNS (aliased `p`) in the list's order (its ORDER BY, LIMIT, OFFSET); each row becomes
   * one JSON value `book` as `rowJsonSql` makes it, in that order. Read back with `packList`.
   */
  listJsonSql(listSql: string, viewerSql: string): string {
    return `SELECT ${this.jsonObjectSql(viewerSql)} AS book
      FROM (SELECT l.*, row_number() OVER () AS bk_ord FROM (${listSql}) l) bk LEFT JOIN page_follower_counts bkc ON bkc.page_id = bk.id
     ORDER BY bk.bk_ord`;
  }

  /** The JSON of Book row `bk` (with its follower counts `bkc`) for viewer `viewerSql`. */
  private jsonObjectSql(viewerSql: string): string {
    return `json_build_object(
        'id', bk.id, 'title', bk.title, 'summary', bk.summary, 'img', bk.img, 'language', bk.language, 'page_price', bk.page_price,
        'goodpoint', bk.goodpoint, 'badpoint', bk.badpoint, 'point1', bk.point1, 'point2', bk.point2, 'point3', bk.point3,
        'point4', bk.point4, 'point5', bk.point5, 'answer', bk.answer, 'owner_id', bk.owner_id,
        'created_on', to_char(bk.created_on AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'post_count', bk.post_count, 'rating_sum', bk.rating_sum, 'rating_count', bk.rating_count, 'texts', bk.texts,
        'members_only', bk.members_only, 'moderated_reason', bk.moderated_reason,
        'monthly_views', (SELECT coalesce(sum(bkd.views), 0) FROM page_view_days bkd WHERE bkd.page_id = bk.id AND bkd.day > CURRENT_DATE - 30)::int,
        'male', coalesce(bkc.male, 0), 'female', coalesce(bkc.female, 0),
        'owned', EXISTS (SELECT 1 FROM page_owners bko WHERE bko.page_id = bk.id AND bko.user_id = coalesce(${viewerSql}, 0)),
        'files', coalesce((SELECT json_agg(json_build_object('file_id', bkf.file_id, 'page_id', bkf.page_id, 'title', bkf.title,
                   'links', ${this.audiences.linksSql('file', 'bkf.file_id')}, 'user_id', bkf.user_id, 'profile', ${this.profiles.summaryJsonSql('bkf.user_id')})
                   ORDER BY bkf.created_on, bkf.file_id)
              FROM (SELECT * FROM book_files f WHERE f.page_id = bk.id ORDER BY f.created_on, f.file_id LIMIT ${FILES_PER_BOOK}) bkf), '[]'::json))`;
  }

  /** Books from what `listJsonSql` selected, packed, in its order. No statement unless another module contributes to BookFiles. */
  async packList(embedded: EmbeddedBook[], viewer?: AuthUser): Promise<PageResponse[]> {
    if (embedded.length === 0) return [];
    const files = embedded.flatMap((b) => b.files);
    const people = new Map<number, ProfileSummary>();
    for (const f of files) {
      const person = this.profiles.fromJson(f.profile);
      if (person) people.set(f.user_id, person);
    }
    return this.build(embedded, new Map(embedded.map((b) => [b.id, b])), files, people, viewer);
  }

  /** Books from what `rowJsonSql` selected (each Book once), by id. No statement unless another module contributes to BookFiles. */
  async packEmbedded(embedded: EmbeddedBook[], viewer?: AuthUser): Promise<Map<number, PageResponse>> {
    const packed = await this.packList([...new Map(embedded.map((b) => [b.id, b])).values()], viewer);
    return new Map(packed.map((b) => [b.id, b]));
  }

  async pack(rows: BookRow[], viewer?: AuthUser): Promise<PageResponse[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [stats, files] = await Promise.all([
      this.db.rows<BookStats>(
        `SELECT p.id,
           (SELECT coalesce(sum(d.views), 0) FROM page_view_days d WHERE d.page_id = p.id AND d.day > CURRENT_DATE - 30)::int AS monthly_views,
           coalesce(c.male, 0) AS male, coalesce(c.female, 0) AS female,
           EXISTS (SELECT 1 FROM page_owners o WHERE o.page_id = p.id AND o.user_id = :viewer) AS owned
         FROM pages p LEFT JOIN page_follower_counts c ON c.page_id = p.id WHERE p.id = ANY(:ids::int[])`,
        { ids, viewer: viewer?.id ?? 0 },
      ),
      this.db.rows<FileRow>(
        `SELECT file_id, page_id, title, ${this.audiences.linksSql('file', 'x.file_id')} AS links, user_id FROM (
           SELECT f.*, row_number() OVER (PARTITION BY f.page_id ORDER BY f.created_on, f.file_id) AS n
             FROM book_files f WHERE f.page_id = ANY(:ids::int[])) x
          WHERE x.n <= ${FILES_PER_BOOK} ORDER BY page_id, n`,
        { ids },
      ),
    ]);
    const people = await this.profiles.summaries(files.map((f) => f.user_id));
    return this.build(rows, new Map(stats.map((s) => [s.id, s])), files, people, viewer);
  }

  private async build(
    rows: BookRow[],
    statsById: Map<number, BookStats>,
    files: FileRow[],
    people: Map<number, ProfileSummary>,
    viewer?: AuthUser,
  ): Promise<PageResponse[]> {
    const ids = rows.map((r) => r.id);
    const filesAllowed = await this.access.check(viewer, Permission.BookFiles, ids, {
      known: { by: FILES_RULE, granted: rows.filter((r) => mayHaveFiles(r, !!statsById.get(r.id)?.owned)).map((r) => r.id) },
    });
    const filesByBook = new Map<number, PageFile[]>();
    for (const f of files) {
      const person = people.get(f.user_id);
      const list = filesByBook.get(f.page_id) ?? [];
      list.push({
        id: f.file_id,
        title: f.title,
        profile: { id: person?.id ?? null, userId: f.user_id, img: person?.img ?? null, nickName: person?.nickName ?? null },
        ...audienceFields(f.links),
      });
      filesByBook.set(f.page_id, list);
    }
    const { config } = this.options;
    const language = readerLanguage(viewer);
    return rows.map((stored) => {
      const row = inLanguage(stored, language);
      const s = statsById.get(row.id);
      const paidPartsVisible = filesAllowed.has(row.id);
      return {
        id: row.id,
        title: row.title,
        summary: row.summary,
        img: mediaUrl(config, row.img),
        created_on: new Date(row.created_on).toISOString(),
        page_price: row.page_price,
        rating: row.rating_count > 0 ? Math.round(row.rating_sum / row.rating_count) : 0,
        is_owned: !!s?.owned,
        goodpoint: row.goodpoint,
        badpoint: paidPartsVisible ? row.badpoint : '',
        point1: row.point1,
        point2: row.point2,
        point3: row.point3,
        point4: row.point4,
        point5: row.point5,
        answer: paidPartsVisible ? row.answer : '',
        post_count: row.post_count,
        monthly_views: s?.monthly_views ?? 0,
        gender_count: { male: s?.male ?? 0, female: s?.female ?? 0 },
        files: filesByBook.get(row.id) ?? [],
        language: row.language,
        members_only: !!row.members_only,
        moderated_reason: row.moderated_reason ?? null,
      };
    });
  }
}
