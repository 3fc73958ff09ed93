import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import { countsTowardBookSql } from './post-sql';

export const POST_MONTHS = 12;

/** One month of posts about some Books: how many, the reviews (rated) among them, their average rating. */
export interface MonthlyPosts {
  /** YYYY-MM (UTC). */
  month: string;
  posts: number;
  reviews: number;
  rating: number | null;
}

/**
 * The posts module's part of /analytics: the public posts about some Books per month over the
 * last 12 months (UTC), with the reviews among them and their average rating — one statement.
 */
@Injectable()
export class PostAnalytics {
  constructor(private readonly db: Db) {}

  async monthlyAbout(bookIds: readonly number[]): Promise<MonthlyPosts[]> {
    return this.db.rows<MonthlyPosts>(
      `SELECT to_char(date_trunc('month', p.created_on AT TIME ZONE 'UTC'), 'YYYY-MM') AS month,
              count(*)::int AS posts,
              count(p.rating)::int AS reviews,
              round(avg(p.rating))::int AS rating
         FROM posts p
        WHERE p.review_to = ANY(:books::int[])
          AND ${countsTowardBookSql('p')}
          AND p.created_on >= (date_trunc('month', now() AT TIME ZONE 'UTC') - interval '${POST_MONTHS - 1} months') AT TIME ZONE 'UTC'
        GROUP BY 1
        ORDER BY 1`,
      { books: bookIds },
    );
  }
}
