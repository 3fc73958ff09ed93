import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { EventsService } from '../../common/events/events.service';
import { Db, type Tx } from '../../database/db';
import { PostCounters } from './post-counters';
import type { PostRow } from './post.packer';

/** Likes (post_likes): a like, its taking back, the post's liked_times and the `post.liked` event. */
@Injectable()
export class PostLikes {
  constructor(
    private readonly db: Db,
    private readonly counters: PostCounters,
    private readonly events: EventsService,
  ) {}

  /**
   * Likes or unlikes as `viewer`; the counter and the event change only when the like itself
   * does. A like of a repost is a like of its original, whose counters the repost shows.
   */
  async set(viewer: AuthUser, shown: PostRow, like: boolean, tx: Tx): Promise<void> {
    const post = shown.reposting && shown.reposting_from ? { id: shown.reposting_from, user_id: shown.reposting_from_user ?? shown.user_id } : shown;
    if (like) {
      const added = await this.db.row<{ id: number }>(
        `INSERT INTO post_likes (post_id, user_id) VALUES (:post, :viewer) ON CONFLICT (post_id, user_id) DO NOTHING RETURNING id`,
        { post: post.id, viewer: viewer.id },
        tx,
      );
      if (!added) return;
      await this.counters.move('liked_times', post.id, 1, tx);
      await this.events.publish('post.liked', { likeId: added.id, postId: post.id, userId: viewer.id, authorId: post.user_id }, tx);
    } else {
      const removed = await this.db.exec(
        `DELETE FROM post_likes WHERE post_id = :post AND user_id = :viewer AND NOT hidden`,
        { post: post.id, viewer: viewer.id },
        tx,
      );
      if (removed) await this.counters.move('liked_times', post.id, -1, tx);
    }
  }
}
