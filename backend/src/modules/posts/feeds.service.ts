import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { type PageWindow, pageSql } from '../../common/http/paging';
import { BooksService } from '../books/books.service';
import { FollowsService } from '../follows/follows.service';
import type { CombinedItem, PostListResponse } from './dto/post.dto';
import { type EmbeddedPostRow, POST_COLUMNS, PostPacker, type PostRow } from './post.packer';
import { countsTowardBookSql, seenBy, seenRepostBy, visiblePost } from './post-sql';
import { hiddenAuthorsSql } from '../safety/safety-sql';
import { Db, type SqlParams } from '../../database/db';

/**
 * One statement for a page of a post list and the whole list's totals. `page` selects (id,
 * sort_key) of the page's posts (its LIMIT and OFFSET included); `totals` one row (n,
 * rating_sum), read from stored counters where a list can be long. The first row carries the
 * totals even when the page is empty. `extraColumns`: more columns over posts p (the packer's).
 */
export function postListSql(page: string, totals: string, extraColumns?: string): string {
  return `SELECT t.n AS total, t.rating_sum, ${POST_COLUMNS}${extraColumns ? `, ${extraColumns}` : ''}
            FROM (${totals}) t LEFT JOIN (${page}) pg ON true LEFT JOIN posts p ON p.id = pg.id
           ORDER BY pg.sort_key DESC`;
}

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
    private readonly db: Db,
    private readonly packer: PostPacker,
    private readonly follows: FollowsService,
    private readonly books: BooksService,
  ) {}

  /**
   * One statement answers the whole list: the page, the list's totals, and what the posts are
   * packed with (the viewer's interactions, the profiles, the Books with their statistics and
   * files; PostPacker.embeddedColumns from the owning modules' SQL). The viewer's id is the
   * statement's parameter `:viewer` (added here; none for a visitor), so `pageSql`, `totalsSql`
   * and `withSql` may use it too.
   */
  private async list(pageSql: string, totalsSql: string, params: SqlParams, viewer?: AuthUser, withSql?: string): Promise<PostListResponse> {
    // A visitor's statement says NULL where a viewer's has a parameter: its interaction columns
    // fold away when planned, the same for every execution, so PostgreSQL keeps one plan of it.
    // (With a parameter that is null, each custom plan folded them and came out far cheaper than
    // the generic plan: the statement was planned again at every request, 1 ms at 1M posts.)
    const rows = await this.db.rows<EmbeddedPostRow & { total: number; rating_sum: number | null }>(
      `${withSql ? `WITH ${withSql} ` : ''}${postListSql(pageSql, totalsSql, this.packer.embeddedColumns(viewer ? ':viewer' : 'NULL'))}`,
      viewer ? { ...params, viewer: viewer.id } : params,
    );
    const posts = rows.filter((r) => r.id !== null);
    // Ratings are 5 to 100: a sum of 0 means no rated post (DRF's Sum answers null then).
    return { res: await this.packer.packEmbedded(posts, viewer), totalCount: rows[0]?.total ?? 0, aggregate: { rating__sum: rows[0]?.rating_sum || null } };
  }

  /**
   * A post list whose page and totals another module's SQL selects (a circle's thread, its
   * visibility the owner's business): `pageSql` (id, sort_key) with its LIMIT and OFFSET (from
   * `pageSql(page)`, its `params` spread into `params`), `totalsSql` one row (n, rating_sum).
   * `withSql`: a data-modifying CTE of that module run in the same statement (`name AS (UPDATE … )`:
   * PostgreSQL runs it once, whether or not the list reads it), so that a write that goes with
   * reading the list costs no round trip.
   *
   * Parameters are named, their values in `params`. `:viewer` is the list's own: it is the
   * viewer's id, added to `params` here (a value the caller puts under `viewer` is replaced), and
   * absent for a visitor, so SQL that names it must be a viewer's; the caller names everything
   * else (`:circle`, `:limit`, …).
   */
  listOf(pageSql: string, totalsSql: string, params: SqlParams, viewer?: AuthUser, withSql?: string): Promise<PostListResponse> {
    return this.list(pageSql, totalsSql, params, viewer, withSql);
  }

  /** Page of a simple feed: `where` over posts p, newest first, in page window `w` (pageSql(page)). */
  private static newestFirst(where: string, w: { limit: string; offset: string }): string {
    return `SELECT p.id, p.id AS sort_key FROM posts p WHERE ${where} ORDER BY p.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`;
  }

  /** Stored totals of the users `idsSql` selects (post_counts). */
  private static userTotalsSql(idsSql: string): string {
    return `SELECT coalesce(sum(c.post_count), 0)::int AS n, coalesce(sum(c.rating_sum), 0)::int AS rating_sum FROM post_counts c WHERE c.user_id IN (${idsSql})`;
  }

  /** postcc/: the viewer's own posts, those of the users they follow and the posts about the Books they follow; every visible post for a visitor. */
  home(viewer: AuthUser | undefined, page: PageWindow): Promise<PostListResponse> {
    const w = pageSql(page);
    if (!viewer) {
      // No parameter but a later page's paging (the positional text held a `$1::int IS NULL` only to keep $1 taken).
      return this.list(
        FeedsService.newestFirst(visiblePost(), w),
        `SELECT coalesce(sum(c.post_count), 0)::int AS n, coalesce(sum(c.rating_sum), 0)::int AS rating_sum FROM post_counts c`,
        w.params,
      );
    }
    return this.list(this.homePageSql(':viewer', w.limit, w.offset), this.homeTotalsSql(':viewer'), w.params, viewer);
  }

  /**
   * The page of user `user`'s home feed (`user`, `limit`, `offset`: SQL, e.g. `:viewer` and pageSql's): the newest `limit + offset` posts of each source (own
   * posts; per followed user; per followed Book), each an index range scan read backwards and
   * stopped early, merged, then the page. Nothing reads a whole feed: at most `limit + offset`
   * posts per source, whatever the sources' history (docs/home-feed-explain.md).
   *
   * Blocks and mutes (seenBy) are checked once per followed user, not per post (their posts all
   * have that author), and as `NOT IN` a set read once per statement: as NOT EXISTS per post,
   * PostgreSQL made them an anti join under which a followed account's whole history was read
   * and sorted for each page. The viewer's own posts need only the repost check (nobody can block
   * or mute themselves: the safety tables' CHECKs).
   */
  homePageSql(user: string, limit: string, offset: string): string {
    const k = `(${limit}::int + ${offset}::int)`;
    const newest = (where: string) => `SELECT p.id FROM posts p WHERE ${where} ORDER BY p.id DESC LIMIT ${k}`;
    return `SELECT f.id, f.id AS sort_key FROM (
        (${newest(`p.user_id = ${user}${seenRepostBy('p', user)} AND ${visiblePost()}`)})
        UNION
        (SELECT x.id FROM (${this.follows.followedUserIdsSql(user)}) fu(uid)
           CROSS JOIN LATERAL (${newest(`p.user_id = fu.uid${seenRepostBy('p', user)} AND ${visiblePost()}`)}) x
          WHERE fu.uid NOT IN (${hiddenAuthorsSql(user)}))
        UNION
        (SELECT x.id FROM (${this.books.followedBookIdsSql(user)}) fb(bid)
           CROSS JOIN LATERAL (${newest(`p.review_to = fb.bid${seenBy('p', user)} AND ${countsTowardBookSql('p')}`)}) x)
      ) f ORDER BY f.id DESC LIMIT ${limit} OFFSET ${offset}`;
  }

  /**
   * Totals of the home feed: the stored counters of its sources (the viewer's and followed
   * users' post_counts, followed Books' post counts) less the posts that two sources hold, so
   * that each post of the list counts once. A post is in two sources when its author is the
   * viewer or a followed user and it is a review (not a repost) of a followed Book; those are
   * counted over the followed Books' posts only (posts_book_feed_idx per followed Book, the
   * author checked against the hashed follow list), never over a followed user's whole list,
   * so a feed of 50,000 posts is still not counted on every page.
   */
  homeTotalsSql(user: string): string {
    const authors = `SELECT ${user}::int UNION ALL ${this.follows.followedUserIdsSql(user)}`;
    return `SELECT u.n + b.n - o.n AS n, u.rating_sum + b.rating_sum - o.rating_sum AS rating_sum
              FROM (${FeedsService.userTotalsSql(authors)}) u,
                   (${this.books.bookPostTotalsSql(this.books.followedBookIdsSql(user))}) b,
                   (SELECT count(*)::int AS n, coalesce(sum(p.rating), 0)::int AS rating_sum
                      FROM (${this.books.followedBookIdsSql(user)}) fb(bid)
                      JOIN posts p ON p.review_to = fb.bid AND ${countsTowardBookSql('p')}
                     WHERE p.user_id IN (${authors})) o`;
  }

  /** userpostcc/: a user's posts and reposts. */
  ofUser(userId: number, page: PageWindow, viewer?: AuthUser): Promise<PostListResponse> {
    const w = pageSql(page);
    const seen = seenBy('p', viewer ? ':viewer::int' : undefined);
    return this.list(
      FeedsService.newestFirst(`p.user_id = :user AND ${visiblePost()}${seen}`, w),
      FeedsService.userTotalsSql(':user'),
      { user: userId, ...w.params },
      viewer,
    );
  }

  /** monopostcc/: posts about a Book (reposts left out); aggregate.rating__sum sums its reviews. Empty for a Book the viewer may not read. */
  ofBook(bookId: number, page: PageWindow, viewer?: AuthUser): Promise<PostListResponse> {
    const w = pageSql(page);
    // A Book the viewer may not read (members-only) has no posts for them, as an unknown Book.
    const readable = this.books.bookReadableSql(':book', viewer ? ':viewer::int' : 'NULL::int');
    return this.list(
      FeedsService.newestFirst(`p.review_to = :book AND ${countsTowardBookSql('p')}${seenBy('p', viewer ? ':viewer::int' : undefined)} AND ${readable}`, w),
      this.books.bookPostTotalsSql(`SELECT :book::int WHERE ${readable}`),
      { book: bookId, ...w.params },
      viewer,
    );
  }

  /** likedpostscc/likedposts/: posts the viewer liked, latest like first (counted: a user's own likes). */
  liked(viewer: AuthUser, page: PageWindow): Promise<PostListResponse> {
    const from = `FROM post_likes l JOIN posts p ON p.id = l.post_id WHERE l.user_id = :viewer AND ${visiblePost()}${seenBy('p', ':viewer')}`;
    const w = pageSql(page);
    return this.list(
      `SELECT p.id, l.id AS sort_key ${from} ORDER BY l.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      `SELECT count(*)::int AS n, coalesce(sum(p.rating), 0)::int AS rating_sum ${from}`,
      w.params,
      viewer,
    );
  }

  /** GET monopost/: the newest visible posts (a plain list). */
  async newest(page: PageWindow, viewer?: AuthUser) {
    const w = pageSql(page);
    const rows = await this.db.rows<PostRow>(
      `SELECT ${POST_COLUMNS} FROM posts p WHERE ${visiblePost()}${seenBy('p', viewer ? ':viewer::int' : undefined)} ORDER BY p.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      { viewer: viewer?.id, ...w.params },
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
    const w = pageSql(postPage);
    const postsSql = viewer
      ? `SELECT ${POST_COLUMNS} FROM posts p WHERE ${visiblePost()}${seenBy('p', ':viewer::int')} AND p.user_id <> :viewer
           AND p.user_id NOT IN (${this.follows.followedUserIdsSql(':viewer')}) ORDER BY p.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`
      : `SELECT ${POST_COLUMNS} FROM posts p WHERE ${visiblePost()} ORDER BY p.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`;
    const [rows, bookIds] = await Promise.all([this.db.rows<PostRow>(postsSql, { viewer: viewer?.id, ...w.params }), this.books.discoverIds(viewer, bookPage)]);
    const { posts, books: packed } = await this.packer.packWithBooks(rows, bookIds, viewer);
    const books = bookIds.flatMap((id) => packed.get(id) ?? []);
    const at = (item: CombinedItem) => (item.post ?? item.page)!.created_on;
    const items: CombinedItem[] = [...posts.map((post) => ({ type: 'post' as const, post })), ...books.map((page) => ({ type: 'page' as const, page }))];
    return items.sort((a, b) => at(b).localeCompare(at(a)));
  }
}
