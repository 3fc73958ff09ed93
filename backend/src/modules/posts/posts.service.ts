import type { UploadedMultipartFile } from '@nestjs/platform-fastify/multipart';
import { Injectable } from '@nestjs/common';
import * as crypto from 'node:crypto';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import { Audiences } from '../../common/audiences/audiences';
import type { AuthUser } from '../../common/auth/auth-user';
import { EventsService } from '../../common/events/events.service';
import { DrfValidationError, Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import { normalizeImage } from '../../common/uploads/images';
import { Db, type Tx } from '../../database/db';
import { FileStorage } from '../../storage/file-storage';
import { BooksService } from '../books/books.service';
import { LINK_PATTERN } from '../safety/safety-sql';
import type { CreatePostDto, PostInteractionsResponse, PostResponse, UpdatePostDto } from './dto/post.dto';
import { PostCounters } from './post-counters';
import { PostLikes } from './post-likes';
import { PostModeration } from './post-moderation';
import { countsTowardBook, visiblePost } from './post-sql';
import { POST_COLUMNS, PostPacker, type PostRow } from './post.packer';

export const ALREADY_REPOSTED = Msg.alreadyReposted;
export const LIKE_ONLY_YOURSELF = Msg.likeOnlyYourself;
export const AUTHOR_ONLY = Msg.authorOnly;
export const CIRCLES_NOT_AVAILABLE = Msg.circlesNotAvailable;
export const invalidPk = (id: number) => Msg.invalidPk(id);

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
 * Posts, reviews and reposts: writing, editing and deleting them (with the counters that count
 * them: PostCounters, the Book's review statistics for the posts that count toward it, in the
 * same transaction as the act), reading one, and what other modules ask of posts and comments
 * (an act still standing, a text, an author). Likes are PostLikes', comments PostComments',
 * hiding and showing PostModeration's, access contributions PostAccess'.
 */
@Injectable()
export class PostsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly events: EventsService,
    private readonly books: BooksService,
    private readonly packer: PostPacker,
    private readonly counters: PostCounters,
    private readonly likes: PostLikes,
    private readonly moderation: PostModeration,
    private readonly storage: FileStorage,
    private readonly audiences: Audiences,
  ) {}

  /** The texts of posts and comments (hidden or not) for the moderation queue, keyed `type:id`; one statement. */
  async textsOf(targets: ReadonlyArray<{ type: 'post' | 'comment'; id: number }>): Promise<Map<string, string>> {
    if (!targets.length) return new Map();
    const ids = (type: string) => targets.filter((t) => t.type === type).map((t) => t.id);
    const rows = await this.db.rows<{ k: string; text: string }>(
      `SELECT 'post:' || id AS k, text FROM posts WHERE id = ANY(:posts::int[]) UNION ALL SELECT 'comment:' || id, text FROM post_comments WHERE id = ANY(:comments::int[])`,
      { posts: ids('post'), comments: ids('comment') },
    );
    return new Map(rows.map((r) => [r.k, r.text]));
  }

  /** The author of a post or comment (hidden or not), for reports and the moderation queue; undefined when there is none. */
  async authorOf(targetType: 'post' | 'comment', id: number, tx?: Tx): Promise<{ userId: number; text: string; hiddenReason: string | null } | undefined> {
    const table = targetType === 'post' ? 'posts' : 'post_comments';
    const row = await this.db.row<{ user_id: number; text: string; moderated_reason: string | null }>(
      `SELECT user_id, text, moderated_reason FROM ${table} WHERE id = :id`,
      { id },
      tx,
    );
    return row ? { userId: row.user_id, text: row.text, hiddenReason: row.moderated_reason } : undefined;
  }

  /**
   * Whether an act named by an event still stands (the like not taken back, the comment or
   * repost not deleted): the check a notification handler makes first (see domain-events.ts).
   */
  async actExists(kind: 'like' | 'comment' | 'repost' | 'post', id: number): Promise<boolean> {
    const sql = {
      post: `SELECT true AS found FROM posts WHERE id = :id AND NOT reposting AND NOT hidden`,
      like: `SELECT true AS found FROM post_likes WHERE id = :id AND NOT hidden`,
      comment: `SELECT true AS found FROM post_comments WHERE id = :id AND NOT hidden`,
      repost: `SELECT true AS found FROM posts WHERE id = :id AND reposting AND NOT hidden`,
    }[kind];
    return (await this.db.row<{ found: true }>(sql, { id })) !== undefined;
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

  /** Post `id` as stored (hidden or not), or undefined. */
  async find(id: number, tx?: Tx): Promise<PostRow | undefined> {
    return this.db.row<PostRow>(`SELECT ${POST_COLUMNS} FROM posts p WHERE p.id = :id`, { id }, tx);
  }

  /** A post the viewer may see, or 404 (circle posts do not leak their existence). */
  async findVisible(viewer: AuthUser | undefined, id: number): Promise<PostRow> {
    await this.access.require(viewer, Permission.PostVisible, [id], { refuse: 'not-found' });
    const row = await this.find(id);
    if (!row) throw notFound();
    return row;
  }

  async packOne(id: number, viewer?: AuthUser): Promise<PostResponse> {
    const row = await this.find(id);
    if (!row) throw notFound();
    return (await this.packer.pack([row], viewer))[0];
  }

  async get(viewer: AuthUser | undefined, id: number): Promise<PostResponse> {
    return (await this.packer.pack([await this.findVisible(viewer, id)], viewer))[0];
  }

  async interactions(viewer: AuthUser | undefined, id: number): Promise<PostInteractionsResponse> {
    const row = await this.findVisible(viewer, id);
    const f = (await this.packer.interactions([row], viewer)).get(id);
    return { is_liked: !!f?.is_liked, is_reposted: !!f?.is_reposted, is_commented: !!f?.is_commented };
  }

  /**
   * Stores a post in `tx`: the row, its author's totals (outside circles), the reposted post's
   * counter and event, the Book's review statistics. The HTTP path and the test factories both
   * come here.
   */
  async insert(post: NewPost, tx: Tx): Promise<number> {
    const reposting = post.repostingFrom != null;
    const row = await this.db.row<Pick<PostRow, 'id' | 'review_to' | 'reposting' | 'communitypost_flag' | 'hidden'>>(
      `INSERT INTO posts (user_id, text, img, rating, review_to, reposting, reposting_from, reposting_from_user, new_data_flag, purepost_flag, communitypost_flag)
       VALUES (:user, :text, :img, :rating, :book, :reposting, :original, :originalAuthor, :newData, :purePost, :communityPost)
       ON CONFLICT (user_id, reposting_from) WHERE reposting DO NOTHING RETURNING id, review_to, reposting, communitypost_flag, hidden`,
      {
        user: post.userId,
        text: post.text,
        img: post.img,
        rating: post.rating,
        book: post.reviewTo,
        reposting,
        original: post.repostingFrom,
        originalAuthor: post.repostingFromUser,
        newData: !!post.newData,
        purePost: !!post.purePost,
        communityPost: !!post.communityPost,
      },
      tx,
    );
    if (!row) throw DrfValidationError.nonField(ALREADY_REPOSTED);
    // The audience owner (circles) links the post to its circles and counts it there.
    if (post.communityPost) await this.audiences.attach('post', row.id, post.userId, post.communities ?? [], tx);
    if (!post.communityPost) await this.counters.moveAuthor(post.userId, 1, post.rating ?? 0, tx);
    if (reposting) {
      await this.counters.move('reposted_times', post.repostingFrom!, 1, tx);
      await this.events.publish('post.reposted', { repostId: row.id, postId: post.repostingFrom!, userId: post.userId, authorId: post.repostingFromUser! }, tx);
    } else if (countsTowardBook(row)) {
      await this.books.recordPost(row.review_to, { posts: 1, rating: post.rating ?? null }, tx);
      await this.events.publish('post.about_book', { postId: row.id, userId: post.userId, bookId: row.review_to }, tx);
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
      const target = allowed.size ? await this.find(dto.repostingFrom) : undefined;
      if (!target) throw DrfValidationError.field('repostingFrom', invalidPk(dto.repostingFrom));
      // A circle post stays in its circle: a repost would show it to everyone.
      if (target.communitypost_flag) throw DrfValidationError.field('repostingFrom', Msg.circlePostNotReposted);
      // A repost of a repost reposts the original. The repost carries the original's content.
      const original = target.reposting && target.reposting_from ? ((await this.find(target.reposting_from)) ?? target) : target;
      // A block either way refuses the repost (safety module's part of UserInteract).
      await this.access.require(viewer, Permission.UserInteract, [original.user_id, target.user_id], { detail: Msg.blockedInteraction });
      post = {
        userId: viewer.id,
        text: original.text,
        img: original.img,
        rating: original.rating,
        reviewTo: original.review_to,
        repostingFrom: original.id,
        repostingFromUser: original.user_id,
        communities: [],
      };
    } else {
      const text = dto.text?.trim() ?? '';
      if (!text) throw DrfValidationError.field('text', dto.text === undefined ? Msg.required : Msg.blank);
      if (dto.rating !== undefined && dto.reviewTo === undefined) throw DrfValidationError.field('rating', Msg.ratingNeedsReview);
      if (dto.reviewTo !== undefined && !(await this.books.mayRead(viewer, dto.reviewTo))) throw DrfValidationError.field('reviewTo', invalidPk(dto.reviewTo));
      post = {
        userId: viewer.id,
        text: dto.text!,
        rating: dto.rating ?? null,
        reviewTo: dto.reviewTo ?? null,
        // A post addressed to circles is a circle post, whatever the flag says: it never leaves them.
        newData: dto.new_data_flag,
        purePost: dto.purepost_flag,
        communityPost: !!dto.communitypost_flag || communities.length > 0,
        communities,
      };
    }
    if (image && !dto.reposting) post.img = await this.storeImage(viewer.id, image);
    let id: number;
    try {
      id = await this.db.transaction(async (tx) => {
        const made = await this.insert(post, tx);
        if (!dto.reposting && !post.communityPost && LINK_PATTERN.test(post.text)) await this.moderation.holdIfBraked(made, viewer.id, tx);
        return made;
      });
    } catch (err) {
      if (image && post.img) await this.storage.delete(post.img).catch(() => undefined);
      throw err;
    }
    return this.packOne(id, viewer);
  }

  /**
   * PUT monopost/{id}/: the author changes text, rating, image and flags; anyone logged in likes
   * or unlikes as themselves through `liked`. Counts are the server's, never the client's.
   */
  async update(viewer: AuthUser, id: number, dto: UpdatePostDto, image?: UploadedMultipartFile): Promise<PostResponse> {
    const row = await this.findVisible(viewer, id);
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
        await this.db.exec(
          `UPDATE posts SET text = COALESCE(:text, text), rating = COALESCE(:rating, rating), img = COALESCE(:img, img),
             new_data_flag = COALESCE(:newData, new_data_flag), purepost_flag = COALESCE(:purePost, purepost_flag) WHERE id = :id`,
          { id, text: dto.text, rating: dto.rating, img, newData: dto.new_data_flag, purePost: dto.purepost_flag },
          tx,
        );
        // A rating counts where its post does: a hidden one (its author edits it, a moderator's hide) is off every counter.
        if (dto.rating !== undefined && row.rating !== dto.rating && countsTowardBook(row)) {
          await this.counters.moveAuthor(row.user_id, 0, dto.rating - (row.rating ?? 0), tx);
          await this.books.recordPost(row.review_to, { posts: -1, rating: row.rating }, tx);
          await this.books.recordPost(row.review_to, { posts: 1, rating: dto.rating }, tx);
        }
      }
      if (dto.liked !== undefined) await this.likes.set(viewer, row, dto.liked.includes(viewer.id), tx);
    });
    if (img && row.img && !row.reposting) await this.storage.delete(row.img).catch(() => undefined);
    return this.packOne(id, viewer);
  }

  /** DELETE monopost/{id}/: the author only. Reposts of it go with it. */
  async remove(viewer: AuthUser, id: number): Promise<void> {
    const row = await this.find(id);
    if (!row || row.hidden) throw notFound();
    await this.access.require(viewer, Permission.PostAuthor, [id], { detail: AUTHOR_ONLY });
    await this.db.transaction((tx) => this.deleteRow(row, tx));
    if (row.img && !row.reposting) await this.storage.delete(row.img).catch(() => undefined);
  }

  private async deleteRow(row: PostRow, tx: Tx): Promise<void> {
    // Reposts of this post go with it (ON DELETE CASCADE): take them off their authors' totals first.
    if (!row.reposting) {
      await this.db.exec(
        PostCounters.authorsByRowsSql(`posts p WHERE p.reposting AND p.reposting_from = :post AND ${visiblePost()}`, -1),
        { post: row.id },
        tx,
      );
    }
    // A hidden post is off every counter already; the purge deletes it.
    if (row.communitypost_flag) await this.audiences.detach('post', [row.id], tx);
    const deleted = await this.db.exec(`DELETE FROM posts WHERE id = :post AND NOT hidden`, { post: row.id }, tx);
    if (!deleted) return;
    if (!row.communitypost_flag) await this.counters.moveAuthor(row.user_id, -1, -(row.rating ?? 0), tx);
    if (row.reposting && row.reposting_from) {
      await this.counters.move('reposted_times', row.reposting_from, -1, tx);
    } else if (countsTowardBook(row)) {
      await this.books.recordPost(row.review_to, { posts: -1, rating: row.rating }, tx);
    }
  }

  /**
   * DELETE delete-repost/{id}/delete_repost/: takes back the caller's repost of post `id` (or of
   * its original when `id` is a repost). Someone else's repost is refused (403).
   */
  async deleteRepost(viewer: AuthUser, id: number): Promise<void> {
    const target = await this.find(id);
    if (!target) throw notFound();
    const origin = target.reposting && target.reposting_from ? target.reposting_from : target.id;
    const mine = await this.db.row<PostRow>(
      `SELECT ${POST_COLUMNS} FROM posts p WHERE p.user_id = :viewer AND p.reposting AND p.reposting_from = :origin AND NOT p.hidden`,
      { viewer: viewer.id, origin },
    );
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
}
