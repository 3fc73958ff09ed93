import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import * as crypto from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import type { AuthUser } from '../../common/auth/auth-user';
import { Signer } from '../../common/crypto/signer';
import { EventsService } from '../../common/events/events.service';
import { subscribeModeratedRows } from '../safety/moderated-rows';
import { DrfDetailError, DrfValidationError, Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import { type PageWindow, pageSql } from '../../common/http/paging';
import { searchQuery } from '../../common/search/search-text';
import { ProfilesService } from '../profiles/profiles.service';
import { KIND_TAGS } from '../tags/tag-seed';
import { BOOK_COLUMNS as COLUMNS, BookPacker, type BookRow, type EmbeddedBook, FILES_PER_BOOK, FILES_RULE, mayHaveFiles, profileInLanguage, readerLanguage } from './book.packer';
import type { PagePreviewResponse, PageResponse, PageStatusResponse } from './dto/page.dto';
import { Db } from '../../database/db';
import { Sql } from '../../database/sql';

export const RELATED_PAGES = 5;
/** Tags of a kind of file rather than a subject (the generator's fallback tags): they relate no Books. */
const KIND_TAG_NAMES = Object.values(KIND_TAGS).flatMap((t) => [t.ja, t.en]);
export const FILES_PER_PAGE = FILES_PER_BOOK;
const TICKET_PURPOSE = 'own-page';
export const ALREADY_FOLLOWED = Msg.alreadyFollowed;
const SAME_SUBJECT_MIN_SIMILARITY = 0.5;
/** The books module's first part of Permission.BookRead: a Book not members-only. */
const READ_PUBLIC_RULE = 'books.public';

export type OwnershipSource = 'free' | 'contributor' | 'purchase';

/** What the upload pipeline hands over to make a Book. */
export interface NewBook {
  title: string;
  summary: string;
  img: string;
  language: string;
  price: number;
  goodpoint: string;
  badpoint: string;
  point1: string;
  point2: string;
  point3: string;
  point4: string;
  point5: string;
  answer: string;
  ownerId: number;
  subjectWords: string[];
  searchText: string;
  tagIds: number[];
  /** The text in both languages (default: the columns' text, in `language` only). */
  texts?: Partial<Record<'ja' | 'en', BookText>>;
  /** The main table's column profile and chart (tables only). */
  columnProfile?: unknown;
  /** The main table's first rows (tables only): served only to those who have the Book's files. */
  preview?: unknown;
  /** Made from a file posted to circles: read by their members only (api-contract rule 7). */
  membersOnly?: boolean;
}

/** A Book's text in one language (stored per language in pages.texts). */
export interface BookText {
  title: string;
  summary: string;
  goodpoint: string;
  badpoint: string;
  point1: string;
  point2: string;
  point3: string;
  point4: string;
  point5: string;
  answer: string;
}

export interface AttachedFile {
  bookId: number;
  fileId: number;
  userId: number;
  title: string;
}

const TEXT_FIELDS = ['title', 'summary', 'goodpoint', 'badpoint', 'point1', 'point2', 'point3', 'point4', 'point5', 'answer'] as const;

function textOf(b: BookText): BookText {
  return Object.fromEntries(TEXT_FIELDS.map((k) => [k, b[k]])) as unknown as BookText;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * SQL of when Book `alias` last changed as a page: made, or a data file added to it (the files
 * shown, not the hidden ones of a leaving user). get-page-info's `modified_on` and the sitemap's
 * `lastmod`.
 */
export function bookLastModifiedSql(alias: string): string {
  return `greatest(${alias}.created_on, (SELECT max(lm.created_on) FROM book_files lm WHERE lm.page_id = ${alias}.id AND NOT lm.hidden))`;
}

/**
 * Books (the wire's "pages"). Owns pages, page_owners, page_follows, page_follower_counts,
 * page_views, page_view_days, page_attributes and book_files: every other module reads or changes a Book through this service or BookPacker.
 */
@Injectable()
export class BooksService {
  /** A Book's tag names in a language (the tags module's, registered with `provideTagNames`). */
  private tagNames?: (pageId: number, language: 'ja' | 'en', viewer?: AuthUser) => Promise<string[]>;
  /** The media types of uploaded files (the uploads module's, registered with `provideFileFormats`). */
  private fileFormats?: (fileIds: number[]) => Promise<string[]>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sql: Sql,
    private readonly signer: Signer,
    private readonly events: EventsService,
    private readonly access: AccessService,
    private readonly packer: BookPacker,
    private readonly profiles: ProfilesService,
    database: Db,
  ) {
    // Anyone may have a price-0 Book's files, and its owners (buyers, free claimers, contributors)
    // any Book's: the rule BookPacker applies to rows in hand (`mayHaveFiles`).
    access.contribute(Permission.BookFiles, FILES_RULE, async (viewer, ids, tx) => {
      const rows: Array<{ id: number; page_price: number; owned: boolean }> = await this.read(
        `SELECT p.id, p.page_price, EXISTS (SELECT 1 FROM page_owners o WHERE o.page_id = p.id AND o.user_id = $2) AS owned
           FROM pages p WHERE p.id = ANY($1::int[])`,
        [ids, viewer?.id ?? 0],
        tx,
      );
      return rows.filter((r) => mayHaveFiles(r, r.owned)).map((r) => r.id);
    });
    // Reading a Book at all (Permission.BookRead; refused as 404): a Book not members-only is for
    // everyone; a members-only Book for its creator and owners here, and for the members of its
    // circles (the circles module's part). The lists apply the same rule as SQL (readableSql).
    access.contribute(Permission.BookRead, READ_PUBLIC_RULE, async (_viewer, ids, tx) =>
      (await this.read<{ id: number }>(`SELECT id FROM pages WHERE id = ANY($1::int[]) AND NOT members_only`, [ids], tx)).map((r) => r.id),
    );
    access.contribute(Permission.BookRead, 'books.owner', async (viewer, ids, tx) =>
      viewer
        ? (
            await this.read<{ id: number }>(
              `SELECT p.id FROM pages p WHERE p.id = ANY($1::int[])
                 AND (p.owner_id = $2 OR EXISTS (SELECT 1 FROM page_owners o WHERE o.page_id = p.id AND o.user_id = $2))`,
              [ids, viewer.id],
              tx,
            )
          ).map((r) => r.id)
        : [],
    );
    // Making a members-only Book public: its creator (the uploader whose file made it).
    access.contribute(Permission.BookCreator, 'books.creator', async (viewer, ids, tx) =>
      viewer ? (await this.read<{ id: number }>(`SELECT id FROM pages WHERE id = ANY($1::int[]) AND owner_id = $2`, [ids, viewer.id], tx)).map((r) => r.id) : [],
    );
    // Taking a Book without paying: a price-0 Book, or one the viewer contributed a file to.
    access.contribute(Permission.BookClaim, 'books.free', async (_viewer, ids, tx) =>
      (await this.read<{ id: number }>(`SELECT id FROM pages WHERE id = ANY($1::int[]) AND page_price = 0`, [ids], tx)).map((r) => r.id),
    );
    access.contribute(Permission.BookClaim, 'books.contributor', async (viewer, ids, tx) =>
      viewer
        ? (await this.read<{ id: number }>(`SELECT DISTINCT page_id AS id FROM book_files WHERE page_id = ANY($1::int[]) AND user_id = $2`, [ids, viewer.id], tx)).map((r) => r.id)
        : [],
    );
    events.subscribe('profile.updated', 'books-follower-sex', ({ userId, sex }) => this.moveFollowerSex(userId, sex));
    // Leaving the site (domain-events.ts).
    events.subscribe('account.deletion_requested', 'books', ({ userId }) => this.db.transaction((tx) => this.hideOfUser(userId, tx)));
    events.subscribe('account.deleted', 'books', ({ userId }) => this.deleteOfUser(userId));
    // A moderator's hide (or a suspension of its creator) makes a Book its creator's alone (books.moderated).
    subscribeModeratedRows(events, database, { subscriber: 'books', table: 'pages', targetType: 'page', ownerColumn: 'owner_id' });
    // A Book a moderator hid is its creator's alone, whatever else lets a reader have it (owners,
    // circle members): the lists apply the same rule as SQL (readableSql).
    access.withhold(Permission.BookRead, 'books.moderated', async (viewer, ids, tx) =>
      (
        await this.read<{ id: number }>(
          `SELECT id FROM pages WHERE id = ANY($1::int[]) AND moderated_reason IS NOT NULL AND owner_id IS DISTINCT FROM $2::int`,
          [ids, viewer?.id ?? null],
          tx,
        )
      ).map((r) => r.id),
    );
  }

  /**
   * SQL (one column, user ids) of a Book's data owners: the users whose files it holds (not
   * hidden). For an `INSERT … SELECT` of another module (notifications); `param` is the Book id's
   * placeholder.
   */
  dataOwnersSql(param: string): string {
    return `SELECT DISTINCT bf.user_id FROM book_files bf WHERE bf.page_id = ${param} AND NOT bf.hidden`;
  }

  /** SQL (one column, user ids) of a Book's followers (not hidden), as `dataOwnersSql`. */
  followersSql(param: string): string {
    return `SELECT pf.user_id FROM page_follows pf WHERE pf.page_id = ${param} AND NOT pf.hidden`;
  }

  private async read<T>(sql: string, params: unknown[], tx?: EntityManager): Promise<T[]> {
    return tx ? tx.query(sql, params) : this.sql.query<T>(sql, params);
  }

  /**
   * A follower's sex changed: their follows move to the new sex and each Book's follower counts
   * with them, in one statement (idempotent: follows already of that sex are left alone).
   */
  private async moveFollowerSex(userId: number, sex: string): Promise<void> {
    await this.db.query(
      `WITH old AS (SELECT id, page_id, follower_sex FROM page_follows WHERE user_id = $1 AND follower_sex <> $2 AND NOT hidden FOR UPDATE),
       moved AS (UPDATE page_follows f SET follower_sex = $2 FROM old WHERE f.id = old.id RETURNING old.page_id, old.follower_sex AS was)
       INSERT INTO page_follower_counts AS c (page_id, male, female)
       SELECT page_id, (CASE WHEN $2 = '1' THEN 1 ELSE 0 END) - (CASE WHEN was = '1' THEN 1 ELSE 0 END),
                       (CASE WHEN $2 = '3' THEN 1 ELSE 0 END) - (CASE WHEN was = '3' THEN 1 ELSE 0 END)
         FROM moved WHERE $2 IN ('1', '3') OR was IN ('1', '3')
       ON CONFLICT (page_id) DO UPDATE SET male = c.male + EXCLUDED.male, female = c.female + EXCLUDED.female`,
      [userId, sex],
    );
  }

  /** A follow of a known sex came (+1) or went (-1): the Book's stored follower counts, in the same transaction. */
  private async countFollower(pageId: number, sex: string, delta: 1 | -1, tx: EntityManager): Promise<void> {
    if (sex !== '1' && sex !== '3') return;
    await tx.query(
      `INSERT INTO page_follower_counts AS c (page_id, male, female) VALUES ($1, CASE WHEN $2 = '1' THEN $3 ELSE 0 END, CASE WHEN $2 = '3' THEN $3 ELSE 0 END)
       ON CONFLICT (page_id) DO UPDATE SET male = c.male + EXCLUDED.male, female = c.female + EXCLUDED.female`,
      [pageId, sex, delta],
    );
  }

  /**
   * Removes every follow of a user (an account leaving), with the follower counts of the Books
   * concerned, in the caller's transaction. Idempotent.
   */
  async removeFollowsOf(userId: number, tx: EntityManager): Promise<void> {
    await tx.query(
      `WITH gone AS (DELETE FROM page_follows WHERE user_id = $1 RETURNING page_id, follower_sex, hidden)
       UPDATE page_follower_counts c SET male = c.male - (g.follower_sex = '1')::int, female = c.female - (g.follower_sex = '3')::int
         FROM gone g WHERE c.page_id = g.page_id AND g.follower_sex IN ('1', '3') AND NOT g.hidden`,
      [userId],
    );
  }

  /**
   * `account.deletion_requested`: the user's Book follows leave the Books' follower counts and
   * their files leave the list of Books with their files (the Book itself still lists the file,
   * without a profile, until the purge). Only rows not hidden yet change: redelivery changes nothing.
   */
  async hideOfUser(userId: number, tx: EntityManager): Promise<void> {
    // A user follows a Book once: each hidden follow takes one from its Book's stored count.
    await tx.query(
      `WITH hid AS (UPDATE page_follows SET hidden = true WHERE user_id = $1 AND NOT hidden RETURNING page_id, follower_sex)
       UPDATE page_follower_counts c SET male = c.male - (h.follower_sex = '1')::int, female = c.female - (h.follower_sex = '3')::int
         FROM hid h WHERE c.page_id = h.page_id AND h.follower_sex IN ('1', '3')`,
      [userId],
    );
    await tx.query(`UPDATE book_files SET hidden = true WHERE user_id = $1 AND NOT hidden`, [userId]);
  }

  /** `account.deleted`: the user's follows, ownerships and files of Books go; the Books they made stay, without an owner. */
  async deleteOfUser(userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.hideOfUser(userId, tx);
      await this.removeFollowsOf(userId, tx);
      await tx.query(`DELETE FROM page_owners WHERE user_id = $1`, [userId]);
      await tx.query(`DELETE FROM book_files WHERE user_id = $1`, [userId]);
      await tx.query(`UPDATE pages SET owner_id = NULL WHERE owner_id = $1`, [userId]);
    });
  }

  pack(rows: BookRow[], viewer?: AuthUser): Promise<PageResponse[]> {
    return this.packer.pack(rows, viewer);
  }

  /**
   * A list of Books in one statement: `sql` selects COLUMNS (aliased `p`) in the list's order over
   * `params`; the packer's JSON of each row (statistics, ownership, first files and their
   * contributors) is made in the same statement, the viewer's id its last parameter (none for a visitor).
   */
  private async packQuery(sql: (readable: string) => string, params: unknown[], viewer?: AuthUser): Promise<PageResponse[]> {
    // A visitor's statement says NULL (no parameter): the same plan serves every execution (see FeedsService.list).
    const viewerSql = viewer ? `$${params.length + 1}::int` : 'NULL::int';
    const rows: Array<{ book: EmbeddedBook }> = await this.sql.query(
      this.packer.listJsonSql(sql(this.readableSql('p', viewerSql)), viewerSql),
      viewer ? [...params, viewer.id] : params,
    );
    return this.packer.packList(rows.map((r) => r.book), viewer);
  }

  /**
   * The one visibility fragment of Book lists (Permission.BookRead as SQL, see BookPacker.readableSql):
   * every list of Books selects only rows `alias` for which it holds.
   */
  readableSql(alias: string, viewerSql: string): string {
    return this.packer.readableSql(alias, viewerSql);
  }

  /**
   * Refuses (404: a members-only Book's existence must not leak) unless the viewer may read every
   * Book of `ids` (Permission.BookRead); an unknown Book is refused the same way. `publicIds`: the
   * ids the caller knows from rows in hand not to be members-only, `unmoderatedIds` not hidden by
   * a moderator (no statement for them).
   */
  async requireReadable(viewer: AuthUser | undefined, ids: readonly number[], opts: { publicIds?: number[]; unmoderatedIds?: number[]; tx?: EntityManager } = {}): Promise<void> {
    await this.access.require(viewer, Permission.BookRead, ids, {
      refuse: 'not-found',
      tx: opts.tx,
      known: opts.publicIds ? { by: READ_PUBLIC_RULE, granted: opts.publicIds } : undefined,
      clear: opts.unmoderatedIds,
    });
  }

  /** Whether the viewer may read Book `pageId` (Permission.BookRead; false for an unknown Book). */
  async mayRead(viewer: AuthUser | undefined, pageId: number): Promise<boolean> {
    return (await this.access.check(viewer, Permission.BookRead, [pageId])).has(pageId);
  }

  /** A boolean SQL expression for another module's list statement: Book `idSql` exists and viewer `viewerSql` may read it (readableSql). */
  bookReadableSql(idSql: string, viewerSql: string): string {
    return `EXISTS (SELECT 1 FROM pages rb WHERE rb.id = ${idSql} AND ${this.readableSql('rb', viewerSql)})`;
  }

  async info(pageId: number, viewer?: AuthUser): Promise<PageResponse> {
    const rows: Array<BookRow & { column_profile: Parameters<typeof profileInLanguage>[0]; modified_on: Date }> = await this.sql.query(
      `SELECT ${COLUMNS}, p.column_profile, ${bookLastModifiedSql('p')} AS modified_on FROM pages p WHERE p.id = $1`,
      [pageId],
    );
    if (!rows.length) throw notFound();
    await this.requireReadable(viewer, [pageId], { publicIds: rows[0].members_only ? [] : [pageId], unmoderatedIds: rows[0].moderated_reason ? [] : [pageId] });
    const [page] = await this.pack(rows, viewer);
    if (!page) throw notFound();
    if (page.members_only) page.can_make_public = !!viewer && rows[0].owner_id === viewer.id;
    const language = readerLanguage(viewer) ?? (page.language === 'en' ? 'en' : 'ja');
    page.column_profile = profileInLanguage(rows[0].column_profile ?? null, language);
    // For crawlers (the page's schema.org Dataset): its tags, when it last changed, its files' formats.
    page.modified_on = new Date(rows[0].modified_on).toISOString();
    const [tags, formats] = await Promise.all([this.tagNames?.(pageId, language, viewer), this.fileFormats?.(page.files.map((f) => f.id))]);
    if (tags) page.tags = tags;
    if (formats) page.file_formats = formats;
    // The ticket that lets a viewer take a free Book (contributors and buyers own it already).
    if (viewer && page.page_price === 0) page.encrypted_pageId = this.signer.sign(TICKET_PURPOSE, `${pageId}:${viewer.id}`, 3600);
    return page;
  }

  /**
   * The first rows of the Book's main table, for whoever has its files (Permission.BookFiles: a
   * free Book, or its owners); a visitor is asked to sign in (401), anyone else refused (403).
   */
  async preview(pageId: number, viewer?: AuthUser): Promise<PagePreviewResponse> {
    const [row]: Array<{ preview: PagePreviewResponse | null }> = await this.sql.query(`SELECT preview FROM pages WHERE id = $1`, [pageId]);
    if (!row) throw notFound();
    await this.requireReadable(viewer, [pageId]);
    await this.access.require(viewer, Permission.BookFiles, [pageId], { detail: Msg.buyToDownload });
    return row.preview ?? { sheet: '', columns: [], rows: [] };
  }

  /** The tags module tells get-page-info a Book's tag names (it owns `attributes`; it depends on this module). */
  provideTagNames(names: (pageId: number, language: 'ja' | 'en', viewer?: AuthUser) => Promise<string[]>): void {
    this.tagNames = names;
  }

  /** The uploads module tells get-page-info its files' formats (it owns `uploaded_files`; it depends on this module). */
  provideFileFormats(formats: (fileIds: number[]) => Promise<string[]>): void {
    this.fileFormats = formats;
  }

  /**
   * Public Books for the sitemap, by id from `afterId` (exclusive) to `lastId` (inclusive), at most
   * `limit`, with when each last changed (`bookLastModifiedSql`): keyset pages of the primary key.
   */
  sitemapRows(afterId: number, lastId: number, limit: number): Promise<Array<{ id: number; lastmod: Date }>> {
    return this.sql.query(
      `SELECT p.id, ${bookLastModifiedSql('p')} AS lastmod FROM pages p
        WHERE p.id > $1 AND p.id <= $2 AND ${this.readableSql('p', 'NULL::int')} ORDER BY p.id LIMIT $3`,
      [afterId, lastId, limit],
    );
  }

  /** The blocks of `size` ids (block n: ids n·size+1 … (n+1)·size) that hold public Books, with the latest change in each. */
  sitemapBlocks(size: number): Promise<Array<{ block: number; lastmod: Date }>> {
    return this.sql.query(
      `SELECT ((p.id - 1) / $1)::int AS block, max(${bookLastModifiedSql('p')}) AS lastmod FROM pages p
        WHERE ${this.readableSql('p', 'NULL::int')} GROUP BY 1 ORDER BY 1`,
      [size],
    );
  }

  /** Books by id, packed for the viewer, in the order of `ids` (missing ones left out). */
  async packByIds(ids: readonly number[], viewer?: AuthUser): Promise<Map<number, PageResponse>> {
    if (ids.length === 0) return new Map();
    const packed = await this.packQuery((readable) => `SELECT ${COLUMNS} FROM pages p WHERE p.id = ANY($1::int[]) AND ${readable}`, [[...new Set(ids)]], viewer);
    return new Map(packed.map((b) => [b.id, b]));
  }

  /** SQL of Book `idSql` packed for viewer `viewerSql` as one JSON value, for another module's list statement (see BookPacker.rowJsonSql). */
  bookJsonSql(idSql: string, viewerSql: string): string {
    return this.packer.rowJsonSql(idSql, viewerSql);
  }

  /** Books from what `bookJsonSql` selected, packed, by id. */
  packEmbedded(embedded: EmbeddedBook[], viewer?: AuthUser): Promise<Map<number, PageResponse>> {
    return this.packer.packEmbedded(embedded, viewer);
  }

  /** SQL of the title of Book `idSql`, null when there is no such Book (titles are never null), for another module's list statement (notifications). */
/** The creator of Book `id` (for a report of it), undefined when there is no such Book. */
  async creatorOf(id: number): Promise<number | undefined> {
    const [row]: Array<{ owner_id: number }> = await this.sql.query(`SELECT owner_id FROM pages WHERE id = $1`, [id]);
    return row?.owner_id;
  }

    titleSql(idSql: string): string {
    return `(SELECT bt.title FROM pages bt WHERE bt.id = ${idSql} AND bt.moderated_reason IS NULL)`;
  }

  /** Titles of Books by id (one statement). */
  async titles(ids: readonly number[], tx?: EntityManager): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ id: number; title: string }> = await (tx ?? this.db).query(`SELECT id, title FROM pages WHERE id = ANY($1::int[])`, [[...new Set(ids)]]);
    return new Map(rows.map((r) => [r.id, r.title]));
  }

  /**
   * A post about the Book was written (`posts` +1, with its rating if a review) or deleted (-1):
   * the posts module calls this in the posting transaction, so post_count and rating are always
   * those of the stored posts.
   */
  async recordPost(bookId: number, change: { posts: 1 | -1; rating: number | null }, tx: EntityManager): Promise<void> {
    const rated = change.rating === null ? 0 : change.posts;
    await tx.query(
      `UPDATE pages SET post_count = post_count + $2, rating_sum = rating_sum + $3, rating_count = rating_count + $4 WHERE id = $1`,
      [bookId, change.posts, (change.rating ?? 0) * change.posts, rated],
    );
  }

  /**
   * Many posts about Books changed at once (a leaving user's reviews hidden): per Book the change
   * of post_count, of the rating sum and of the number of ratings, in one statement.
   */
  async recordPostTotals(changes: ReadonlyArray<{ bookId: number; posts: number; ratingSum: number; rated: number }>, tx: EntityManager): Promise<void> {
    if (!changes.length) return;
    await tx.query(
      `UPDATE pages p SET post_count = p.post_count + d.posts, rating_sum = p.rating_sum + d.rating_sum, rating_count = p.rating_count + d.rated
         FROM unnest($1::int[], $2::int[], $3::int[], $4::int[]) AS d(id, posts, rating_sum, rated) WHERE p.id = d.id`,
      [changes.map((c) => c.bookId), changes.map((c) => c.posts), changes.map((c) => c.ratingSum), changes.map((c) => c.rated)],
    );
  }

  /**
   * SQL (no rows read into memory) of the ids of the Books a user follows, for another module's
   * feed query: `p.review_to IN (${books.followedBookIdsSql('$1')})`. Served by page_follows_user_idx.
   */
  followedBookIdsSql(userParam: string): string {
    return `SELECT pf.page_id FROM page_follows pf WHERE pf.user_id = ${userParam}`;
  }

  /**
   * SQL of the stored post totals (`n`, `rating_sum`) of the Books whose ids `idsSql` selects,
   * for the totals of another module's post list; one row even when no Book matches.
   */
  bookPostTotalsSql(idsSql: string): string {
    return `SELECT coalesce(sum(pt.post_count), 0)::int AS n, coalesce(sum(pt.rating_sum), 0)::int AS rating_sum FROM pages pt WHERE pt.id IN (${idsSql})`;
  }

  /**
   * What the payments module needs to sell Book `bookId` to `buyerId`: title, price, its data
   * owner, and whether the buyer owns it already (bought, claimed or contributed); one statement.
   */
  async forSale(bookId: number, buyerId: number): Promise<{ title: string; price: number; ownerId: number | null; owned: boolean } | null> {
    const [row] = await this.sql.query(
      `SELECT p.title, p.page_price AS price, p.owner_id AS "ownerId",
              EXISTS (SELECT 1 FROM page_owners o WHERE o.page_id = p.id AND o.user_id = $2) AS owned
         FROM pages p WHERE p.id = $1 AND ${this.readableSql('p', '$2::int')}`,
      [bookId, buyerId],
    );
    return row ?? null;
  }

  byLanguage(language: string, page: PageWindow, viewer?: AuthUser) {
    const w = pageSql(page, 2);
    return this.packQuery(
      (readable) => `SELECT ${COLUMNS} FROM pages p WHERE p.language = $1 AND ${readable} ORDER BY p.created_on DESC, p.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      [language, ...w.params],
      viewer,
    );
  }

  newest(page: PageWindow, viewer?: AuthUser) {
    const w = pageSql(page, 1);
    return this.packQuery((readable) => `SELECT ${COLUMNS} FROM pages p WHERE ${readable} ORDER BY p.created_on DESC, p.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`, w.params, viewer);
  }

  /** Ids of new Books for the discovery mix (pack them with packByIds); logged in, without the ones the viewer follows or owns. */
  async discoverIds(viewer: AuthUser | undefined, page: PageWindow): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.sql.query(
      `SELECT p.id FROM pages p
        WHERE ($3::int IS NULL OR (NOT EXISTS (SELECT 1 FROM page_follows f WHERE f.page_id = p.id AND f.user_id = $3)
          AND NOT EXISTS (SELECT 1 FROM page_owners o WHERE o.page_id = p.id AND o.user_id = $3)))
          AND ${this.readableSql('p', '$3::int')}
        ORDER BY p.created_on DESC, p.id DESC LIMIT $1 OFFSET $2`,
      [page.limit, page.offset, viewer?.id ?? null],
    );
    return rows.map((r) => r.id);
  }

  /** Word search over title, summary, points and tags; an empty query lists the newest. */
  async search(query: string | undefined, page: PageWindow, viewer?: AuthUser) {
    const tsquery = searchQuery(query ?? '');
    if (!tsquery) return (query ?? '').trim() ? [] : this.newest(page, viewer);
    return this.packQuery(
      (readable) => `SELECT ${COLUMNS} FROM pages p WHERE p.search_vector @@ to_tsquery('simple', $1) AND ${readable}
        ORDER BY p.created_on DESC, p.id DESC LIMIT $2 OFFSET $3`,
      [tsquery, page.limit, page.offset],
      viewer,
    );
  }

  /** Books the user owns (bought, took for free, or contributed to), most recent first; optionally filtered by words. */
  async owned(viewer: AuthUser, page: PageWindow, query?: string) {
    const tsquery = query ? searchQuery(query) : null;
    if (query?.trim() && !tsquery) return [];
    return this.packQuery(
      (readable) => `SELECT ${COLUMNS} FROM page_owners o JOIN pages p ON p.id = o.page_id
        WHERE o.user_id = $1 AND ${readable} AND ($4::text IS NULL OR p.search_vector @@ to_tsquery('simple', $4))
        ORDER BY o.created_on DESC, p.id DESC LIMIT $2 OFFSET $3`,
      [viewer.id, page.limit, page.offset, tsquery],
      viewer,
    );
  }

  /** Owned Books first, then Books sharing a tag with them. */
  ownedAndRelated(viewer: AuthUser, page: PageWindow) {
    return this.packQuery(
      (readable) => `WITH mine AS (SELECT page_id, created_on AS at FROM page_owners WHERE user_id = $1),
       related AS (
         SELECT b.page_id, max(p2.created_on) AS at FROM mine
           JOIN page_attributes a ON a.page_id = mine.page_id
           JOIN page_attributes b ON b.attribute_id = a.attribute_id
           JOIN pages p2 ON p2.id = b.page_id
          WHERE b.page_id NOT IN (SELECT page_id FROM mine)
          GROUP BY b.page_id),
       ranked AS (SELECT page_id, at, 0 AS rank FROM mine UNION ALL SELECT page_id, at, 1 FROM related)
       SELECT ${COLUMNS} FROM ranked r JOIN pages p ON p.id = r.page_id
        WHERE ${readable}
        ORDER BY r.rank, r.at DESC, p.id DESC LIMIT $2 OFFSET $3`,
      [viewer.id, page.limit, page.offset],
      viewer,
    );
  }

  /**
   * Up to 5 related Books: those sharing the most tags, then Books of the same kind of data — a
   * main table sharing at least two column names, or a text matching at least two of this Book's
   * subject words (one common word, a year or 日本, relates nothing). The tags that say what kind of
   * file a Book is (統計 / Statistics …, every table may carry them) relate nothing on their own.
   * Never filled with unrelated Books (an empty list is honest).
   */
  async related(pageId: number, viewer?: AuthUser) {
    const [base]: Array<{ subject_words: string; members_only: boolean; moderated_reason: string | null; columns: string[] | null }> = await this.sql.query(
      `SELECT subject_words, members_only, moderated_reason, ARRAY(SELECT c->>'name' FROM jsonb_array_elements(CASE WHEN jsonb_typeof(column_profile->'columns') = 'array' THEN column_profile->'columns' ELSE '[]'::jsonb END) c) AS columns
         FROM pages WHERE id = $1`,
      [pageId],
    );
    if (!base) throw notFound();
    await this.requireReadable(viewer, [pageId], { publicIds: base.members_only ? [] : [pageId], unmoderatedIds: base.moderated_reason ? [] : [pageId] });
    const words = [...new Set(base.subject_words.split(' ').filter(Boolean))].slice(0, 12);
    const subject = searchQuery(words.join(' '))?.replace(/ & /g, ' | ') ?? null;
    const wordQueries = words.map((w) => searchQuery(w)).filter((q): q is string => q !== null);
    const columns = (base.columns ?? []).filter((c) => c && !/^Column \d+$/.test(c));
    return this.packQuery(
      (readable) => `WITH shared AS (
         SELECT b.page_id, count(*)::float8 * 10 AS n FROM page_attributes a
           JOIN page_attributes b ON b.attribute_id = a.attribute_id AND b.page_id <> a.page_id
           JOIN attributes t ON t.id = a.attribute_id AND t.attribute_name <> ALL($5::text[])
           JOIN pages p ON p.id = b.page_id
          WHERE a.page_id = $1 AND ${readable} GROUP BY b.page_id ORDER BY n DESC, b.page_id DESC LIMIT ${RELATED_PAGES}),
       near AS (
         SELECT p.id AS page_id, p.column_profile, p.search_vector FROM pages p
          WHERE $2::text IS NOT NULL AND p.search_vector @@ to_tsquery('simple', $2) AND p.id <> $1 AND p.id NOT IN (SELECT page_id FROM shared) AND ${readable}
          ORDER BY ts_rank(p.search_vector, to_tsquery('simple', $2)) DESC, p.id DESC LIMIT 50),
       scored AS (
         SELECT page_id,
                (SELECT count(*) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(column_profile->'columns') = 'array' THEN column_profile->'columns' ELSE '[]'::jsonb END) c
                  WHERE c->>'name' = ANY($4::text[]))::float8 AS cols,
                (SELECT count(*) FROM unnest($3::text[]) w WHERE search_vector @@ to_tsquery('simple', w))::float8 AS words
           FROM near),
       fill AS (SELECT page_id, cols * 2 + words AS n FROM scored WHERE cols >= 2 OR words >= 2 ORDER BY n DESC, page_id DESC LIMIT ${RELATED_PAGES})
       SELECT ${COLUMNS} FROM (SELECT * FROM shared UNION ALL SELECT * FROM fill) r JOIN pages p ON p.id = r.page_id
        ORDER BY r.n DESC, p.created_on DESC, p.id DESC LIMIT ${RELATED_PAGES}`,
      [pageId, subject, wordQueries, columns, KIND_TAG_NAMES],
      viewer,
    );
  }

  byAttribute(attributeId: number, page: PageWindow, viewer?: AuthUser) {
    const w = pageSql(page, 2);
    return this.packQuery(
      (readable) => `SELECT ${COLUMNS} FROM page_attributes pa JOIN pages p ON p.id = pa.page_id
        WHERE pa.attribute_id = $1 AND ${readable} ORDER BY pa.page_id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      [attributeId, ...w.params],
      viewer,
    );
  }

  /** Tag ids of a Book, in the order they were given; null when the Book does not exist or the viewer may not read it. */
  async tagIdsOf(pageId: number, viewer?: AuthUser): Promise<number[] | null> {
    const rows: Array<{ attribute_id: number | null }> = await this.sql.query(
      `SELECT pa.attribute_id FROM pages p LEFT JOIN page_attributes pa ON pa.page_id = p.id
        WHERE p.id = $1 AND ${this.readableSql('p', viewer ? '$2::int' : 'NULL::int')} ORDER BY pa.attribute_id`,
      viewer ? [pageId, viewer.id] : [pageId],
    );
    if (!rows.length) return null;
    return rows.flatMap((r) => (r.attribute_id === null ? [] : [r.attribute_id]));
  }

  /** How many Books carry each tag (for ranking the tag vocabulary). */
  async bookCountsByTag(): Promise<Map<number, number>> {
    const rows: Array<{ attribute_id: number; n: number }> = await this.sql.query(`SELECT pa.attribute_id, count(*)::int AS n FROM page_attributes pa JOIN pages p ON p.id = pa.page_id WHERE NOT p.members_only AND p.moderated_reason IS NULL GROUP BY pa.attribute_id`);
    return new Map(rows.map((r) => [r.attribute_id, r.n]));
  }

  followed(viewer: AuthUser, page: PageWindow) {
    return this.packQuery(
      (readable) => `SELECT ${COLUMNS} FROM page_follows f JOIN pages p ON p.id = f.page_id
        WHERE f.user_id = $1 AND ${readable} ORDER BY f.created_on DESC, f.id DESC LIMIT $2 OFFSET $3`,
      [viewer.id, page.limit, page.offset],
      viewer,
    );
  }

  /**
   * Books whose ids another module's SQL selects (`idsSql`, over `params` as $1…; the page's
   * LIMIT and OFFSET follow them), newest first: a circle's bookshelf.
   */
  listIn(idsSql: string, params: unknown[], page: PageWindow, viewer?: AuthUser): Promise<PageResponse[]> {
    const n = params.length;
    return this.packQuery(
      (readable) => `SELECT ${COLUMNS} FROM pages p WHERE p.id IN (${idsSql}) AND ${readable} ORDER BY p.created_on DESC, p.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, page.limit, page.offset],
      viewer,
    );
  }

  /** Books that hold files the user uploaded. */
  withFilesOf(userId: number, page: PageWindow, viewer?: AuthUser) {
    return this.packQuery(
      (readable) => `SELECT ${COLUMNS} FROM pages p
        WHERE p.id IN (SELECT page_id FROM book_files WHERE user_id = $1 AND NOT hidden) AND ${readable}
        ORDER BY p.created_on DESC, p.id DESC LIMIT $2 OFFSET $3`,
      [userId, page.limit, page.offset],
      viewer,
    );
  }

  async follow(viewer: AuthUser, pageId: number): Promise<{ id: number; pageId: number; created_on: string }> {
    await this.requireReadable(viewer, [pageId]);
    const sex = await this.profiles.sexOf(viewer.id);
    const row = await this.db.transaction(async (tx) => {
      const rows: Array<{ id: number; created_on: Date }> = await tx.query(
        `INSERT INTO page_follows (user_id, page_id, follower_sex) VALUES ($1, $2, $3) ON CONFLICT (user_id, page_id) DO NOTHING RETURNING id, created_on`,
        [viewer.id, pageId, sex],
      );
      if (rows.length) {
        await this.countFollower(pageId, sex, 1, tx);
        await this.events.publish('book.followed', { userId: viewer.id, bookId: pageId }, tx);
      }
      return rows[0];
    });
    if (!row) throw new DrfDetailError(HttpStatus.BAD_REQUEST, ALREADY_FOLLOWED);
    return { id: row.id, pageId, created_on: new Date(row.created_on).toISOString() };
  }

  async unfollow(viewer: AuthUser, pageId: number): Promise<void> {
    const removed = await this.db.transaction(async (tx) => {
      const [rows]: [Array<{ follower_sex: string }>, number] = await tx.query(
        `DELETE FROM page_follows WHERE user_id = $1 AND page_id = $2 RETURNING follower_sex`,
        [viewer.id, pageId],
      );
      if (rows.length) await this.countFollower(pageId, rows[0].follower_sex, -1, tx);
      return rows.length > 0;
    });
    if (!removed) throw notFound();
  }

  async status(viewer: AuthUser | undefined, userId: number | undefined, pageId: number): Promise<PageStatusResponse> {
    if (userId !== undefined && viewer) await this.access.require(viewer, Permission.Self, [userId]);
    if (!viewer) return { is_followed: false, is_owned: false };
    await this.requireReadable(viewer, [pageId]);
    const [row] = await this.sql.query(
      `SELECT EXISTS (SELECT 1 FROM page_follows WHERE user_id = $1 AND page_id = $2) AS is_followed,
              EXISTS (SELECT 1 FROM page_owners WHERE user_id = $1 AND page_id = $2) AS is_owned`,
      [viewer.id, pageId],
    );
    return { is_followed: row.is_followed, is_owned: row.is_owned };
  }

  /**
   * One view per viewer (user, or hashed address for visitors) per Book per day; the day's
   * counter (page_view_days, the source of monthly_views) rises in the same statement, only when
   * the view is the viewer's first of the day.
   */
  async recordView(pageId: number, viewer: AuthUser | undefined, pathUser: number, ip: string): Promise<void> {
    if (viewer && pathUser !== 0) await this.access.require(viewer, Permission.Self, [pathUser]);
    await this.requireReadable(viewer, [pageId]);
    const key = viewer ? `u:${viewer.id}` : `a:${crypto.createHash('sha256').update(ip).digest('hex').slice(0, 32)}`;
    await this.db.query(
      `WITH seen AS (INSERT INTO page_views (page_id, viewer) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING page_id, viewed_on)
       INSERT INTO page_view_days AS d (page_id, day, views) SELECT page_id, viewed_on, 1 FROM seen
       ON CONFLICT (page_id, day) DO UPDATE SET views = d.views + 1`,
      [pageId, key],
    );
  }

  /** Claims a free Book with a ticket the server signed. */
  async takeOwnership(viewer: AuthUser, ticket: string): Promise<number> {
    const payload = this.signer.verify(TICKET_PURPOSE, ticket);
    const [pageText, userText] = payload?.split(':') ?? [];
    if (!payload || Number(userText) !== viewer.id) throw DrfValidationError.field('encrypted_pageId', Msg.invalidKey);
    const pageId = Number(pageText);
    await this.requireReadable(viewer, [pageId]);
    await this.access.require(viewer, Permission.BookClaim, [pageId], { detail: Msg.mustBuy });
    await this.db.transaction((tx) => this.grantOwnership(viewer.id, pageId, 'free', tx));
    return pageId;
  }

  /**
   * The one way a user comes to own a Book: a free claim, contributing a file, or a payment
   * (fulfilment). Idempotent; `book.owned` is published only the first time.
   */
  async grantOwnership(userId: number, bookId: number, source: OwnershipSource, tx: EntityManager): Promise<boolean> {
    const rows = await tx.query(
      `INSERT INTO page_owners (user_id, page_id, source) VALUES ($1, $2, $3) ON CONFLICT (user_id, page_id) DO NOTHING RETURNING page_id`,
      [userId, bookId, source],
    );
    if (!rows.length) return false;
    await this.events.publish('book.owned', { userId, bookId, source }, tx);
    return true;
  }

  /** A new Book from a generated draft, with its tags; in the publishing transaction. */
  async create(book: NewBook, tx: EntityManager): Promise<number> {
    const [row] = await tx.query(
      `INSERT INTO pages (title, summary, img, language, page_price, goodpoint, badpoint, point1, point2, point3, point4, point5, answer, owner_id, subject_words, search_text, texts, column_profile, preview, members_only)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::jsonb, $18::jsonb, $19::jsonb, $20) RETURNING id`,
      [
        book.title.slice(0, 100), book.summary, book.img, book.language, book.price,
        book.goodpoint, book.badpoint, book.point1, book.point2, book.point3, book.point4, book.point5, book.answer,
        book.ownerId, book.subjectWords.join(' '), book.searchText, JSON.stringify(book.texts ?? { [book.language]: textOf(book) }), book.columnProfile === null || book.columnProfile === undefined ? null : JSON.stringify(book.columnProfile),
        book.preview === null || book.preview === undefined ? null : JSON.stringify(book.preview),
        !!book.membersOnly,
      ],
    );
    if (book.tagIds.length) {
      await tx.query(`INSERT INTO page_attributes (page_id, attribute_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`, [row.id, book.tagIds]);
    }
    return row.id;
  }

  /**
   * A Book made before both languages gets them (the translation job): its texts, the list of its
   * data's language, the columns in that language, the tags of both languages, and its column
   * profile and preview when its file was read. One transaction.
   */
  async storeTranslation(
    pageId: number,
    t: { language: 'ja' | 'en'; texts: Record<'ja' | 'en', BookText>; text: BookText; tagIds: number[]; columnProfile: unknown; preview: unknown; extraSearch: string },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE pages SET texts = $2::jsonb, language = $3, title = $4, summary = $5, goodpoint = $6, badpoint = $7, point1 = $8, point2 = $9,
                point3 = $10, point4 = $11, point5 = $12, answer = $13,
                column_profile = coalesce($14::jsonb, column_profile), preview = coalesce($15::jsonb, preview),
                search_text = CASE WHEN $16::text = '' THEN search_text ELSE search_text || ' ' || $16::text END
          WHERE id = $1`,
        [
          pageId, JSON.stringify(t.texts), t.language, t.text.title.slice(0, 100), t.text.summary, t.text.goodpoint, t.text.badpoint,
          t.text.point1, t.text.point2, t.text.point3, t.text.point4, t.text.point5, t.text.answer,
          t.columnProfile ? JSON.stringify(t.columnProfile) : null, t.preview ? JSON.stringify(t.preview) : null, t.extraSearch,
        ],
      );
      if (t.tagIds.length) await tx.query(`INSERT INTO page_attributes (page_id, attribute_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`, [pageId, t.tagIds]);
    });
  }

  /** Records a data file on its Book; its uploader becomes a contributor (an owner). */
  async attachFile(file: AttachedFile, tx: EntityManager): Promise<void> {
    await tx.query(
      `INSERT INTO book_files (file_id, page_id, user_id, title) VALUES ($1, $2, $3, $4) ON CONFLICT (file_id) DO NOTHING`,
      [file.fileId, file.bookId, file.userId, file.title.slice(0, 100)],
    );
    await this.grantOwnership(file.userId, file.bookId, 'contributor', tx);
  }

  /**
   * A free Book of the same language whose subject words overlap enough, that has room for
   * another file and no file from this uploader yet. Only free Books take files on their own
   * (api-contract rule 4): a similar title and column names are public knowledge, so joining a
   * paid Book would sell it for the price of an upload; that needs its owner's consent. A
   * members-only Book (made from a file posted to circles) takes no outside file (rule 7).
   */
  async sameSubject(language: string, subject: string[], uploaderId: number, tx: EntityManager): Promise<number | null> {
    const query = searchQuery(subject.slice(0, 10).join(' '))?.replace(/ & /g, ' | ');
    if (!query) return null;
    const candidates: Array<{ id: number; subject_words: string }> = await tx.query(
      `SELECT p.id, p.subject_words FROM pages p
        WHERE p.language = $1 AND p.page_price = 0 AND NOT p.members_only AND p.moderated_reason IS NULL AND p.search_vector @@ to_tsquery('simple', $2)
          AND NOT EXISTS (SELECT 1 FROM book_files f WHERE f.page_id = p.id AND f.user_id = $3)
          AND (SELECT count(*) FROM book_files f WHERE f.page_id = p.id) < ${FILES_PER_BOOK}
        ORDER BY ts_rank(p.search_vector, to_tsquery('simple', $2)) DESC, p.id DESC LIMIT 20`,
      [language, query, uploaderId],
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
    await this.requireReadable(viewer, [pageId]);
    await this.access.require(viewer, Permission.BookCreator, [pageId], { detail: Msg.bookCreatorOnly });
    await this.db.transaction(async (tx) => {
      const [changed]: [unknown[], number] = await tx.query(`UPDATE pages SET members_only = false WHERE id = $1 AND members_only RETURNING id`, [pageId]);
      // Now the uploader's followers may hear of it, as of any new public Book (never for one public already).
      if (changed.length) await this.events.publish('book.posted', { bookId: pageId, userId: viewer.id }, tx);
    });
    return this.info(pageId, viewer);
  }

  /** Keeps 60 days of view rows and day counters: monthly_views reads the last 30 days' counters. */
  async pruneViews(): Promise<void> {
    await this.db.query(`DELETE FROM page_views WHERE viewed_on < CURRENT_DATE - 60`);
    await this.db.query(`DELETE FROM page_view_days WHERE day < CURRENT_DATE - 60`);
  }
}
