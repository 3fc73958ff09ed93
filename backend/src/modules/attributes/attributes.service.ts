import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DrfValidationError, Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import type { PageWindow } from '../../common/http/paging';
import { searchQuery } from '../../common/search/search-text';
import type { AttributeResponse } from './dto/attribute.dto';

export const LANGUAGES = ['ja', 'en'] as const;

const COLUMNS = `a.id, a.attribute_name AS "attributeName", a.language`;

export function checkLanguage(lan: unknown, field = 'lan'): 'ja' | 'en' {
  if (lan !== 'ja' && lan !== 'en') throw DrfValidationError.field(field, Msg.invalidChoice(lan ?? ''));
  return lan;
}

/** Tags of Books, in Japanese and in English. */
@Injectable()
export class AttributesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async byId(id: number): Promise<AttributeResponse> {
    const [row] = await this.db.query(`SELECT ${COLUMNS} FROM attributes a WHERE a.id = $1`, [id]);
    if (!row) throw notFound();
    return row;
  }

  /** Most used tags first (the home screen shows the first 8). */
  page(language: 'ja' | 'en', page: PageWindow): Promise<AttributeResponse[]> {
    return this.db.query(
      `SELECT ${COLUMNS} FROM attributes a
         LEFT JOIN (SELECT attribute_id, count(*) AS n FROM page_attributes GROUP BY attribute_id) u ON u.attribute_id = a.id
        WHERE a.language = $1 ORDER BY coalesce(u.n, 0) DESC, a.id LIMIT $2 OFFSET $3`,
      [language, page.limit, page.offset],
    );
  }

  all(language: 'ja' | 'en'): Promise<AttributeResponse[]> {
    return this.db.query(`SELECT ${COLUMNS} FROM attributes a WHERE a.language = $1 ORDER BY a.id`, [language]);
  }

  async ofPage(pageId: number): Promise<AttributeResponse[]> {
    const rows = await this.db.query(
      `SELECT ${COLUMNS}, p.id IS NOT NULL AS page_exists FROM pages p
         LEFT JOIN page_attributes pa ON pa.page_id = p.id LEFT JOIN attributes a ON a.id = pa.attribute_id
        WHERE p.id = $1 ORDER BY a.id`,
      [pageId],
    );
    if (!rows.length) throw notFound();
    return rows.filter((r: { id: number | null }) => r.id !== null).map(({ id, attributeName, language }: AttributeResponse) => ({ id, attributeName, language }));
  }

  /** Word or prefix search in one language; an empty query lists them all, 10 a page. */
  async search(q: string | undefined, language: 'ja' | 'en', page: PageWindow): Promise<AttributeResponse[]> {
    const tsquery = searchQuery(q ?? '');
    if (!tsquery && (q ?? '').trim()) {
      // Symbols only: fall back to a plain substring match.
      return this.db.query(
        `SELECT ${COLUMNS} FROM attributes a WHERE a.language = $1 AND a.attribute_name ILIKE '%' || $2 || '%' ORDER BY a.id LIMIT $3 OFFSET $4`,
        [language, q!.trim(), page.limit, page.offset],
      );
    }
    return this.db.query(
      `SELECT ${COLUMNS} FROM attributes a
        WHERE a.language = $1 AND ($2::text IS NULL OR a.search_vector @@ to_tsquery('simple', $2))
        ORDER BY a.id LIMIT $3 OFFSET $4`,
      [language, tsquery, page.limit, page.offset],
    );
  }

  /** Tag ids by name for one language (the generator answers names). */
  async idsByName(language: string, names: string[]): Promise<number[]> {
    if (!names.length) return [];
    const rows: Array<{ id: number }> = await this.db.query(
      `SELECT id FROM attributes WHERE language = $1 AND attribute_name = ANY($2::text[])`,
      [language, names],
    );
    return rows.map((r) => r.id);
  }

  async names(language: string): Promise<string[]> {
    const rows: Array<{ attribute_name: string }> = await this.db.query(`SELECT attribute_name FROM attributes WHERE language = $1 ORDER BY id`, [language]);
    return rows.map((r) => r.attribute_name);
  }
}
