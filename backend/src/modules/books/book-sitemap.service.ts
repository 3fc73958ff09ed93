import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import { bookLastModifiedSql, BookSql } from './book-sql';

/** The public Books as the sitemaps list them (the seo module writes the files). */
@Injectable()
export class BookSitemap {
  constructor(
    private readonly db: Db,
    private readonly bookSql: BookSql,
  ) {}

  /**
   * Public Books by id from `afterId` (exclusive) to `lastId` (inclusive), at most `limit`, with
   * when each last changed (`bookLastModifiedSql`): keyset pages of the primary key.
   */
  rows(afterId: number, lastId: number, limit: number): Promise<Array<{ id: number; lastmod: Date }>> {
    return this.db.rows<{ id: number; lastmod: Date }>(
      `SELECT p.id, ${bookLastModifiedSql('p')} AS lastmod FROM pages p
        WHERE p.id > :after AND p.id <= :last AND ${this.bookSql.readableSql('p', 'NULL::int')} ORDER BY p.id LIMIT :limit`,
      { after: afterId, last: lastId, limit },
    );
  }

  /** The blocks of `size` ids (block n: ids n·size+1 … (n+1)·size) that hold public Books, with the latest change in each. */
  blocks(size: number): Promise<Array<{ block: number; lastmod: Date }>> {
    return this.db.rows<{ block: number; lastmod: Date }>(
      `SELECT ((p.id - 1) / :size)::int AS block, max(${bookLastModifiedSql('p')}) AS lastmod FROM pages p
        WHERE ${this.bookSql.readableSql('p', 'NULL::int')} GROUP BY 1 ORDER BY 1`,
      { size },
    );
  }
}
