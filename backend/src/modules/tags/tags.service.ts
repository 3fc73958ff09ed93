import type { AuthUser } from '../../common/auth/auth-user';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DrfValidationError, Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import type { PageWindow } from '../../common/http/paging';
import { searchQuery } from '../../common/search/search-text';
import { BooksService } from '../books/books.service';
import type { AttributeResponse } from './dto/attribute.dto';
import { Sql } from '../../database/sql';

export const LANGUAGES = ['ja', 'en'] as const;

const COLUMNS = `a.id, a.attribute_name AS "attributeName", a.language`;

export function checkLanguage(lan: unknown, field = 'lan'): 'ja' | 'en' {
  if (lan !== 'ja' && lan !== 'en') throw DrfValidationError.field(field, Msg.invalidChoice(lan ?? ''));
  return lan;
}

/** Tags of Books, in Japanese and in English. */
@Injectable()
export class TagsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sql: Sql,
    private readonly books: BooksService,
  ) {
    books.provideTagNames(async (pageId, language, viewer) => (await this.ofPage(pageId, language, viewer)).map((a) => a.attributeName));
  }

  async byId(id: number): Promise<AttributeResponse> {
    const [row] = await this.sql.query(`SELECT ${COLUMNS} FROM attributes a WHERE a.id = $1`, [id]);
    if (!row) throw notFound();
    return row;
  }

  /**
   * Most used tags first (the home screen shows the first 8). The vocabulary is a fixed, seeded
   * list of a few dozen tags per language, so it is ranked in memory by the Books' usage counts.
   */
  async page(language: 'ja' | 'en', page: PageWindow): Promise<AttributeResponse[]> {
    const [tags, usage] = await Promise.all([this.all(language), this.books.bookCountsByTag()]);
    const n = (id: number) => usage.get(id) ?? 0;
    return tags.sort((a, b) => n(b.id) - n(a.id) || a.id - b.id).slice(page.offset, page.offset + page.limit);
  }

  all(language: 'ja' | 'en'): Promise<AttributeResponse[]> {
    return this.sql.query(`SELECT ${COLUMNS} FROM attributes a WHERE a.language = $1 ORDER BY a.id`, [language]);
  }

  /**
   * A Book's tags in the reader's language (a Book is tagged in both; without a known reader,
   * the language of its data); all of them when it has none in that language.
   */
  async ofPage(pageId: number, language?: 'ja' | 'en', viewer?: AuthUser): Promise<AttributeResponse[]> {
    const ids = await this.books.tagIdsOf(pageId, viewer);
    if (ids === null) throw notFound();
    if (!ids.length) return [];
    return this.sql.query(
      `WITH l AS (SELECT coalesce($2::text, (SELECT language FROM pages WHERE id = $3)) AS language)
       SELECT ${COLUMNS} FROM attributes a, l WHERE a.id = ANY($1::int[])
          AND (a.language = l.language OR NOT EXISTS (SELECT 1 FROM attributes b WHERE b.id = ANY($1::int[]) AND b.language = l.language))
        ORDER BY a.id`,
      [ids, language ?? null, pageId],
    );
  }

  /** Word or prefix search in one language; an empty query lists them all, 10 a page. */
  async search(q: string | undefined, language: 'ja' | 'en', page: PageWindow): Promise<AttributeResponse[]> {
    const tsquery = searchQuery(q ?? '');
    if (!tsquery && (q ?? '').trim()) {
      // Symbols only: fall back to a plain substring match.
      return this.sql.query(
        `SELECT ${COLUMNS} FROM attributes a WHERE a.language = $1 AND a.attribute_name ILIKE '%' || $2 || '%' ORDER BY a.id LIMIT $3 OFFSET $4`,
        [language, q!.trim(), page.limit, page.offset],
      );
    }
    return this.sql.query(
      `SELECT ${COLUMNS} FROM attributes a
        WHERE a.language = $1 AND ($2::text IS NULL OR a.search_vector @@ to_tsquery('simple', $2))
        ORDER BY a.id LIMIT $3 OFFSET $4`,
      [language, tsquery, page.limit, page.offset],
    );
  }

  /** Tag ids by name for one language (the generator answers names). */
  async idsByName(language: string, names: string[]): Promise<number[]> {
    if (!names.length) return [];
    const rows: Array<{ id: number }> = await this.sql.query(
      `SELECT id FROM attributes WHERE language = $1 AND attribute_name = ANY($2::text[])`,
      [language, names],
    );
    return rows.map((r) => r.id);
  }

  async names(language: string): Promise<string[]> {
    const rows: Array<{ attribute_name: string }> = await this.sql.query(`SELECT attribute_name FROM attributes WHERE language = $1 ORDER BY id`, [language]);
    return rows.map((r) => r.attribute_name);
  }
}
