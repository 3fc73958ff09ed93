import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../../database/db';

/**
 * The counters a Book keeps on its own rows so that no list counts: posts and ratings
 * (pages.post_count, rating_sum, rating_count) and followers by sex (page_follower_counts). Each
 * moves in the transaction of the change it counts, so a counter is always that of the stored rows.
 */
@Injectable()
export class BookCounters {
  constructor(private readonly db: Db) {}

  /**
   * A post about the Book was written (`posts` +1, with its rating if a review) or deleted (-1):
   * the posts module calls this in the posting transaction.
   */
  async recordPost(bookId: number, change: { posts: 1 | -1; rating: number | null }, tx: Tx): Promise<void> {
    const rated = change.rating === null ? 0 : change.posts;
    await this.db.exec(
      `UPDATE pages SET post_count = post_count + :posts, rating_sum = rating_sum + :ratingSum, rating_count = rating_count + :rated WHERE id = :id`,
      { id: bookId, posts: change.posts, ratingSum: (change.rating ?? 0) * change.posts, rated },
      tx,
    );
  }

  /**
   * Many posts about Books changed at once (a leaving user's reviews hidden): per Book the change
   * of post_count, of the rating sum and of the number of ratings, in one statement.
   */
  async recordPostTotals(changes: ReadonlyArray<{ bookId: number; posts: number; ratingSum: number; rated: number }>, tx: Tx): Promise<void> {
    if (!changes.length) return;
    await this.db.exec(
      `UPDATE pages p SET post_count = p.post_count + d.posts, rating_sum = p.rating_sum + d.rating_sum, rating_count = p.rating_count + d.rated
         FROM unnest(:ids::int[], :posts::int[], :ratingSums::int[], :rated::int[]) AS d(id, posts, rating_sum, rated) WHERE p.id = d.id`,
      {
        ids: changes.map((c) => c.bookId),
        posts: changes.map((c) => c.posts),
        ratingSums: changes.map((c) => c.ratingSum),
        rated: changes.map((c) => c.rated),
      },
      tx,
    );
  }

  /** A follow of a known sex came (+1) or went (-1): the Book's stored follower counts, in the same transaction. */
  async countFollower(pageId: number, sex: string, delta: 1 | -1, tx: Tx): Promise<void> {
    if (sex !== '1' && sex !== '3') return;
    await this.db.exec(
      `INSERT INTO page_follower_counts AS c (page_id, male, female) VALUES (:id, CASE WHEN :sex = '1' THEN :delta ELSE 0 END, CASE WHEN :sex = '3' THEN :delta ELSE 0 END)
       ON CONFLICT (page_id) DO UPDATE SET male = c.male + EXCLUDED.male, female = c.female + EXCLUDED.female`,
      { id: pageId, sex, delta },
      tx,
    );
  }
}
