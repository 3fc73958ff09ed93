import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { notFound } from '../../common/http/id-param.pipe';
import { type PageWindow, pageSql } from '../../common/http/paging';
import { searchQuery } from '../../common/search/search-text';
import { Db, type SqlParams } from '../../database/db';
import { KIND_TAGS } from '../tags/tag-seed';
import { BookAccess } from './book-access.service';
import { BookSql } from './book-sql';
import { BOOK_COLUMNS as COLUMNS, BookPacker, type EmbeddedBook } from './book.packer';
import type { PageResponse } from './dto/page.dto';

export const RELATED_PAGES = 5;
/** Tags of a kind of file rather than a subject (the generator's fallback tags): they relate no Books. */
const KIND_TAG_NAMES = Object.values(KIND_TAGS).flatMap((t) => [t.ja, t.en]);

/**
 * The lists of Books, each one statement that selects and packs (BookPacker.listJsonSql) the
 * Books the viewer may read (BookSql.readableSql), paged through `pageSql`.
 */
@Injectable()
export class BookLists {
  constructor(
    private readonly db: Db,
    private readonly bookSql: BookSql,
    private readonly packer: BookPacker,
    private readonly bookAccess: BookAccess,
  ) {}

  /**
   * A list of Books in one statement: `sql` selects COLUMNS (aliased `p`) in the list's order over
   * `params`, given the visibility fragment; the packer's JSON of each row (statistics, ownership,
   * first files and their contributors) is made in the same statement, for the viewer `:viewer`.
   */
  private async packQuery(sql: (readable: string) => string, params: SqlParams, viewer?: AuthUser): Promise<PageResponse[]> {
    // A visitor's statement says NULL (no parameter): the same plan serves every execution (see FeedsService.list).
    const viewerSql = viewer ? ':viewer::int' : 'NULL::int';
    const rows = await this.db.rows<{ book: EmbeddedBook }>(this.packer.listJsonSql(sql(this.bookSql.readableSql('p', viewerSql)), viewerSql), {
      ...params,
      viewer: viewer?.id,
    });
    return this.packer.packList(
      rows.map((r) => r.book),
      viewer,
    );
  }

  byLanguage(language: string, page: PageWindow, viewer?: AuthUser) {
    const w = pageSql(page);
    return this.packQuery(
      (readable) =>
        `SELECT ${COLUMNS} FROM pages p WHERE p.language = :language AND ${readable} ORDER BY p.created_on DESC, p.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      { language, ...w.params },
      viewer,
    );
  }

  newest(page: PageWindow, viewer?: AuthUser) {
    const w = pageSql(page);
    return this.packQuery(
      (readable) => `SELECT ${COLUMNS} FROM pages p WHERE ${readable} ORDER BY p.created_on DESC, p.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      w.params,
      viewer,
    );
  }

  /** Word search over title, summary, points and tags; an empty query lists the newest. */
  async search(query: string | undefined, page: PageWindow, viewer?: AuthUser) {
    const tsquery = searchQuery(query ?? '');
    if (!tsquery) return (query ?? '').trim() ? [] : this.newest(page, viewer);
    const w = pageSql(page);
    return this.packQuery(
      (readable) => `SELECT ${COLUMNS} FROM pages p WHERE p.search_vector @@ to_tsquery('simple', :query) AND ${readable}
        ORDER BY p.created_on DESC, p.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      { query: tsquery, ...w.params },
      viewer,
    );
  }

  /** Books the user owns (bought, took for free, or contributed to), most recent first; optionally filtered by words. */
  async owned(viewer: AuthUser, page: PageWindow, query?: string) {
    const tsquery = query ? searchQuery(query) : null;
    if (query?.trim() && !tsquery) return [];
    const w = pageSql(page);
    return this.packQuery(
      (readable) => `SELECT ${COLUMNS} FROM page_owners o JOIN pages p ON p.id = o.page_id
        WHERE o.user_id = :viewer AND ${readable} AND (:query::text IS NULL OR p.search_vector @@ to_tsquery('simple', :query))
        ORDER BY o.created_on DESC, p.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      { query: tsquery, ...w.params },
      viewer,
    );
  }

  /** Owned Books first, then Books sharing a tag with them. */
  ownedAndRelated(viewer: AuthUser, page: PageWindow) {
    const w = pageSql(page);
    return this.packQuery(
      (readable) => `WITH mine AS (SELECT page_id, created_on AS at FROM page_owners WHERE user_id = :viewer),
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
        ORDER BY r.rank, r.at DESC, p.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      w.params,
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
    const base = await this.db.row<{ subject_words: string; members_only: boolean; moderated_reason: string | null; columns: string[] | null }>(
      `SELECT subject_words, members_only, moderated_reason, ARRAY(SELECT c->>'name' FROM jsonb_array_elements(CASE WHEN jsonb_typeof(column_profile->'columns') = 'array' THEN column_profile->'columns' ELSE '[]'::jsonb END) c) AS columns
         FROM pages WHERE id = :id`,
      { id: pageId },
    );
    if (!base) throw notFound();
    await this.bookAccess.requireReadable(viewer, [pageId], {
      publicIds: base.members_only ? [] : [pageId],
      unmoderatedIds: base.moderated_reason ? [] : [pageId],
    });
    const words = [...new Set(base.subject_words.split(' ').filter(Boolean))].slice(0, 12);
    const subject = searchQuery(words.join(' '))?.replace(/ & /g, ' | ') ?? null;
    const wordQueries = words.map((w) => searchQuery(w)).filter((q): q is string => q !== null);
    const columns = (base.columns ?? []).filter((c) => c && !/^Column \d+$/.test(c));
    return this.packQuery(
      (readable) => `WITH shared AS (
         SELECT b.page_id, count(*)::float8 * 10 AS n FROM page_attributes a
           JOIN page_attributes b ON b.attribute_id = a.attribute_id AND b.page_id <> a.page_id
           JOIN attributes t ON t.id = a.attribute_id AND t.attribute_name <> ALL(:kindTags::text[])
           JOIN pages p ON p.id = b.page_id
          WHERE a.page_id = :id AND ${readable} GROUP BY b.page_id ORDER BY n DESC, b.page_id DESC LIMIT ${RELATED_PAGES}),
       near AS (
         SELECT p.id AS page_id, p.column_profile, p.search_vector FROM pages p
          WHERE :subject::text IS NOT NULL AND p.search_vector @@ to_tsquery('simple', :subject) AND p.id <> :id AND p.id NOT IN (SELECT page_id FROM shared) AND ${readable}
          ORDER BY ts_rank(p.search_vector, to_tsquery('simple', :subject)) DESC, p.id DESC LIMIT 50),
       scored AS (
         SELECT page_id,
                (SELECT count(*) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(column_profile->'columns') = 'array' THEN column_profile->'columns' ELSE '[]'::jsonb END) c
                  WHERE c->>'name' = ANY(:columns::text[]))::float8 AS cols,
                (SELECT count(*) FROM unnest(:words::text[]) w WHERE search_vector @@ to_tsquery('simple', w))::float8 AS words
           FROM near),
       fill AS (SELECT page_id, cols * 2 + words AS n FROM scored WHERE cols >= 2 OR words >= 2 ORDER BY n DESC, page_id DESC LIMIT ${RELATED_PAGES})
       SELECT ${COLUMNS} FROM (SELECT * FROM shared UNION ALL SELECT * FROM fill) r JOIN pages p ON p.id = r.page_id
        ORDER BY r.n DESC, p.created_on DESC, p.id DESC LIMIT ${RELATED_PAGES}`,
      { id: pageId, subject, words: wordQueries, columns, kindTags: KIND_TAG_NAMES },
      viewer,
    );
  }

  byAttribute(attributeId: number, page: PageWindow, viewer?: AuthUser) {
    const w = pageSql(page);
    return this.packQuery(
      (readable) => `SELECT ${COLUMNS} FROM page_attributes pa JOIN pages p ON p.id = pa.page_id
        WHERE pa.attribute_id = :tag AND ${readable} ORDER BY pa.page_id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      { tag: attributeId, ...w.params },
      viewer,
    );
  }

  followed(viewer: AuthUser, page: PageWindow) {
    const w = pageSql(page);
    return this.packQuery(
      (readable) => `SELECT ${COLUMNS} FROM page_follows f JOIN pages p ON p.id = f.page_id
        WHERE f.user_id = :viewer AND ${readable} ORDER BY f.created_on DESC, f.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      w.params,
      viewer,
    );
  }

  /**
   * Books whose ids another module's SQL selects (`idsSql`, naming its parameters, whose values
   * are `params`: names other than `viewer`, `limit` and `offset`, which this list binds), newest
   * first: a circle's bookshelf.
   */
  listIn(idsSql: string, params: SqlParams, page: PageWindow, viewer?: AuthUser): Promise<PageResponse[]> {
    const w = pageSql(page);
    return this.packQuery(
      (readable) =>
        `SELECT ${COLUMNS} FROM pages p WHERE p.id IN (${idsSql}) AND ${readable} ORDER BY p.created_on DESC, p.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      { ...params, ...w.params },
      viewer,
    );
  }

  /** Books that hold files the user uploaded. */
  withFilesOf(userId: number, page: PageWindow, viewer?: AuthUser) {
    const w = pageSql(page);
    return this.packQuery(
      (readable) => `SELECT ${COLUMNS} FROM pages p
        WHERE p.id IN (SELECT page_id FROM book_files WHERE user_id = :user AND NOT hidden) AND ${readable}
        ORDER BY p.created_on DESC, p.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      { user: userId, ...w.params },
      viewer,
    );
  }

  /** Books by id, packed for the viewer, in the order of `ids` (missing ones left out). */
  async packByIds(ids: readonly number[], viewer?: AuthUser): Promise<Map<number, PageResponse>> {
    if (ids.length === 0) return new Map();
    const packed = await this.packQuery(
      (readable) => `SELECT ${COLUMNS} FROM pages p WHERE p.id = ANY(:ids::int[]) AND ${readable}`,
      { ids: [...new Set(ids)] },
      viewer,
    );
    return new Map(packed.map((b) => [b.id, b]));
  }

  /** Ids of new Books for the discovery mix (pack them with packByIds); logged in, without the ones the viewer follows or owns. */
  async discoverIds(viewer: AuthUser | undefined, page: PageWindow): Promise<number[]> {
    const w = pageSql(page);
    const rows = await this.db.rows<{ id: number }>(
      `SELECT p.id FROM pages p
        WHERE (:viewer::int IS NULL OR (NOT EXISTS (SELECT 1 FROM page_follows f WHERE f.page_id = p.id AND f.user_id = :viewer)
          AND NOT EXISTS (SELECT 1 FROM page_owners o WHERE o.page_id = p.id AND o.user_id = :viewer)))
          AND ${this.bookSql.readableSql('p', ':viewer::int')}
        ORDER BY p.created_on DESC, p.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      { viewer: viewer?.id ?? null, ...w.params },
    );
    return rows.map((r) => r.id);
  }
}
