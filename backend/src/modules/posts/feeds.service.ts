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
 * The page may read the totals' row as `t` (LATERAL: the home feed's scan sizes itself on `t.n`).
 */
export function postListSql(page: string, totals: string, extraColumns?: string): string {
  return `SELECT t.n AS total, t.rating_sum, ${POST_COLUMNS}${extraColumns ? `, ${extraColumns}` : ''}
            FROM (${totals}) t LEFT JOIN LATERAL (${page}) pg ON true LEFT JOIN posts p ON p.id = pg.id
           ORDER BY pg.sort_key DESC`;
}

/**
 * The home feed's scan of everyone's newest posts reads at most this many index entries per
 * source the reader follows and per post of the page size (FeedsService.homePageSql) …
 */
export const HOME_SCAN_PER_SOURCE = 2;

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
  /**
   * HOME_SCAN_PER_SOURCE for this service's statements. The tests set 0 (the scan never serves:
   * always the merge) or a large number (the scan always does) to hold both ways to the same answers.
   */
  homeScanPerSource = HOME_SCAN_PER_SOURCE;

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
    return this.list(this.homePageSql(':viewer', w.limit, w.offset, 't.n'), this.homeTotalsSql(':viewer'), w.params, viewer);
  }

  /**
   * The page of user `user`'s home feed (`user`, `limit`, `offset`: SQL, e.g. `:viewer` and
   * pageSql's). Two ways to the same posts (docs/home-feed-explain.md, "Many followed sources"):
   *
   * 1. The scan, for a reader whose feed looks dense enough (below): everyone's newest visible
   *    posts (posts_public_feed_idx, index-only), newest first, keeping those of the feed, at most
   *    `HOME_SCAN_PER_SOURCE × limit` entries per user or Book followed. When it finds
   *    `limit + offset` posts of the feed they are the feed's newest: every feed post newer than
   *    the last of them was in the scanned range. For a reader of many or busy sources this is a
   *    few index pages whatever the number of sources.
   * 2. Otherwise (a thin feed, or the scan ran out), the merge: the newest `limit + offset` posts
   *    of each source (own posts; per followed user; per followed Book), each an index range scan
   *    read backwards and stopped early, merged, then the page. Nothing reads a whole feed.
   *    PostgreSQL runs it only when the scan's count says so (a one-time filter), so a reader the
   *    scan serves never pays for it.
   *
   * The cap: a scan that runs out is paid on top of the merge. An entry of the scan costs about
   * 0.2 µs and a quiet source of the merge about 7 µs, so 2 entries per source and per post of
   * the page (20 per source) cost at most about half the merge; per page size, not per
   * `limit + offset`, because the merge of quiet sources costs no more on later pages. And the
   * scan is not tried when the feed is too thin for it to succeed: `feedSize` (the totals' `t.n`,
   * the whole feed's count) over the newest post id is the feed's share of all posts, so
   * `(limit + offset) × newest id / feedSize` is about how many entries the scan would read; over
   * the cap, the merge at once (most readers: a few dozen quiet people). Measured on 1.1M posts, a
   * reader of 98 quiet people: 0.78 ms a statement with the merge, 1.2–1.3 ms when the scan was
   * tried to its cap first.
   *
   * Both ways keep the same posts: a feed post is the viewer's own (the repost check only:
   * nobody can block or mute themselves, the safety tables' CHECKs), a followed user's, or a
   * followed Book's review (`countsTowardBookSql`), its author not blocked either way nor muted,
   * nor, for a repost, its original's author. Blocks and mutes are `NOT IN` a set read once per
   * statement (as NOT EXISTS per post, PostgreSQL made them an anti join under which a followed
   * account's whole history was read and sorted for each page); in the merge each followed user
   * is checked once, not per post.
   */
  homePageSql(user: string, limit: string, offset: string, feedSize?: string): string {
    const k = `(${limit}::int + ${offset}::int)`;
    const newest = (where: string) => `SELECT p.id FROM posts p WHERE ${where} ORDER BY p.id DESC LIMIT ${k}`;
    const followedUsers = this.follows.followedUserIdsSql(user);
    const followedBooks = this.books.followedBookIdsSql(user);
    const merge = `(${newest(`p.user_id = ${user}${seenRepostBy('p', user)} AND ${visiblePost()}`)})
        UNION
        (SELECT x.id FROM (${followedUsers}) fu(uid)
           CROSS JOIN LATERAL (${newest(`p.user_id = fu.uid${seenRepostBy('p', user)} AND ${visiblePost()}`)}) x
          WHERE fu.uid NOT IN (${hiddenAuthorsSql(user)}))
        UNION
        (SELECT x.id FROM (${followedBooks}) fb(bid)
           CROSS JOIN LATERAL (${newest(`p.review_to = fb.bid${seenBy('p', user)} AND ${countsTowardBookSql('p')}`)}) x)`;
    const sources = `(SELECT count(*) FROM (${followedUsers}) c) + (SELECT count(*) FROM (${followedBooks}) c)`;
    // Tried when the feed looks dense enough for the cap: `limit + offset` posts among the newest
    // `newest id × k / feed size` (the feed's share of all posts, all time) fit in it.
    const dense = feedSize ? ` AND ${k}::bigint * (SELECT max(a.id) FROM posts a) <= ${this.homeScanPerSource}::bigint * ${limit}::int * n * ${feedSize}` : '';
    const cap = `(SELECT CASE WHEN n > 0${dense} THEN ${this.homeScanPerSource} * ${limit}::int * n ELSE 0 END FROM (SELECT ${sources} AS n OFFSET 0) n)`; // OFFSET 0: counted once, not once per use
    return `WITH home_scan AS (
        SELECT s.id FROM (SELECT p.id, p.user_id, p.review_to, p.reposting, p.reposting_from_user FROM posts p
                           WHERE ${visiblePost()} ORDER BY p.id DESC LIMIT ${cap}) s
         WHERE (s.user_id IN (${followedUsers}) OR NOT s.reposting AND s.review_to IN (${followedBooks}) OR s.user_id = ${user})
           AND (s.user_id = ${user} OR s.user_id NOT IN (${hiddenAuthorsSql(user)}))${seenRepostBy('s', user)}
         ORDER BY s.id DESC LIMIT ${k})
      SELECT f.id, f.id AS sort_key FROM (
        SELECT home_scan.id FROM home_scan WHERE (SELECT count(*) FROM home_scan) >= ${k}
        UNION ALL
        SELECT m.id FROM (${merge}) m WHERE (SELECT count(*) FROM home_scan) < ${k}
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
