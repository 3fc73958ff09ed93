import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import type { PageWindow } from '../../common/http/paging';
import { BooksService } from '../books/books.service';
import { FollowsService } from '../follows/follows.service';
import type { CombinedItem, PostListResponse } from './dto/post.dto';
import { POST_COLUMNS, PostPacker, type PostRow } from './post.packer';
import { visiblePost } from './posts.service';

/** Posts and Books in one page of the discovery mix. */
export const DISCOVERY_POSTS = 7;
export const DISCOVERY_BOOKS = 3;

/**
 * The post lists. Each list is one statement (the page, the whole list's count and rating sum)
 * plus the packers, whatever the page size.
 *
 * The home feed needs who the viewer follows (follows module) and which Books (books module).
 * Rather than reading those lists into memory and passing `IN (…)` lists of ids, the owning
 * modules hand out SQL subqueries (`followedUserIdsSql`, `followedBookIdsSql`) that this query
 * embeds: the tables stay written only by their owners, the database plans one query, and each
 * branch of the feed is an index range scan (posts_user_feed_idx per followed user through
 * follow_requests_from_idx; posts_book_feed_idx per followed Book through page_follows_user_idx).
 */
@Injectable()
export class FeedsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly packer: PostPacker,
    private readonly follows: FollowsService,
    private readonly books: BooksService,
  ) {}

  /**
   * `feed` is a query of (id, rating, sort_key) over visible posts; answers the page by sort_key
   * (newest first) and the totals of the whole feed in one statement.
   */
  private async list(feed: string, params: unknown[], page: PageWindow, viewer?: AuthUser): Promise<PostListResponse> {
    const n = params.length;
    const rows: Array<PostRow & { total: number; rating_sum: number | null }> = await this.db.query(
      `WITH feed AS (${feed}),
            agg AS (SELECT count(*)::int AS total, sum(rating)::int AS rating_sum FROM feed),
            page AS (SELECT id, sort_key FROM feed ORDER BY sort_key DESC LIMIT $${n + 1} OFFSET $${n + 2})
       SELECT agg.total, agg.rating_sum, ${POST_COLUMNS}
         FROM agg LEFT JOIN page ON true LEFT JOIN posts p ON p.id = page.id
        ORDER BY page.sort_key DESC`,
      [...params, page.limit, page.offset],
    );
    const posts = rows.filter((r) => r.id !== null);
    return { res: await this.packer.pack(posts, viewer), totalCount: rows[0]?.total ?? 0, aggregate: { rating__sum: rows[0]?.rating_sum ?? null } };
  }

  /** postcc/: the viewer's own posts, those of the users they follow and the posts about the Books they follow; every visible post for a visitor. */
  home(viewer: AuthUser | undefined, page: PageWindow): Promise<PostListResponse> {
    if (!viewer) return this.list(`SELECT p.id, p.rating, p.id AS sort_key FROM posts p WHERE ${visiblePost()}`, [], page);
    return this.list(this.homeFeedSql('$1'), [viewer.id], page, viewer);
  }

  /** The home feed of user `$param` as (id, rating, sort_key): three index scans, merged. */
  homeFeedSql(param: string): string {
    return `SELECT p.id, p.rating, p.id AS sort_key FROM posts p WHERE p.user_id = ${param} AND ${visiblePost()}
      UNION
      SELECT p.id, p.rating, p.id FROM posts p WHERE p.user_id IN (${this.follows.followedUserIdsSql(param)}) AND ${visiblePost()}
      UNION
      SELECT p.id, p.rating, p.id FROM posts p WHERE p.review_to IN (${this.books.followedBookIdsSql(param)}) AND ${visiblePost()} AND NOT p.reposting`;
  }

  /** userpostcc/: a user's posts and reposts. */
  ofUser(userId: number, page: PageWindow, viewer?: AuthUser): Promise<PostListResponse> {
    return this.list(`SELECT p.id, p.rating, p.id AS sort_key FROM posts p WHERE p.user_id = $1 AND ${visiblePost()}`, [userId], page, viewer);
  }

  /** monopostcc/: posts about a Book (reviews first of all; reposts are left out). aggregate.rating__sum sums its reviews. */
  ofBook(bookId: number, page: PageWindow, viewer?: AuthUser): Promise<PostListResponse> {
    return this.list(
      `SELECT p.id, p.rating, p.id AS sort_key FROM posts p WHERE p.review_to = $1 AND ${visiblePost()} AND NOT p.reposting`,
      [bookId],
      page,
      viewer,
    );
  }

  /** likedpostscc/likedposts/: posts the viewer liked, latest like first. */
  liked(viewer: AuthUser, page: PageWindow): Promise<PostListResponse> {
    return this.list(
      `SELECT p.id, p.rating, l.id AS sort_key FROM post_likes l JOIN posts p ON p.id = l.post_id WHERE l.user_id = $1 AND ${visiblePost()}`,
      [viewer.id],
      page,
      viewer,
    );
  }

  /** GET monopost/: the newest visible posts (a plain list). */
  async newest(page: PageWindow, viewer?: AuthUser) {
    const rows: PostRow[] = await this.db.query(
      `SELECT ${POST_COLUMNS} FROM posts p WHERE ${visiblePost()} ORDER BY p.id DESC LIMIT $1 OFFSET $2`,
      [page.limit, page.offset],
    );
    return this.packer.pack(rows, viewer);
  }

  /**
   * combinedlist/ and loggedincombinedlist/: new Books and posts, newest first, 7 posts and 3
   * Books a page. Logged in, it leaves out the viewer's own posts and everything already in
   * their home feed (followed users), and Books they follow or own.
   */
  async discovery(viewer: AuthUser | undefined, index: number): Promise<CombinedItem[]> {
    const postPage = { index, offset: index * DISCOVERY_POSTS, limit: DISCOVERY_POSTS };
    const bookPage = { index, offset: index * DISCOVERY_BOOKS, limit: DISCOVERY_BOOKS };
    const postsSql = viewer
      ? `SELECT ${POST_COLUMNS} FROM posts p WHERE ${visiblePost()} AND p.user_id <> $3
           AND p.user_id NOT IN (${this.follows.followedUserIdsSql('$3')}) ORDER BY p.id DESC LIMIT $1 OFFSET $2`
      : `SELECT ${POST_COLUMNS} FROM posts p WHERE ${visiblePost()} ORDER BY p.id DESC LIMIT $1 OFFSET $2`;
    const [rows, books] = await Promise.all([
      this.db.query(postsSql, viewer ? [postPage.limit, postPage.offset, viewer.id] : [postPage.limit, postPage.offset]) as Promise<PostRow[]>,
      this.books.discover(viewer, bookPage),
    ]);
    const posts = await this.packer.pack(rows, viewer);
    const at = (item: CombinedItem) => (item.post ?? item.page)!.created_on;
    const items: CombinedItem[] = [...posts.map((post) => ({ type: 'post' as const, post })), ...books.map((page) => ({ type: 'page' as const, page }))];
    return items.sort((a, b) => at(b).localeCompare(at(a)));
  }
}
