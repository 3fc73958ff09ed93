import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql';

export const POST_MONTHS = 12;

/**
 * The posts module's part of /analytics: the public posts about some Books per month over the
 * last 12 months (UTC), with the reviews among them and their average rating — one statement.
 */
@Injectable()
export class PostAnalytics {
  constructor(private readonly sql: Sql) {}

  async monthlyAbout(bookIds: readonly number[]): Promise<Array<{ month: string; posts: number; reviews: number; rating: number | null }>> {
    return this.sql.query(
      `SELECT to_char(date_trunc('month', created_on AT TIME ZONE 'UTC'), 'YYYY-MM') AS month,
              count(*)::int AS posts,
              count(rating)::int AS reviews,
              round(avg(rating))::int AS rating
         FROM posts
        WHERE review_to = ANY($1::int[])
          AND NOT communitypost_flag AND NOT hidden AND NOT reposting
          AND created_on >= (date_trunc('month', now() AT TIME ZONE 'UTC') - interval '${POST_MONTHS - 1} months') AT TIME ZONE 'UTC'
        GROUP BY 1
        ORDER BY 1`,
      [bookIds],
    );
  }
}
