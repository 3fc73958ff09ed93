import { Injectable } from '@nestjs/common';
import { Audiences } from '../../common/audiences/audiences';
import { EventsService } from '../../common/events/events.service';
import { Db, type Tx } from '../../database/db';
import { FileStorage } from '../../storage/file-storage';
import { BooksService } from '../books/books.service';
import { HELD_REASON, heldAuthorSql } from '../safety/safety-sql';
import { PostCounters, type Sign } from './post-counters';
import { countsTowardBookSql, visiblePost } from './post-sql';

/** The posts of user `:user` and the reposts of them (alias `p`). */
const OF_USER = `(p.user_id = :user OR (p.reposting AND p.reposting_from IN (SELECT o.id FROM posts o WHERE o.user_id = :user AND NOT o.reposting)))`;

/**
 * Posts, likes and comments leaving lists and coming back: the author leaving the site, a
 * suspension and its lift, a moderator's hide and restore, the spam brake's hold. Each hide moves
 * every counter that counted the rows (PostCounters, the Books' review statistics) in the same
 * statement or transaction, and flips only rows not flipped yet, so a redelivered (or concurrent)
 * event changes nothing more. Subscribes to the events that ask for it (domain-events.ts).
 */
@Injectable()
export class PostModeration {
  constructor(
    private readonly db: Db,
    private readonly events: EventsService,
    private readonly counters: PostCounters,
    private readonly books: BooksService,
    private readonly storage: FileStorage,
    private readonly audiences: Audiences,
  ) {
    // Leaving the site.
    events.subscribe('account.deletion_requested', 'posts', ({ userId }) => this.db.transaction((tx) => this.hideOfUser(userId, tx)));
    events.subscribe('account.deleted', 'posts', ({ userId }) => this.deleteOfUser(userId));
    events.subscribe('moderation.hidden', 'posts', async ({ targetType, targetId, reason }) => {
      if (targetType === 'post' || targetType === 'comment') await this.db.transaction((tx) => this.moderate(targetType, targetId, 'hide', reason, tx));
    });
    // A suspended account's posts (and the reposts of them) and comments are hidden while it holds.
    events.subscribe('account.suspended', 'posts', ({ userId }) => this.db.transaction((tx) => this.suspendOfUser(userId, 'hide', tx)));
    events.subscribe('account.unsuspended', 'posts', ({ userId }) => this.db.transaction((tx) => this.suspendOfUser(userId, 'show', tx)));
    events.subscribe('moderation.restored', 'posts', async ({ targetType, targetId }) => {
      if (targetType === 'post' || targetType === 'comment') await this.db.transaction((tx) => this.moderate(targetType, targetId, 'show', null, tx));
    });
  }

  /**
   * `account.deletion_requested`: the user's posts, the reposts of them, the user's likes and
   * comments leave every list, and every counter that counted them (the authors' post_counts,
   * reposted_times, liked_times, commented_counts, the Books' review statistics) loses them.
   */
  async hideOfUser(userId: number, tx: Tx): Promise<void> {
    await this.flipPosts(`NOT p.hidden AND ${OF_USER}`, { user: userId }, 'hide', tx);
    await this.db.exec(
      `WITH flipped AS (UPDATE post_likes SET hidden = true WHERE user_id = :user AND NOT hidden RETURNING post_id)
       ${PostCounters.byRowsSql('liked_times', 'flipped', -1)}`,
      { user: userId },
      tx,
    );
    await this.db.exec(
      `WITH flipped AS (UPDATE post_comments SET hidden = true WHERE user_id = :user AND NOT hidden RETURNING post_id)
       ${PostCounters.byRowsSql('commented_counts', 'flipped', -1)}`,
      { user: userId },
      tx,
    );
  }

  /**
   * `account.suspended` / `account.unsuspended`: the user's posts, the reposts of them and the
   * user's comments leave (or come back to) every list and counter, as a moderator's hide; the rows
   * are marked `suspended_hidden`, so lifting shows exactly those (not what a moderator or the
   * user's leaving hid).
   */
  async suspendOfUser(userId: number, to: 'hide' | 'show', tx: Tx): Promise<void> {
    const hide = to === 'hide';
    await this.flipPosts(hide ? `NOT p.hidden AND ${OF_USER}` : `p.hidden AND p.suspended_hidden AND ${OF_USER}`, { user: userId }, to, tx, null, hide);
    await this.db.exec(
      `WITH flipped AS (UPDATE post_comments SET hidden = :hide, suspended_hidden = :hide WHERE user_id = :user AND ${hide ? 'NOT hidden' : 'hidden AND suspended_hidden'} RETURNING post_id)
       ${PostCounters.byRowsSql('commented_counts', 'flipped', hide ? -1 : 1)}`,
      { user: userId, hide },
      tx,
    );
  }

  /**
   * `moderation.hidden`: a moderator hid a post (with the reposts showing it) or a comment. The
   * row leaves every list and counter as a deleted one would; its author still sees it, marked
   * with the reason (`posts.own-moderated`). `moderation.restored` undoes exactly that.
   */
  async moderate(targetType: 'post' | 'comment', targetId: number, to: 'hide' | 'show', reason: string | null, tx: Tx): Promise<void> {
    if (targetType === 'post') {
      const which = `(p.id = :target OR (p.reposting AND p.reposting_from = :target))`;
      await this.flipPosts(
        to === 'hide' ? `NOT p.hidden AND ${which}` : `p.hidden AND p.moderated_reason IS NOT NULL AND ${which}`,
        { target: targetId },
        to,
        tx,
        reason,
      );
      return;
    }
    const condition = to === 'hide' ? 'NOT hidden' : 'hidden AND moderated_reason IS NOT NULL';
    await this.db.exec(
      `WITH flipped AS (UPDATE post_comments SET hidden = ${to === 'hide'}, moderated_reason = :reason::text WHERE id = :target AND ${condition} RETURNING post_id)
       ${PostCounters.byRowsSql('commented_counts', 'flipped', to === 'hide' ? -1 : 1)}`,
      { target: targetId, reason },
      tx,
    );
  }

  /**
   * The spam brake (docs/operations.md): a post with a link by a young account against which
   * reports pile up (safety module's `heldAuthorSql`) is held — hidden as a moderator's hide, with
   * HELD_REASON, its author alone sees it — and `post.held` puts it on the moderators' queue, where
   * a restore (or dismissing its report) releases it.
   */
  async holdIfBraked(postId: number, userId: number, tx: Tx): Promise<void> {
    const braked = await this.db.row<{ held: boolean }>(`SELECT ${heldAuthorSql(':user::int')} AS held`, { user: userId }, tx);
    if (!braked?.held) return;
    await this.flipPosts('p.id = :post AND NOT p.hidden', { post: postId }, 'hide', tx, HELD_REASON);
    await this.events.publish('post.held', { postId, userId }, tx);
  }

  /**
   * `account.deleted`: the stored images of the user's posts first, then (hiding first whatever
   * is not hidden yet, so the counters are right whichever event ran first) the user's likes,
   * comments, posts — reposts of them and others' likes and comments on them go with them, within
   * this module — and post counts.
   */
  async deleteOfUser(userId: number): Promise<void> {
    const images = await this.db.rows<{ img: string }>(`SELECT img FROM posts WHERE user_id = :user AND NOT reposting AND img IS NOT NULL`, { user: userId });
    for (const { img } of images) await this.storage.delete(img).catch(() => undefined);
    await this.db.transaction(async (tx) => {
      await this.hideOfUser(userId, tx);
      await this.db.exec(`DELETE FROM post_likes WHERE user_id = :user`, { user: userId }, tx);
      await this.db.exec(`DELETE FROM post_comments WHERE user_id = :user`, { user: userId }, tx);
      const circlePosts = await this.db.rows<{ id: number }>(`SELECT id FROM posts WHERE user_id = :user AND communitypost_flag`, { user: userId }, tx);
      await this.audiences.detach(
        'post',
        circlePosts.map((p) => p.id),
        tx,
      );
      await this.db.exec(`DELETE FROM posts WHERE user_id = :user`, { user: userId }, tx);
      await this.db.exec(`DELETE FROM post_counts WHERE user_id = :user`, { user: userId }, tx);
    });
  }

  /**
   * Hides (or shows again) the posts `where` selects (`p`, its named parameters in `params`) and
   * moves every counter that counts visible posts by the rows flipped: the authors' post_count and
   * rating_sum, the originals' reposted_times, the Books' review statistics. Only rows that change
   * count. `reason` is the moderator's (null otherwise); `suspended` marks rows hidden for a
   * suspension.
   *
   * The flipped rows come back with `hidden` as it stands while they are shown (before a hide,
   * after a show), so the counting rules are asked of them as written: visiblePost for the
   * authors' totals, countsTowardBookSql for the Books.
   */
  private async flipPosts(
    where: string,
    params: Readonly<Record<string, unknown>>,
    to: 'hide' | 'show',
    tx: Tx,
    reason: string | null = null,
    suspended = false,
  ): Promise<void> {
    const sign: Sign = to === 'hide' ? -1 : 1;
    const changes = await this.db.rows<{ kind: 'repost' | 'book'; id: number; n: number; rating_sum: number; rated: number }>(
      `WITH flipped AS (
         UPDATE posts p SET hidden = ${to === 'hide'}, moderated_reason = :reason::text, suspended_hidden = ${suspended}
          WHERE ${where}
         RETURNING p.user_id, p.rating, p.review_to, p.reposting, p.reposting_from, p.communitypost_flag, false AS hidden
       ), authors AS (
         ${PostCounters.authorsByRowsSql(`flipped f WHERE ${visiblePost('f')}`, sign)}
       )
       SELECT 'repost' AS kind, reposting_from AS id, count(*)::int AS n, 0 AS rating_sum, 0 AS rated FROM flipped WHERE reposting GROUP BY reposting_from
       UNION ALL
       SELECT 'book', f.review_to, count(*)::int, coalesce(sum(f.rating), 0)::int, count(f.rating)::int FROM flipped f
        WHERE f.review_to IS NOT NULL AND ${countsTowardBookSql('f')} GROUP BY f.review_to`,
      { ...params, reason },
      tx,
    );
    await this.counters.moveMany(
      'reposted_times',
      changes.filter((c) => c.kind === 'repost').map((c) => ({ postId: c.id, n: c.n })),
      sign,
      tx,
    );
    await this.books.recordPostTotals(
      changes.filter((c) => c.kind === 'book').map((c) => ({ bookId: c.id, posts: sign * c.n, ratingSum: sign * c.rating_sum, rated: sign * c.rated })),
      tx,
    );
  }
}
