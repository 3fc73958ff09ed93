import type { UploadedMultipartFile } from '@nestjs/platform-fastify/multipart';
import { HELD_REASON, heldAuthorSql, hiddenAuthorsSql, LINK_PATTERN, notBlockedSql } from '../safety/safety-sql';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import * as crypto from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import { Audiences } from '../../common/audiences/audiences';
import type { AuthUser } from '../../common/auth/auth-user';
import { EventsService } from '../../common/events/events.service';
import { DrfValidationError, Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import type { PageWindow } from '../../common/http/paging';
import { normalizeImage } from '../../common/uploads/images';
import { FileStorage } from '../../storage/file-storage';
import { BooksService } from '../books/books.service';
import { ProfilePacker } from '../profiles/profile.packer';
import type { CommentResponse, CommentsResponse, CreateCommentDto, CreatePostDto, PostInteractionsResponse, PostResponse, UpdatePostDto } from './dto/post.dto';
import { POST_COLUMNS, PostPacker, type PostRow } from './post.packer';
import { Sql } from '../../database/sql';

export const ALREADY_REPOSTED = Msg.alreadyReposted;
export const LIKE_ONLY_YOURSELF = Msg.likeOnlyYourself;
export const AUTHOR_ONLY = Msg.authorOnly;
export const CIRCLES_NOT_AVAILABLE = Msg.circlesNotAvailable;
export const invalidPk = (id: number) => Msg.invalidPk(id);

/**
 * The one visibility rule of feeds: circle posts (communitypost_flag) appear only in their
 * circle's feed, never in home, user, Book, liked or discovery lists; hidden posts (their author,
 * or for a repost the reposted post's author, asked to delete their account) appear nowhere.
 * Every list query here filters with it, `Permission.PostVisible` too, and the feed indexes are
 * partial on it.
 */
export const visiblePost = (alias = 'p') => `NOT ${alias}.communitypost_flag AND NOT ${alias}.hidden`;

/**
 * Posts of `alias` the viewer `viewerSql` sees in lists (safety module: neither its author nor,
 * for a repost, the original's author blocked either way or muted by the viewer). Empty for a
 * visitor (nothing to check).
 */
export const seenBy = (alias: string, viewerSql: string | undefined) =>
  viewerSql ? ` AND ${alias}.user_id NOT IN (${hiddenAuthorsSql(viewerSql)})${seenRepostBy(alias, viewerSql)}` : '';

/**
 * The half of `seenBy` about a repost's original author, for lists whose authors are already
 * known to be seen (the home feed checks each followed user once, not each of their posts).
 */
export const seenRepostBy = (alias: string, viewerSql: string) =>
  ` AND (${alias}.reposting_from_user IS NULL OR ${alias}.reposting_from_user NOT IN (${hiddenAuthorsSql(viewerSql)}))`;

/** A post as the product stores it (the API and the test factories write through this). */
export interface NewPost {
  userId: number;
  text: string;
  img?: string | null;
  rating?: number | null;
  reviewTo?: number | null;
  repostingFrom?: number | null;
  repostingFromUser?: number | null;
  newData?: boolean;
  purePost?: boolean;
  communityPost?: boolean;
  communities?: number[];
}

/**
 * Posts, reviews, reposts, likes and comments. Owns posts, post_likes and post_comments; the
 * counters on a post (likedTimes, repostedTimes, commentedCounts) and a Book's review statistics
 * change in the same transaction as the act.
 */
@Injectable()
export class PostsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sql: Sql,
    private readonly access: AccessService,
    private readonly events: EventsService,
    private readonly books: BooksService,
    private readonly packer: PostPacker,
    private readonly profiles: ProfilePacker,
    private readonly storage: FileStorage,
    private readonly audiences: Audiences,
  ) {
    access.contribute(Permission.PostAuthor, 'posts.author', (viewer, ids, tx) => this.idsWhere('posts', 'user_id = $2', ids, viewer, tx));
    access.contribute(Permission.PostContentEdit, 'posts.own-content', (viewer, ids, tx) => this.idsWhere('posts', 'user_id = $2 AND NOT reposting', ids, viewer, tx));
    access.contribute(Permission.CommentAuthor, 'posts.comment-author', (viewer, ids, tx) => this.idsWhere('post_comments', 'user_id = $2', ids, viewer, tx));
    // Posts outside circles are everyone's to see; a circles module contributes its members' circle posts.
    access.contribute(Permission.PostVisible, 'posts.public', async (viewer, ids, tx) => {
      // Neither side of a block sees the other's posts (safety module's fragment).
      const unblocked = viewer ? ` AND ${notBlockedSql('p.user_id', '$2::int')} AND (p.reposting_from_user IS NULL OR ${notBlockedSql('p.reposting_from_user', '$2::int')})` : '';
      const sql = `SELECT p.id FROM posts p WHERE p.id = ANY($1::int[]) AND ${visiblePost()}${unblocked}`;
      const params = viewer ? [ids, viewer.id] : [ids];
      const rows: Array<{ id: number }> = tx ? await tx.query(sql, params) : await this.sql.query(sql, params);
      return rows.map((r) => r.id);
    });
    // Its author still sees a post a moderator hid (or the spam brake holds), marked with the reason.
    access.contribute(Permission.PostVisible, 'posts.own-moderated', (viewer, ids, tx) =>
      this.idsWhere('posts', 'user_id = $2 AND hidden AND moderated_reason IS NOT NULL AND NOT reposting', ids, viewer, tx),
    );
    // Leaving the site (domain-events.ts).
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
   * reposted_times, liked_times, commented_counts, the Books' review statistics) loses them. Each
   * statement flips only rows not hidden yet and adjusts the counters from the rows it flipped,
   * so a redelivered (or concurrent) event changes nothing more. Counters count visible rows.
   */
  async hideOfUser(userId: number, tx: EntityManager): Promise<void> {
    await this.flipPosts(
      `NOT p.hidden AND (p.user_id = $1 OR (p.reposting AND p.reposting_from IN (SELECT o.id FROM posts o WHERE o.user_id = $1 AND NOT o.reposting)))`,
      [userId],
      'hide',
      tx,
    );
    await tx.query(
      `WITH flipped AS (UPDATE post_likes SET hidden = true WHERE user_id = $1 AND NOT hidden RETURNING post_id)
       UPDATE posts p SET liked_times = p.liked_times - f.n FROM (SELECT post_id, count(*)::int AS n FROM flipped GROUP BY post_id) f WHERE p.id = f.post_id`,
      [userId],
    );
    await tx.query(
      `WITH flipped AS (UPDATE post_comments SET hidden = true WHERE user_id = $1 AND NOT hidden RETURNING post_id)
       UPDATE posts p SET commented_counts = p.commented_counts - f.n FROM (SELECT post_id, count(*)::int AS n FROM flipped GROUP BY post_id) f WHERE p.id = f.post_id`,
      [userId],
    );
  }

  /**
   * `account.suspended` / `account.unsuspended`: the user's posts, the reposts of them and the
   * user's comments leave (or come back to) every list and counter, as a moderator's hide; the rows
   * are marked `suspended_hidden`, so lifting shows exactly those (not what a moderator or the
   * user's leaving hid).
   */
  async suspendOfUser(userId: number, to: 'hide' | 'show', tx: EntityManager): Promise<void> {
    const theirs = `(p.user_id = $1 OR (p.reposting AND p.reposting_from IN (SELECT o.id FROM posts o WHERE o.user_id = $1 AND NOT o.reposting)))`;
    await this.flipPosts(to === 'hide' ? `NOT p.hidden AND ${theirs}` : `p.hidden AND p.suspended_hidden AND ${theirs}`, [userId], to, tx, null, to === 'hide');
    await tx.query(
      `WITH flipped AS (UPDATE post_comments SET hidden = $2, suspended_hidden = $2 WHERE user_id = $1 AND ${to === 'hide' ? 'NOT hidden' : 'hidden AND suspended_hidden'} RETURNING post_id)
       UPDATE posts p SET commented_counts = p.commented_counts + $3 * f.n FROM (SELECT post_id, count(*)::int AS n FROM flipped GROUP BY post_id) f WHERE p.id = f.post_id`,
      [userId, to === 'hide', to === 'hide' ? -1 : 1],
    );
  }

  /**
   * Hides (or shows again) the posts `where` selects (`p`, parameters `params`) and moves every
   * counter that counts visible posts by the rows flipped: the authors' post_count and rating_sum,
   * the originals' reposted_times, the Books' review statistics. Only rows that change count, so
   * a redelivered event changes nothing more. `reason` is the moderator's (null otherwise);
   * `suspended` marks rows hidden for a suspension.
   */
  private async flipPosts(where: string, params: unknown[], to: 'hide' | 'show', tx: EntityManager, reason: string | null = null, suspended = false): Promise<void> {
    const sign = to === 'hide' ? -1 : 1;
    const r = params.length + 1;
    const changes: Array<{ kind: 'repost' | 'book'; id: number; n: number; rating_sum: number; rated: number }> = await tx.query(
      `WITH flipped AS (
         UPDATE posts p SET hidden = ${to === 'hide'}, moderated_reason = $${r}::text, suspended_hidden = ${suspended}
          WHERE ${where}
         RETURNING p.user_id, p.rating, p.review_to, p.reposting, p.reposting_from, p.communitypost_flag
       ), authors AS (
         UPDATE post_counts c SET post_count = c.post_count + ${sign} * a.n, rating_sum = c.rating_sum + ${sign} * a.total
           FROM (SELECT user_id, count(*)::int AS n, coalesce(sum(rating), 0)::int AS total FROM flipped WHERE NOT communitypost_flag GROUP BY user_id) a
          WHERE c.user_id = a.user_id
       )
       SELECT 'repost' AS kind, reposting_from AS id, count(*)::int AS n, 0 AS rating_sum, 0 AS rated FROM flipped WHERE reposting GROUP BY reposting_from
       UNION ALL
       SELECT 'book', review_to, count(*)::int, coalesce(sum(rating), 0)::int, count(rating)::int FROM flipped
        WHERE review_to IS NOT NULL AND NOT reposting AND NOT communitypost_flag GROUP BY review_to`,
      [...params, reason],
    );
    const reposted = changes.filter((c) => c.kind === 'repost');
    if (reposted.length) {
      await tx.query(`UPDATE posts p SET reposted_times = p.reposted_times + $3 * d.n FROM unnest($1::int[], $2::int[]) AS d(id, n) WHERE p.id = d.id`, [
        reposted.map((c) => c.id),
        reposted.map((c) => c.n),
        sign,
      ]);
    }
    await this.books.recordPostTotals(
      changes.filter((c) => c.kind === 'book').map((c) => ({ bookId: c.id, posts: sign * c.n, ratingSum: sign * c.rating_sum, rated: sign * c.rated })),
      tx,
    );
  }

  /**
   * `moderation.hidden`: a moderator hid a post (with the reposts showing it) or a comment. The
   * row leaves every list and counter as a deleted one would; its author still sees it, marked
   * with the reason (`posts.own-moderated`). `moderation.restored` undoes exactly that.
   */
  async moderate(targetType: 'post' | 'comment', targetId: number, to: 'hide' | 'show', reason: string | null, tx: EntityManager): Promise<void> {
    if (targetType === 'post') {
      const which = `(p.id = $1 OR (p.reposting AND p.reposting_from = $1))`;
      await this.flipPosts(to === 'hide' ? `NOT p.hidden AND ${which}` : `p.hidden AND p.moderated_reason IS NOT NULL AND ${which}`, [targetId], to, tx, reason);
      return;
    }
    const condition = to === 'hide' ? 'NOT hidden' : 'hidden AND moderated_reason IS NOT NULL';
    await tx.query(
      `WITH flipped AS (UPDATE post_comments SET hidden = ${to === 'hide'}, moderated_reason = $2::text WHERE id = $1 AND ${condition} RETURNING post_id)
       UPDATE posts p SET commented_counts = p.commented_counts + $3 FROM flipped f WHERE p.id = f.post_id`,
      [targetId, reason, to === 'hide' ? -1 : 1],
    );
  }

  /** The texts of posts and comments (hidden or not) for the moderation queue, keyed `type:id`; one statement. */
  async textsOf(targets: ReadonlyArray<{ type: 'post' | 'comment'; id: number }>): Promise<Map<string, string>> {
    if (!targets.length) return new Map();
    const ids = (type: string) => targets.filter((t) => t.type === type).map((t) => t.id);
    const rows: Array<{ k: string; text: string }> = await this.sql.query(
      `SELECT 'post:' || id AS k, text FROM posts WHERE id = ANY($1::int[]) UNION ALL SELECT 'comment:' || id, text FROM post_comments WHERE id = ANY($2::int[])`,
      [ids('post'), ids('comment')],
    );
    return new Map(rows.map((r) => [r.k, r.text]));
  }

  /** The author of a post or comment (hidden or not), for reports and the moderation queue; undefined when there is none. */
  async authorOf(targetType: 'post' | 'comment', id: number, tx?: EntityManager): Promise<{ userId: number; text: string; hiddenReason: string | null } | undefined> {
    const table = targetType === 'post' ? 'posts' : 'post_comments';
    const sql = `SELECT user_id, text, moderated_reason FROM ${table} WHERE id = $1`;
    const [row]: Array<{ user_id: number; text: string; moderated_reason: string | null }> = tx ? await tx.query(sql, [id]) : await this.sql.query(sql, [id]);
    return row ? { userId: row.user_id, text: row.text, hiddenReason: row.moderated_reason } : undefined;
  }

  /**
   * `account.deleted`: the stored images of the user's posts first, then (hiding first whatever
   * is not hidden yet, so the counters are right whichever event ran first) the user's likes,
   * comments, posts — reposts of them and others' likes and comments on them go with them, within
   * this module — and post counts.
   */
  async deleteOfUser(userId: number): Promise<void> {
    const images: Array<{ img: string }> = await this.sql.query(`SELECT img FROM posts WHERE user_id = $1 AND NOT reposting AND img IS NOT NULL`, [userId]);
    for (const { img } of images) await this.storage.delete(img).catch(() => undefined);
    await this.db.transaction(async (tx) => {
      await this.hideOfUser(userId, tx);
      await tx.query(`DELETE FROM post_likes WHERE user_id = $1`, [userId]);
      await tx.query(`DELETE FROM post_comments WHERE user_id = $1`, [userId]);
      const circlePosts: Array<{ id: number }> = await tx.query(`SELECT id FROM posts WHERE user_id = $1 AND communitypost_flag`, [userId]);
      await this.audiences.detach('post', circlePosts.map((p) => p.id), tx);
      await tx.query(`DELETE FROM posts WHERE user_id = $1`, [userId]);
      await tx.query(`DELETE FROM post_counts WHERE user_id = $1`, [userId]);
    });
  }

  private async idsWhere(table: string, condition: string, ids: readonly number[], viewer?: AuthUser, tx?: EntityManager): Promise<number[]> {
    if (!viewer) return [];
    const sql = `SELECT id FROM ${table} WHERE id = ANY($1::int[]) AND ${condition}`;
    const rows: Array<{ id: number }> = tx ? await tx.query(sql, [ids, viewer.id]) : await this.sql.query(sql, [ids, viewer.id]);
    return rows.map((r) => r.id);
  }

  /**
   * Whether an act named by an event still stands (the like not taken back, the comment or
   * repost not deleted): the check a notification handler makes first (see domain-events.ts).
   */
  async actExists(kind: 'like' | 'comment' | 'repost' | 'post', id: number): Promise<boolean> {
    const sql = {
      post: `SELECT 1 FROM posts WHERE id = $1 AND NOT reposting AND NOT hidden`,
      like: `SELECT 1 FROM post_likes WHERE id = $1 AND NOT hidden`,
      comment: `SELECT 1 FROM post_comments WHERE id = $1 AND NOT hidden`,
      repost: `SELECT 1 FROM posts WHERE id = $1 AND reposting AND NOT hidden`,
    }[kind];
    return (await this.sql.query(sql, [id])).length > 0;
  }

  /**
   * SQL of the text of post `idSql`, null when it is hidden or gone (post texts are never null):
   * the previews another module's list embeds in its own statement (notifications). The posts
   * table stays this module's.
   */
  postTextSql(idSql: string): string {
    return `(SELECT pt.text FROM posts pt WHERE pt.id = ${idSql} AND NOT pt.hidden)`;
  }

  /** SQL of the text of comment `idSql`, null when it is hidden or gone (as `postTextSql`). */
  commentTextSql(idSql: string): string {
    return `(SELECT ct.text FROM post_comments ct WHERE ct.id = ${idSql} AND NOT ct.hidden)`;
  }

  private async row(id: number, tx?: EntityManager): Promise<PostRow | undefined> {
    const [row] = await (tx ?? this.db).query(`SELECT ${POST_COLUMNS} FROM posts p WHERE p.id = $1`, [id]);
    return row;
  }

  /** A post the viewer may see, or 404 (circle posts do not leak their existence). */
  private async visibleRow(viewer: AuthUser | undefined, id: number): Promise<PostRow> {
    await this.access.require(viewer, Permission.PostVisible, [id], { refuse: 'not-found' });
    const row = await this.row(id);
    if (!row) throw notFound();
    return row;
  }

  async packOne(id: number, viewer?: AuthUser): Promise<PostResponse> {
    const row = await this.row(id);
    if (!row) throw notFound();
    return (await this.packer.pack([row], viewer))[0];
  }

  async get(viewer: AuthUser | undefined, id: number): Promise<PostResponse> {
    return (await this.packer.pack([await this.visibleRow(viewer, id)], viewer))[0];
  }

  async interactions(viewer: AuthUser | undefined, id: number): Promise<PostInteractionsResponse> {
    const row = await this.visibleRow(viewer, id);
    const f = (await this.packer.interactions([row], viewer)).get(id);
    return { is_liked: !!f?.is_liked, is_reposted: !!f?.is_reposted, is_commented: !!f?.is_commented };
  }

  /**
   * Stores a post in `tx`: the row, the reposted post's counter and event, the Book's review
   * statistics. The HTTP path and the test factories both come here.
   */
  async insert(post: NewPost, tx: EntityManager): Promise<number> {
    const reposting = post.repostingFrom != null;
    const [row]: Array<{ id: number }> = await tx.query(
      `INSERT INTO posts (user_id, text, img, rating, review_to, reposting, reposting_from, reposting_from_user, new_data_flag, purepost_flag, communitypost_flag)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (user_id, reposting_from) WHERE reposting DO NOTHING RETURNING id`,
      [
        post.userId, post.text, post.img ?? null, post.rating ?? null, post.reviewTo ?? null, reposting, post.repostingFrom ?? null,
        post.repostingFromUser ?? null, !!post.newData, !!post.purePost, !!post.communityPost,
      ],
    );
    if (!row) throw DrfValidationError.nonField(ALREADY_REPOSTED);
    // The audience owner (circles) links the post to its circles and counts it there.
    if (post.communityPost) await this.audiences.attach('post', row.id, post.userId, post.communities ?? [], tx);
    if (!post.communityPost) await this.countPost(post.userId, 1, post.rating ?? 0, tx);
    if (reposting) {
      await tx.query(`UPDATE posts SET reposted_times = reposted_times + 1 WHERE id = $1`, [post.repostingFrom]);
      await this.events.publish('post.reposted', { repostId: row.id, postId: post.repostingFrom!, userId: post.userId, authorId: post.repostingFromUser! }, tx);
    } else if (post.reviewTo && !post.communityPost) {
      await this.books.recordPost(post.reviewTo, { posts: 1, rating: post.rating ?? null }, tx);
      await this.events.publish('post.about_book', { postId: row.id, userId: post.userId, bookId: post.reviewTo }, tx);
    }
    return row.id;
  }

  async create(viewer: AuthUser, dto: CreatePostDto, image?: UploadedMultipartFile): Promise<PostResponse> {
    const communities = [...new Set(dto.communities ?? [])];
    if (dto.communitypost_flag && !communities.length) throw DrfValidationError.field('communities', Msg.circlePostNeedsCircles);
    if (communities.length) {
      if (!this.access.has(Permission.CircleMember)) throw DrfValidationError.field('communities', CIRCLES_NOT_AVAILABLE);
      // Only members address a circle (403 otherwise; a circle that does not exist has no members).
      await this.access.require(viewer, Permission.CircleMember, communities, { detail: Msg.notCircleMember });
    }
    let post: NewPost;
    if (dto.reposting) {
      if (dto.repostingFrom === undefined) throw DrfValidationError.field('repostingFrom', Msg.required);
      const allowed = await this.access.check(viewer, Permission.PostVisible, [dto.repostingFrom]);
      const target = allowed.size ? await this.row(dto.repostingFrom) : undefined;
      if (!target) throw DrfValidationError.field('repostingFrom', invalidPk(dto.repostingFrom));
      // A circle post stays in its circle: a repost would show it to everyone.
      if (target.communitypost_flag) throw DrfValidationError.field('repostingFrom', Msg.circlePostNotReposted);
      // A repost of a repost reposts the original. The repost carries the original's content.
      const original = target.reposting && target.reposting_from ? ((await this.row(target.reposting_from)) ?? target) : target;
      // A block either way refuses the repost (safety module's part of UserInteract).
      await this.access.require(viewer, Permission.UserInteract, [original.user_id, target.user_id], { detail: Msg.blockedInteraction });
      post = {
        userId: viewer.id, text: original.text, img: original.img, rating: original.rating, reviewTo: original.review_to,
        repostingFrom: original.id, repostingFromUser: original.user_id, communities: [],
      };
    } else {
      const text = dto.text?.trim() ?? '';
      if (!text) throw DrfValidationError.field('text', dto.text === undefined ? Msg.required : Msg.blank);
      if (dto.rating !== undefined && dto.reviewTo === undefined) throw DrfValidationError.field('rating', Msg.ratingNeedsReview);
      if (dto.reviewTo !== undefined && !(await this.books.mayRead(viewer, dto.reviewTo))) throw DrfValidationError.field('reviewTo', invalidPk(dto.reviewTo));
      post = {
        userId: viewer.id, text: dto.text!, rating: dto.rating ?? null, reviewTo: dto.reviewTo ?? null,
        // A post addressed to circles is a circle post, whatever the flag says: it never leaves them.
        newData: dto.new_data_flag, purePost: dto.purepost_flag, communityPost: !!dto.communitypost_flag || communities.length > 0, communities,
      };
    }
    if (image && !dto.reposting) post.img = await this.storeImage(viewer.id, image);
    let id: number;
    try {
      id = await this.db.transaction(async (tx) => {
        const made = await this.insert(post, tx);
        if (!dto.reposting && !post.communityPost && LINK_PATTERN.test(post.text)) await this.holdIfBraked(made, viewer.id, tx);
        return made;
      });
    } catch (err) {
      if (image && post.img) await this.storage.delete(post.img).catch(() => undefined);
      throw err;
    }
    return this.packOne(id, viewer);
  }

  /**
   * The spam brake (docs/operations.md): a post with a link by a young account against which
   * reports pile up (safety module's `heldAuthorSql`) is held — hidden as a moderator's hide, with
   * HELD_REASON, its author alone sees it — and `post.held` puts it on the moderators' queue, where
   * a restore (or dismissing its report) releases it.
   */
  private async holdIfBraked(postId: number, userId: number, tx: EntityManager): Promise<void> {
    const [{ held }]: Array<{ held: boolean }> = await tx.query(`SELECT ${heldAuthorSql('$1::int')} AS held`, [userId]);
    if (!held) return;
    await this.flipPosts('p.id = $1 AND NOT p.hidden', [postId], 'hide', tx, HELD_REASON);
    await this.events.publish('post.held', { postId, userId }, tx);
  }

  /**
   * PUT monopost/{id}/: the author changes text, rating, image and flags; anyone logged in likes
   * or unlikes as themselves through `liked`. Counts are the server's, never the client's.
   */
  async update(viewer: AuthUser, id: number, dto: UpdatePostDto, image?: UploadedMultipartFile): Promise<PostResponse> {
    const row = await this.visibleRow(viewer, id);
    const edits = dto.text !== undefined || dto.rating !== undefined || dto.new_data_flag !== undefined || dto.purepost_flag !== undefined || !!image;
    if (edits) await this.access.require(viewer, Permission.PostAuthor, [id], { detail: AUTHOR_ONLY });
    if (dto.liked !== undefined) await this.access.require(viewer, Permission.Self, dto.liked, { detail: LIKE_ONLY_YOURSELF });
    if (dto.liked?.includes(viewer.id)) {
      const authors = [row.user_id, ...(row.reposting_from_user ? [row.reposting_from_user] : [])];
      await this.access.require(viewer, Permission.UserInteract, authors, { detail: Msg.blockedInteraction });
    }
    // A repost carries the original's text and image under the original author's name.
    if (edits) await this.access.require(viewer, Permission.PostContentEdit, [id], { detail: Msg.repostNotEditable });
    if (edits) {
      if (dto.text !== undefined && !dto.text.trim()) throw DrfValidationError.field('text', Msg.blank);
      if (dto.rating !== undefined && row.review_to === null) throw DrfValidationError.field('rating', Msg.onlyReviewRated);
    }
    const img = edits && image ? await this.storeImage(viewer.id, image) : undefined;
    await this.db.transaction(async (tx) => {
      if (edits) {
        await tx.query(
          `UPDATE posts SET text = COALESCE($2, text), rating = COALESCE($3, rating), img = COALESCE($4, img),
             new_data_flag = COALESCE($5, new_data_flag), purepost_flag = COALESCE($6, purepost_flag) WHERE id = $1`,
          [id, dto.text ?? null, dto.rating ?? null, img ?? null, dto.new_data_flag ?? null, dto.purepost_flag ?? null],
        );
        if (dto.rating !== undefined && row.rating !== dto.rating && row.review_to && !row.communitypost_flag) {
          await this.countPost(row.user_id, 0, dto.rating - (row.rating ?? 0), tx);
          await this.books.recordPost(row.review_to, { posts: -1, rating: row.rating }, tx);
          await this.books.recordPost(row.review_to, { posts: 1, rating: dto.rating }, tx);
        }
      }
      if (dto.liked !== undefined) await this.setLiked(viewer, row, dto.liked.includes(viewer.id), tx);
    });
    if (img && row.img && !row.reposting) await this.storage.delete(row.img).catch(() => undefined);
    return this.packOne(id, viewer);
  }

  /**
   * Likes or unlikes; the counter and the event change only when the like itself does. A like of
   * a repost is a like of its original, whose counters the repost shows.
   */
  private async setLiked(viewer: AuthUser, shown: PostRow, like: boolean, tx: EntityManager): Promise<void> {
    const post = shown.reposting && shown.reposting_from ? { id: shown.reposting_from, user_id: shown.reposting_from_user ?? shown.user_id } : shown;
    if (like) {
      const [added]: Array<{ id: number }> = await tx.query(
        `INSERT INTO post_likes (post_id, user_id) VALUES ($1, $2) ON CONFLICT (post_id, user_id) DO NOTHING RETURNING id`,
        [post.id, viewer.id],
      );
      if (!added) return;
      await tx.query(`UPDATE posts SET liked_times = liked_times + 1 WHERE id = $1`, [post.id]);
      await this.events.publish('post.liked', { likeId: added.id, postId: post.id, userId: viewer.id, authorId: post.user_id }, tx);
    } else {
      const [, removed]: [unknown, number] = await tx.query(`DELETE FROM post_likes WHERE post_id = $1 AND user_id = $2 AND NOT hidden`, [post.id, viewer.id]);
      if (removed) await tx.query(`UPDATE posts SET liked_times = liked_times - 1 WHERE id = $1`, [post.id]);
    }
  }

  /** DELETE monopost/{id}/: the author only. Reposts of it go with it. */
  async remove(viewer: AuthUser, id: number): Promise<void> {
    const row = await this.row(id);
    if (!row || row.hidden) throw notFound();
    await this.access.require(viewer, Permission.PostAuthor, [id], { detail: AUTHOR_ONLY });
    await this.db.transaction((tx) => this.deleteRow(row, tx));
    if (row.img && !row.reposting) await this.storage.delete(row.img).catch(() => undefined);
  }

  /** A user's stored number of visible posts and rating sum (the totals of user and home feeds). */
  private async countPost(userId: number, posts: number, rating: number, tx: EntityManager): Promise<void> {
    await tx.query(
      `INSERT INTO post_counts (user_id, post_count, rating_sum) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET post_count = post_counts.post_count + $2, rating_sum = post_counts.rating_sum + $3`,
      [userId, posts, rating],
    );
  }

  private async deleteRow(row: PostRow, tx: EntityManager): Promise<void> {
    // Reposts of this post go with it (ON DELETE CASCADE): take them off their authors' counts first.
    if (!row.reposting) {
      await tx.query(
        `UPDATE post_counts c SET post_count = c.post_count - r.n, rating_sum = c.rating_sum - r.total
           FROM (SELECT user_id, count(*)::int AS n, coalesce(sum(rating), 0)::int AS total FROM posts p
                  WHERE p.reposting AND p.reposting_from = $1 AND ${visiblePost()} GROUP BY user_id) r
          WHERE c.user_id = r.user_id`,
        [row.id],
      );
    }
    // A hidden post is off every counter already; the purge deletes it.
    if (row.communitypost_flag) await this.audiences.detach('post', [row.id], tx);
    const [, deleted]: [unknown, number] = await tx.query(`DELETE FROM posts WHERE id = $1 AND NOT hidden`, [row.id]);
    if (!deleted) return;
    if (!row.communitypost_flag) await this.countPost(row.user_id, -1, -(row.rating ?? 0), tx);
    if (row.reposting && row.reposting_from) {
      await tx.query(`UPDATE posts SET reposted_times = reposted_times - 1 WHERE id = $1`, [row.reposting_from]);
    } else if (row.review_to && !row.communitypost_flag) {
      await this.books.recordPost(row.review_to, { posts: -1, rating: row.rating }, tx);
    }
  }

  /**
   * DELETE delete-repost/{id}/delete_repost/: takes back the caller's repost of post `id` (or of
   * its original when `id` is a repost). Someone else's repost is refused (403).
   */
  async deleteRepost(viewer: AuthUser, id: number): Promise<void> {
    const target = await this.row(id);
    if (!target) throw notFound();
    const origin = target.reposting && target.reposting_from ? target.reposting_from : target.id;
    const [mine]: PostRow[] = await this.sql.query(`SELECT ${POST_COLUMNS} FROM posts p WHERE p.user_id = $1 AND p.reposting AND p.reposting_from = $2 AND NOT p.hidden`, [viewer.id, origin]);
    if (!mine) {
      if (target.reposting) await this.access.require(viewer, Permission.PostAuthor, [target.id], { detail: AUTHOR_ONLY });
      throw notFound();
    }
    await this.access.require(viewer, Permission.PostAuthor, [mine.id], { detail: AUTHOR_ONLY });
    await this.db.transaction((tx) => this.deleteRow(mine, tx));
  }

  private async storeImage(userId: number, file: UploadedMultipartFile): Promise<string> {
    const data = await normalizeImage('img', file);
    const key = `posts/${userId}/${crypto.randomUUID()}.jpg`;
    await this.storage.put(key, data, 'image/jpeg');
    return key;
  }

  // Comments

  async comment(viewer: AuthUser, dto: CreateCommentDto): Promise<CommentResponse> {
    const allowed = await this.access.check(viewer, Permission.PostVisible, [dto.post]);
    const shown = allowed.size ? await this.row(dto.post) : undefined;
    if (!shown) throw DrfValidationError.field('post', invalidPk(dto.post));
    // A comment on a repost is a comment on its original (the repost shows the original's thread).
    const post = shown.reposting && shown.reposting_from ? ((await this.row(shown.reposting_from)) ?? shown) : shown;
    await this.access.require(viewer, Permission.UserInteract, [post.user_id, shown.user_id], { detail: Msg.blockedInteraction });
    const row = await this.db.transaction(async (tx) => {
      const [created]: CommentRow[] = await tx.query(
        `INSERT INTO post_comments (post_id, user_id, text) VALUES ($1, $2, $3) RETURNING id, post_id, user_id, text, created_on`,
        [post.id, viewer.id, dto.text],
      );
      await tx.query(`UPDATE posts SET commented_counts = commented_counts + 1 WHERE id = $1`, [post.id]);
      await this.events.publish('post.commented', { commentId: created.id, postId: post.id, userId: viewer.id, authorId: post.user_id }, tx);
      return created;
    });
    return (await this.packComments([row]))[0];
  }

  /** DELETE monocomment/{id}/: the comment's author only. */
  async deleteComment(viewer: AuthUser, id: number): Promise<void> {
    const [row]: CommentRow[] = await this.sql.query(`SELECT id, post_id, user_id, text, created_on FROM post_comments WHERE id = $1 AND NOT hidden`, [id]);
    if (!row) throw notFound();
    await this.access.require(viewer, Permission.CommentAuthor, [id], { detail: AUTHOR_ONLY });
    await this.db.transaction(async (tx) => {
      const [, deleted]: [unknown, number] = await tx.query(`DELETE FROM post_comments WHERE id = $1 AND NOT hidden`, [id]);
      if (deleted) await tx.query(`UPDATE posts SET commented_counts = commented_counts - 1 WHERE id = $1`, [row.post_id]);
    });
  }

  /** Comments of a post, oldest first, with their authors' profiles. */
  async comments(viewer: AuthUser | undefined, postId: number, page: PageWindow): Promise<CommentsResponse> {
    const post = await this.visibleRow(viewer, postId);
    // A repost shows its original's thread (and count).
    const threadId = post.reposting && post.reposting_from ? post.reposting_from : postId;
    const rows: CommentRow[] = await this.sql.query(
      `SELECT id, post_id, user_id, text, created_on FROM post_comments WHERE post_id = $1 AND NOT hidden ORDER BY id LIMIT $2 OFFSET $3`,
      [threadId, page.limit, page.offset],
    );
    return { comments_with_profiles: await this.packComments(rows), totalCount: post.commented_counts };
  }

  private async packComments(rows: CommentRow[]): Promise<CommentResponse[]> {
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

interface CommentRow {
  id: number;
  post_id: number;
  user_id: number;
  text: string;
  created_on: Date;
}
