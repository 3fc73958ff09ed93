import { Inject, Injectable } from '@nestjs/common';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { type AudienceLink, Audiences, audienceFields } from '../../common/audiences/audiences';
import type { AuthUser } from '../../common/auth/auth-user';
import { mediaUrl } from '../../storage/media-url';
import { BooksService } from '../books/books.service';
import { ProfilePacker, type EmbeddedProfile, type ProfileSummary } from '../profiles/profile.packer';
import type { EmbeddedBook } from '../books/book.packer';
import type { PageResponse } from '../books/dto/page.dto';
import type { PostResponse } from './dto/post.dto';
import { Db } from '../../database/db';

/** A counter of a post as shown: a repost shows its original's (the likes, reposts and comments people see on it). */
const shownCounter = (column: string) =>
  `CASE WHEN p.reposting THEN coalesce((SELECT o.${column} FROM posts o WHERE o.id = p.reposting_from), p.${column}) ELSE p.${column} END AS ${column}`;

/**
 * Columns of `posts` a post response is made from (alias `p`). A repost carries its original's
 * counters (a repost card showed 0 / 0 / 0 beside its original's 1 / 1 / 1): one primary-key
 * lookup per repost in the same statement.
 */
export const POST_COLUMNS = `p.id, p.user_id, p.text, p.img, p.rating, p.review_to, p.reposting, p.reposting_from, p.reposting_from_user,
  p.new_data_flag, p.purepost_flag, p.communitypost_flag, ${shownCounter('liked_times')}, ${shownCounter('reposted_times')},
  ${shownCounter('commented_counts')}, p.created_on, p.hidden, p.moderated_reason`;

interface Interactions {
  is_liked: boolean;
  is_reposted: boolean;
  is_commented: boolean;
}

/** A row selected with POST_COLUMNS and PostPacker.embeddedColumns. */
export interface EmbeddedPostRow extends PostRow, Interactions {
  author_json: EmbeddedProfile | null;
  reposter_json: EmbeddedProfile | null;
  book_json: EmbeddedBook | null;
  /** The circles of a circle post (the audiences' owner's SQL), null for others. */
  circle_links: AudienceLink[] | null;
}

export interface PostRow {
  id: number;
  user_id: number;
  text: string;
  img: string | null;
  rating: number | null;
  review_to: number | null;
  reposting: boolean;
  reposting_from: number | null;
  reposting_from_user: number | null;
  new_data_flag: boolean;
  purepost_flag: boolean;
  communitypost_flag: boolean;
  liked_times: number;
  reposted_times: number;
  commented_counts: number;
  created_on: Date;
  /** Left out of every list: see visiblePost(). */
  hidden: boolean;
  /** A moderator's reason (or the spam brake's hold) while hidden by them. */
  moderated_reason?: string | null;
}

/**
 * Turns a page of post rows into responses in a fixed number of statements whatever the page
 * size: the viewer's is_liked / is_reposted / is_commented for all ids in one statement (none for
 * a visitor), the authors' and reposted authors' profiles through ProfilePacker once, and the
 * Books the posts are about through the books module's packer once.
 */
@Injectable()
export class PostPacker {
  constructor(
    private readonly db: Db,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly profiles: ProfilePacker,
    private readonly books: BooksService,
    private readonly audiences: Audiences,
  ) {}

  /**
   * The audiences (circles) of the circle posts among `rows`, through the owner's SQL fragment:
   * one statement, only when the page holds a circle post.
   */
  async audiencesOf(rows: Array<Pick<PostRow, 'id' | 'communitypost_flag'>>): Promise<Map<number, AudienceLink[]>> {
    const ids = rows.filter((r) => r.communitypost_flag).map((r) => r.id);
    if (ids.length === 0) return new Map();
    const links = await this.db.rows<{ id: number; links: AudienceLink[] | null }>(
      `SELECT x.id, ${this.audiences.linksSql('post', 'x.id')} AS links FROM unnest(:ids::int[]) AS x(id)`,
      { ids },
    );
    return new Map(links.map((l) => [l.id, l.links ?? []]));
  }

  /** The viewer's interactions with each post; on a repost, with its original (whose counters it shows). */
  async interactions(
    rows: Array<Pick<PostRow, 'id' | 'reposting_from'>>,
    viewer?: AuthUser,
  ): Promise<Map<number, { is_liked: boolean; is_reposted: boolean; is_commented: boolean }>> {
    if (!viewer || rows.length === 0) return new Map();
    const flags = await this.db.rows<Interactions & { id: number }>(
      `SELECT x.id,
         EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = x.origin AND l.user_id = :viewer) AS is_liked,
         EXISTS (SELECT 1 FROM posts r WHERE r.user_id = :viewer AND r.reposting AND r.reposting_from = x.origin) AS is_reposted,
         EXISTS (SELECT 1 FROM post_comments c WHERE c.user_id = :viewer AND c.post_id = x.origin) AS is_commented
       FROM unnest(:ids::int[], :origins::int[]) AS x(id, origin)`,
      { ids: rows.map((r) => r.id), origins: rows.map((r) => r.reposting_from ?? r.id), viewer: viewer.id },
    );
    return new Map(flags.map((f) => [f.id, f]));
  }

  /**
   * Extra columns for a list statement over posts `p` that packs in the same statement (the
   * feeds): the viewer's interactions (`viewerSql`: an int, e.g. `:viewer`; `NULL` for a visitor), the author's and
   * the reposted author's profiles and the Book the post is about, as JSON handed out by their
   * modules; each Book once, on the first of its posts (a Book's own list had it made for every
   * post: ten times the Book's statistics and files per page). Read the rows back with
   * `packEmbedded`, which finds each post's Book by id: no further statement.
   */
  embeddedColumns(viewerSql: string): string {
    const origin = 'coalesce(p.reposting_from, p.id)';
    const v = `${viewerSql}::int`;
    return `${v} IS NOT NULL AND EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = ${origin} AND l.user_id = ${v}) AS is_liked,
      ${v} IS NOT NULL AND EXISTS (SELECT 1 FROM posts r WHERE r.user_id = ${v} AND r.reposting AND r.reposting_from = ${origin}) AS is_reposted,
      ${v} IS NOT NULL AND EXISTS (SELECT 1 FROM post_comments c WHERE c.user_id = ${v} AND c.post_id = ${origin}) AS is_commented,
      ${this.profiles.summaryJsonSql('p.user_id')} AS author_json,
      CASE WHEN p.reposting_from_user IS NOT NULL THEN ${this.profiles.summaryJsonSql('p.reposting_from_user')} END AS reposter_json,
      CASE WHEN p.review_to IS NOT NULL AND row_number() OVER (PARTITION BY p.review_to) = 1 THEN ${this.books.bookJsonSql('p.review_to', v)} END AS book_json,
      CASE WHEN p.communitypost_flag THEN ${this.audiences.linksSql('post', 'p.id')} END AS circle_links`;
  }

  /** Responses from rows selected with POST_COLUMNS and `embeddedColumns`. */
  async packEmbedded(rows: EmbeddedPostRow[], viewer?: AuthUser): Promise<PostResponse[]> {
    const books = await this.books.packEmbedded(
      rows.flatMap((r) => (r.book_json ? [r.book_json] : [])),
      viewer,
    );
    const people = new Map<number, ProfileSummary>();
    for (const r of rows) {
      const author = this.profiles.fromJson(r.author_json);
      if (author) people.set(r.user_id, author);
      const reposter = r.reposting_from_user ? this.profiles.fromJson(r.reposter_json) : null;
      if (reposter) people.set(r.reposting_from_user!, reposter);
    }
    const flags = new Map(viewer ? rows.map((r) => [r.id, r]) : []);
    return rows.map((r) => this.build(r, flags, people, books, r.circle_links, viewer));
  }

  async pack(rows: PostRow[], viewer?: AuthUser): Promise<PostResponse[]> {
    return (await this.packWithBooks(rows, [], viewer)).posts;
  }

  /** Packs the posts and, in the same Book packing, more Books a list shows beside them (the discovery mix). */
  async packWithBooks(rows: PostRow[], bookIds: number[], viewer?: AuthUser): Promise<{ posts: PostResponse[]; books: Map<number, PageResponse> }> {
    const [flags, people, books, circles] = await Promise.all([
      this.interactions(rows, viewer),
      this.profiles.summaries(rows.flatMap((r) => (r.reposting_from_user ? [r.user_id, r.reposting_from_user] : [r.user_id]))),
      this.books.packByIds([...bookIds, ...rows.flatMap((r) => (r.review_to ? [r.review_to] : []))], viewer),
      this.audiencesOf(rows),
    ]);
    const posts = rows.map((r) => this.build(r, flags, people, books, circles.get(r.id), viewer));
    return { posts, books };
  }

  private build(
    r: PostRow,
    flags: Map<number, Interactions>,
    people: Map<number, ProfileSummary>,
    books: Map<number, PageResponse>,
    circles: AudienceLink[] | null | undefined,
    viewer?: AuthUser,
  ): PostResponse {
    const f = flags.get(r.id);
    const book = r.review_to ? (books.get(r.review_to) ?? null) : null;
    return {
      id: r.id,
      text: r.text,
      img: mediaUrl(this.options.config, r.img),
      created_on: new Date(r.created_on).toISOString(),
      rating: r.rating,
      reviewTo: r.review_to,
      reviewToPage: book,
      reposting: r.reposting,
      repostingFrom: r.reposting_from,
      repostingFromUser: r.reposting_from_user,
      repostingProfile: r.reposting_from_user ? (people.get(r.reposting_from_user) ?? null) : null,
      new_data_flag: r.new_data_flag,
      purepost_flag: r.purepost_flag,
      communitypost_flag: r.communitypost_flag,
      ...audienceFields(circles ?? undefined),
      liked: f?.is_liked && viewer ? [viewer.id] : [],
      userPost: r.user_id,
      userPostProfile: people.get(r.user_id) ?? null,
      title: book?.title ?? '',
      commentedCounts: r.commented_counts,
      repostedTimes: r.reposted_times,
      likedTimes: r.liked_times,
      is_liked: !!f?.is_liked,
      is_reposted: !!f?.is_reposted,
      is_commented: !!f?.is_commented,
      moderated_reason: r.hidden ? (r.moderated_reason ?? null) : null,
    };
  }
}
