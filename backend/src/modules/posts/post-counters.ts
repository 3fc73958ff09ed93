import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../../database/db';

/** The counters a post shows (a repost shows its original's). */
export type PostCounter = 'liked_times' | 'reposted_times' | 'commented_counts';

/** +1 or -1: a row that counts comes (created, shown again) or goes (deleted, hidden). */
export type Sign = 1 | -1;

/**
 * Every move of the stored counters the posts module keeps, in the caller's transaction: a post's
 * likes, reposts and comments (posts.liked_times, reposted_times, commented_counts) and an
 * author's visible posts and their rating sum (post_counts: the totals of the user and home feeds,
 * so those lists never count rows). Counters count visible rows, so whatever creates, deletes,
 * hides or shows a row moves them here. A Book's review statistics are the books module's
 * (`BooksService.recordPost`), moved for exactly the posts `countsTowardBook` names.
 *
 * Moves by many rows come as SQL (`…Sql`) so that the statement that flips the rows moves their
 * counters too: one round trip, and only rows that really changed count (a redelivered event
 * changes nothing more).
 */
@Injectable()
export class PostCounters {
  constructor(private readonly db: Db) {}

  /** Post `postId`'s `counter` moved by one (an act, or its taking back). */
  async move(counter: PostCounter, postId: number, sign: Sign, tx: Tx): Promise<void> {
    await this.db.exec(`UPDATE posts SET ${counter} = ${counter} + :sign WHERE id = :post`, { post: postId, sign }, tx);
  }

  /** `counter` of many posts in one statement: each post by `sign` × its `n`. */
  async moveMany(counter: PostCounter, changes: ReadonlyArray<{ postId: number; n: number }>, sign: Sign, tx: Tx): Promise<void> {
    if (!changes.length) return;
    await this.db.exec(
      `UPDATE posts p SET ${counter} = p.${counter} + :sign * d.n FROM unnest(:ids::int[], :ns::int[]) AS d(id, n) WHERE p.id = d.id`,
      { ids: changes.map((c) => c.postId), ns: changes.map((c) => c.n), sign },
      tx,
    );
  }

  /**
   * SQL, the last part of a statement: `counter` of the posts named by the rows `from` holds
   * (a column post_id, e.g. a data-modifying CTE's `RETURNING post_id`), by `sign` per row.
   */
  static byRowsSql(counter: PostCounter, from: string, sign: Sign): string {
    return `UPDATE posts p SET ${counter} = p.${counter} + ${sign} * f.n FROM (SELECT post_id, count(*)::int AS n FROM ${from} GROUP BY post_id) f WHERE p.id = f.post_id`;
  }

  /** The stored totals of author `userId` moved by `posts` posts and `rating` of rating sum (created when missing). */
  async moveAuthor(userId: number, posts: number, rating: number, tx: Tx): Promise<void> {
    await this.db.exec(
      `INSERT INTO post_counts (user_id, post_count, rating_sum) VALUES (:user, :posts, :rating)
       ON CONFLICT (user_id) DO UPDATE SET post_count = post_counts.post_count + :posts, rating_sum = post_counts.rating_sum + :rating`,
      { user: userId, posts, rating },
      tx,
    );
  }

  /**
   * SQL: the stored totals of the authors of the posts `from` holds (columns user_id and
   * rating; a source with its WHERE, e.g. `posts p WHERE …`), by `sign` per post.
   */
  static authorsByRowsSql(from: string, sign: Sign): string {
    return `UPDATE post_counts c SET post_count = c.post_count + ${sign} * a.n, rating_sum = c.rating_sum + ${sign} * a.total
           FROM (SELECT user_id, count(*)::int AS n, coalesce(sum(rating), 0)::int AS total FROM ${from} GROUP BY user_id) a
          WHERE c.user_id = a.user_id`;
  }
}
