import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';

/**
 * A user's Books seen from the numbers the books module keeps: the Books they made (their file
 * created it) or contributed a data file to. Not the Books they bought or took for free
 * (page_owners): a buyer sees nothing of the seller's sales, views or followers.
 */
export interface BookFigures {
  /** The server's date, 'YYYY-MM-DD' (the day series ends there). */
  today: string;
  bookCount: number;
  /** Every Book's id (the posts module counts their posts). */
  ids: number[];
  /** The newest 100 Books, for the page's list. */
  books: Array<{ id: number; title: string }>;
  /** Views per day over the last 30 days ('YYYY-MM-DD', days without views absent). */
  views: Array<{ day: string; views: number }>;
  /** Distinct people following at least one of the Books, by profile sex code ('0', '1', '3', '4'). */
  followersBySex: Record<string, number>;
}

export const VIEW_DAYS = 30;

/** The one row of `figuresOf`'s statement (it selects from no table: always one row). */
interface FiguresRow {
  today: string;
  book_count: number;
  ids: number[];
  books: BookFigures['books'];
  views: BookFigures['views'];
  followers: Record<string, number>;
}
export const LISTED_BOOKS = 100;

/**
 * The books module's part of /analytics: one statement over the tables it owns (pages,
 * book_files, page_view_days, page_follows), whatever the number of Books.
 */
@Injectable()
export class BookAnalytics {
  constructor(private readonly db: Db) {}

  async figuresOf(userId: number): Promise<BookFigures> {
    const [row] = await this.db.rows<FiguresRow>(
      `WITH mine AS (
           SELECT id AS page_id FROM pages WHERE owner_id = :user
           UNION
           SELECT page_id FROM book_files WHERE user_id = :user AND NOT hidden
         )
         SELECT CURRENT_DATE::text AS today,
                (SELECT count(*)::int FROM mine) AS book_count,
                (SELECT coalesce(array_agg(page_id ORDER BY page_id), '{}') FROM mine) AS ids,
                (SELECT coalesce(json_agg(json_build_object('id', b.id, 'title', b.title) ORDER BY b.id DESC), '[]'::json)
                   FROM (SELECT p.id, p.title FROM pages p JOIN mine m ON m.page_id = p.id ORDER BY p.id DESC LIMIT ${LISTED_BOOKS}) b) AS books,
                (SELECT coalesce(json_agg(json_build_object('day', v.day, 'views', v.views) ORDER BY v.day), '[]'::json)
                   FROM (SELECT d.day::text AS day, sum(d.views)::int AS views
                           FROM page_view_days d JOIN mine m ON m.page_id = d.page_id
                          WHERE d.day > CURRENT_DATE - ${VIEW_DAYS}
                          GROUP BY d.day) v) AS views,
                (SELECT coalesce(json_object_agg(s.sex, s.n), '{}'::json)
                   FROM (SELECT f.follower_sex AS sex, count(DISTINCT f.user_id)::int AS n
                           FROM page_follows f JOIN mine m ON m.page_id = f.page_id
                          WHERE NOT f.hidden
                          GROUP BY f.follower_sex) s) AS followers`,
      { user: userId },
    );
    return { today: row.today, bookCount: row.book_count, ids: row.ids.map(Number), books: row.books, views: row.views, followersBySex: row.followers };
  }
}
