import type { AuthUser } from '../../common/auth/auth-user';
import { Injectable } from '@nestjs/common';
import { DrfValidationError, Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import type { Language } from '../../common/i18n/language';
import { type PageWindow, pageSql } from '../../common/http/paging';
import { searchQuery } from '../../common/search/search-text';
import { Db } from '../../database/db';
import { BookReads } from '../books/book-reads.service';
import { bookLanguageSql } from '../books/book-sql';
import type { AttributeResponse } from './dto/attribute.dto';

export const LANGUAGES = ['ja', 'en'] as const;

const COLUMNS = `a.id, a.attribute_name AS "attributeName", a.language`;

export function checkLanguage(lan: unknown, field = 'lan'): Language {
  if (lan !== 'ja' && lan !== 'en') throw DrfValidationError.field(field, Msg.invalidChoice(lan ?? ''));
  return lan;
}

/** Tags of Books, in Japanese and in English. */
@Injectable()
export class TagsService {
  constructor(
    private readonly db: Db,
    private readonly books: BookReads,
  ) {
    books.provideTagNames(async (pageId, language, viewer) => (await this.ofPage(pageId, language, viewer)).map((a) => a.attributeName));
  }

  async byId(id: number): Promise<AttributeResponse> {
    const row = await this.db.row<AttributeResponse>(`SELECT ${COLUMNS} FROM attributes a WHERE a.id = :id`, { id });
    if (!row) throw notFound();
    return row;
  }

  /**
   * Most used tags first (the home screen shows the first 8). The vocabulary is a fixed, seeded
   * list of a few dozen tags per language, so it is ranked in memory by the Books' usage counts.
   */
  async page(language: Language, page: PageWindow): Promise<AttributeResponse[]> {
    const [tags, usage] = await Promise.all([this.all(language), this.books.bookCountsByTag()]);
    const n = (id: number) => usage.get(id) ?? 0;
    return tags.sort((a, b) => n(b.id) - n(a.id) || a.id - b.id).slice(page.offset, page.offset + page.limit);
  }

  all(language: Language): Promise<AttributeResponse[]> {
    return this.db.rows<AttributeResponse>(`SELECT ${COLUMNS} FROM attributes a WHERE a.language = :language ORDER BY a.id`, { language });
  }

  /**
   * A Book's tags in the reader's language (a Book is tagged in both; without a known reader,
   * the language of its data); all of them when it has none in that language.
   */
  async ofPage(pageId: number, language?: Language, viewer?: AuthUser): Promise<AttributeResponse[]> {
    const ids = await this.books.tagIdsOf(pageId, viewer);
    if (ids === null) throw notFound();
    if (!ids.length) return [];
    return this.db.rows<AttributeResponse>(
      `WITH l AS (SELECT coalesce(:language::text, ${bookLanguageSql(':page')}) AS language)
       SELECT ${COLUMNS} FROM attributes a, l WHERE a.id = ANY(:ids::int[])
          AND (a.language = l.language OR NOT EXISTS (SELECT 1 FROM attributes b WHERE b.id = ANY(:ids::int[]) AND b.language = l.language))
        ORDER BY a.id`,
      { ids, language: language ?? null, page: pageId },
    );
  }

  /** Word or prefix search in one language; an empty query lists them all, 10 a page. */
  async search(q: string | undefined, language: Language, page: PageWindow): Promise<AttributeResponse[]> {
    const tsquery = searchQuery(q ?? '');
    const w = pageSql(page);
    if (!tsquery && (q ?? '').trim()) {
      // Symbols only: fall back to a plain substring match.
      return this.db.rows<AttributeResponse>(
        `SELECT ${COLUMNS} FROM attributes a WHERE a.language = :language AND a.attribute_name ILIKE '%' || :text || '%' ORDER BY a.id LIMIT ${w.limit} OFFSET ${w.offset}`,
        { language, text: q!.trim(), ...w.params },
      );
    }
    return this.db.rows<AttributeResponse>(
      `SELECT ${COLUMNS} FROM attributes a
        WHERE a.language = :language AND (:query::text IS NULL OR a.search_vector @@ to_tsquery('simple', :query))
        ORDER BY a.id LIMIT ${w.limit} OFFSET ${w.offset}`,
      { language, query: tsquery, ...w.params },
    );
  }

  /** Of `ids`, those that are tags (of either language): for another module that stores tag ids (ads). */
  async existing(ids: readonly number[]): Promise<Set<number>> {
    const rows = await this.db.rows<{ id: number }>(`SELECT id FROM attributes WHERE id = ANY(:ids::int[])`, { ids });
    return new Set(rows.map((r) => r.id));
  }

  /** Tag ids by name for one language (the generator answers names). */
  async idsByName(language: string, names: string[]): Promise<number[]> {
    if (!names.length) return [];
    const rows = await this.db.rows<{ id: number }>(`SELECT id FROM attributes WHERE language = :language AND attribute_name = ANY(:names::text[])`, {
      language,
      names,
    });
    return rows.map((r) => r.id);
  }

  async names(language: string): Promise<string[]> {
    const rows = await this.db.rows<{ attribute_name: string }>(`SELECT attribute_name FROM attributes WHERE language = :language ORDER BY id`, { language });
    return rows.map((r) => r.attribute_name);
  }
}
