import { Injectable } from '@nestjs/common';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import type { AuthUser } from '../../common/auth/auth-user';
import { EventsService } from '../../common/events/events.service';
import { DrfValidationError, Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import { type PageWindow, pageSql } from '../../common/http/paging';
import { Db } from '../../database/db';
import { ProfilePacker } from '../profiles/profile.packer';
import type { CommentResponse, CommentsResponse, CreateCommentDto } from './dto/post.dto';
import { PostCounters } from './post-counters';
import { AUTHOR_ONLY, invalidPk, PostsService } from './posts.service';

interface CommentRow {
  id: number;
  post_id: number;
  user_id: number;
  text: string;
  created_on: Date;
}

const COMMENT_COLUMNS = 'id, post_id, user_id, text, created_on';

/**
 * Comments (post_comments): writing and deleting one (with the post's commented_counts and the
 * `post.commented` event), and a post's thread with its authors' profiles.
 */
@Injectable()
export class PostComments {
  constructor(
    private readonly db: Db,
    private readonly posts: PostsService,
    private readonly counters: PostCounters,
    private readonly access: AccessService,
    private readonly events: EventsService,
    private readonly profiles: ProfilePacker,
  ) {}

  async comment(viewer: AuthUser, dto: CreateCommentDto): Promise<CommentResponse> {
    const allowed = await this.access.check(viewer, Permission.PostVisible, [dto.post]);
    const shown = allowed.size ? await this.posts.find(dto.post) : undefined;
    if (!shown) throw DrfValidationError.field('post', invalidPk(dto.post));
    // A comment on a repost is a comment on its original (the repost shows the original's thread).
    const post = shown.reposting && shown.reposting_from ? ((await this.posts.find(shown.reposting_from)) ?? shown) : shown;
    await this.access.require(viewer, Permission.UserInteract, [post.user_id, shown.user_id], { detail: Msg.blockedInteraction });
    const row = await this.db.transaction(async (tx) => {
      const created = (await this.db.row<CommentRow>(
        `INSERT INTO post_comments (post_id, user_id, text) VALUES (:post, :viewer, :text) RETURNING ${COMMENT_COLUMNS}`,
        { post: post.id, viewer: viewer.id, text: dto.text },
        tx,
      ))!;
      await this.counters.move('commented_counts', post.id, 1, tx);
      await this.events.publish('post.commented', { commentId: created.id, postId: post.id, userId: viewer.id, authorId: post.user_id }, tx);
      return created;
    });
    return (await this.pack([row]))[0];
  }

  /** DELETE monocomment/{id}/: the comment's author only. */
  async remove(viewer: AuthUser, id: number): Promise<void> {
    const row = await this.db.row<CommentRow>(`SELECT ${COMMENT_COLUMNS} FROM post_comments WHERE id = :id AND NOT hidden`, { id });
    if (!row) throw notFound();
    await this.access.require(viewer, Permission.CommentAuthor, [id], { detail: AUTHOR_ONLY });
    await this.db.transaction(async (tx) => {
      const deleted = await this.db.exec(`DELETE FROM post_comments WHERE id = :id AND NOT hidden`, { id }, tx);
      if (deleted) await this.counters.move('commented_counts', row.post_id, -1, tx);
    });
  }

  /** Comments of a post, oldest first, with their authors' profiles. */
  async thread(viewer: AuthUser | undefined, postId: number, page: PageWindow): Promise<CommentsResponse> {
    const post = await this.posts.findVisible(viewer, postId);
    // A repost shows its original's thread (and count).
    const threadId = post.reposting && post.reposting_from ? post.reposting_from : postId;
    const w = pageSql(page);
    const rows = await this.db.rows<CommentRow>(
      `SELECT ${COMMENT_COLUMNS} FROM post_comments WHERE post_id = :thread AND NOT hidden ORDER BY id LIMIT ${w.limit} OFFSET ${w.offset}`,
      { thread: threadId, ...w.params },
    );
    return { comments_with_profiles: await this.pack(rows), totalCount: post.commented_counts };
  }

  private async pack(rows: CommentRow[]): Promise<CommentResponse[]> {
    const people = await this.profiles.summaries(rows.map((r) => r.user_id));
    return rows.map((r) => ({
      id: r.id,
      text: r.text,
      post: r.post_id,
      userComment: r.user_id,
      userProfile: r.user_id,
      profile: people.get(r.user_id) ?? null,
      created_on: new Date(r.created_on).toISOString(),
    }));
  }
}
