import { Inject, Injectable } from '@nestjs/common';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import { type AudienceLink, Audiences, audienceFields } from '../../common/audiences/audiences';
import type { AuthUser } from '../../common/auth/auth-user';
import { mediaUrl } from '../../storage/media-url';
import { ProfilePacker } from '../profiles/profile.packer';
import type { PageFile, PageResponse } from './dto/page.dto';
import { Sql } from '../../database/sql';
import { currentRequestLanguage } from '../../common/http/request-origin';

/** Columns of `pages` that a Book response is made from. */
export const BOOK_COLUMNS = `p.id, p.title, p.summary, p.img, p.language, p.page_price, p.goodpoint, p.badpoint,
  p.point1, p.point2, p.point3, p.point4, p.point5, p.answer, p.owner_id, p.created_on, p.post_count, p.rating_sum, p.rating_count, p.texts`;

export interface BookRow {
  id: number;
  title: string;
  summary: string;
  img: string | null;
  language: string;
  page_price: number;
  goodpoint: string;
  badpoint: string;
  point1: string;
  point2: string;
  point3: string;
  point4: string;
  point5: string;
  answer: string;
  owner_id: number | null;
  created_on: Date;
  /** Posts about the Book (reviews and other posts, not reposts or circle posts). */
  post_count: number;
  /** Sum and number of the review ratings (percent, 5–100): rating = round(sum / count). */
  rating_sum: number;
  rating_count: number;
  /** The text per language ({"ja": {title, …}, "en": {…}}); absent from rows read without it. */
  texts?: Partial<Record<string, Partial<Record<TextField, string>>>> | null;
}

const TEXT_FIELDS = ['title', 'summary', 'goodpoint', 'badpoint', 'point1', 'point2', 'point3', 'point4', 'point5', 'answer'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/**
 * The reader's language: the account's for a signed-in reader, else the UI language the client
 * sends (Accept-Language); undefined leaves each Book in the language of its data.
 */
export function readerLanguage(viewer?: AuthUser): 'ja' | 'en' | undefined {
  if (viewer?.language === 'ja' || viewer?.language === 'en') return viewer.language;
  return currentRequestLanguage();
}

/** A Book row's text in the reader's language (the row's own text when that language is missing). */
export function inLanguage<T extends Pick<BookRow, TextField | 'texts'>>(row: T, language: 'ja' | 'en' | undefined): T {
  const text = language ? row.texts?.[language] : undefined;
  if (!text || typeof text.title !== 'string' || !text.title) return row;
  const out = { ...row };
  for (const k of TEXT_FIELDS) if (typeof text[k] === 'string') out[k] = text[k];
  return out;
}

export const FILES_PER_BOOK = 3;

/**
 * The books module's part of `Permission.BookFiles` (contributed by BooksService as FILES_RULE):
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
    private readonly db: Sql,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly profiles: ProfilePacker,
    private readonly access: AccessService,
    private readonly audiences: Audiences,
  ) {}

  async pack(rows: BookRow[], viewer?: AuthUser): Promise<PageResponse[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [stats, files] = await Promise.all([
      this.db.query(
        `SELECT p.id,
           (SELECT coalesce(sum(d.views), 0) FROM page_view_days d WHERE d.page_id = p.id AND d.day > CURRENT_DATE - 30)::int AS monthly_views,
           coalesce(c.male, 0) AS male, coalesce(c.female, 0) AS female,
           EXISTS (SELECT 1 FROM page_owners o WHERE o.page_id = p.id AND o.user_id = $2) AS owned
         FROM pages p LEFT JOIN page_follower_counts c ON c.page_id = p.id WHERE p.id = ANY($1::int[])`,
        [ids, viewer?.id ?? 0],
      ) as Promise<Array<{ id: number; monthly_views: number; male: number; female: number; owned: boolean }>>,
      this.db.query(
        `SELECT file_id, page_id, title, ${this.audiences.linksSql('file', 'x.file_id')} AS links, user_id FROM (
           SELECT f.*, row_number() OVER (PARTITION BY f.page_id ORDER BY f.created_on, f.file_id) AS n
             FROM book_files f WHERE f.page_id = ANY($1::int[])) x
          WHERE x.n <= ${FILES_PER_BOOK} ORDER BY page_id, n`,
        [ids],
      ) as Promise<Array<{ file_id: number; page_id: number; title: string; links: AudienceLink[] | null; user_id: number }>>,
    ]);
    const statsById = new Map(stats.map((s) => [s.id, s]));
    const [people, filesAllowed] = await Promise.all([
      this.profiles.summaries(files.map((f) => f.user_id)),
      this.access.check(viewer, Permission.BookFiles, ids, {
        known: { by: FILES_RULE, granted: rows.filter((r) => mayHaveFiles(r, !!statsById.get(r.id)?.owned)).map((r) => r.id) },
      }),
    ]);
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
      };
    });
  }
}
