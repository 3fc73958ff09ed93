// The expert floor of the feed benchmarks: each feed's whole JSON answer (the token lookup
// included) from ONE hand-written statement, built with json_build_object / json_agg in the
// database, sent by node:http as the text PostgreSQL returns. The fewest statements (one) and
// round trips (one) a feed request can cost; what the app adds over it is its framework, its
// packers' extra statements and its JSON work in JavaScript.
//
// It answers exactly what the app answers (the bench checks a few pages of each scenario for
// deep equality before measuring it, and fails the expert floor otherwise): the post shape of
// PostPacker, the Book shape of BookPacker (stored counters, the viewer's ownership deciding
// the paid parts, the first 3 files with their contributors), ProfilePacker's summaries.
//
// Parameters of every statement: $1 the token's key_hash (sha256 hex; null for a visitor),
// $2 limit, $3 offset, $4 the origin of media URLs, $5 the user, Book or circle of the list
// (where there is one).
//
// Every statement answers one row: `body`, the JSON text of the answer, and `status` (200; the
// circle thread, members only, answers 401 to a visitor, 404 for an unknown circle and 403 to a
// non-member as the app does, with a null body).

const visible = (a) => `NOT ${a}.communitypost_flag AND NOT ${a}.hidden`;
const media = (column) => `CASE WHEN coalesce(${column}, '') = '' THEN NULL ELSE $4::text || '/media/' || ${column} END`;
const iso = (column) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const V = '(SELECT id FROM viewer)';
/** A repost is seen when its original's author is (blocks and mutes: the `hid` CTE of the home statement). */
const seenRepost = '(p.reposting_from_user IS NULL OR p.reposting_from_user NOT IN (SELECT uid FROM hid))';
/** The reader's language: the account's (a visitor reads each Book in its data's language: no Accept-Language here). */
const L = '(SELECT language FROM viewer)';
/** A Book text field in the reader's language (BookPacker's inLanguage: when that language has a title). */
const text = (field) => `coalesce(tr.t->>'${field}', b.${field})`;
const profile = (userId) =>
  `(SELECT json_build_object('id', pr.id, 'userId', pr.user_id, 'nickName', pr.nick_name, 'img', ${media('pr.img')})
      FROM profiles pr WHERE pr.user_id = ${userId} AND pr.active)`;
const shown = (column) => `CASE WHEN p.reposting THEN coalesce(o.${column}, p.${column}) ELSE p.${column} END`;

/**
 * `page` selects (id, sort_key) of the page's posts; `totals` one row (n, rating_sum).
 * `extraCtes`: more CTEs, after `viewer` (each followed by a comma); `status`: an expression of
 * the answer's status (a non-200 answers a null body); `circleLinks`: the circles of circle posts
 * in `communities` / `communities_info` (the lists without circle posts answer them empty).
 */
function feedSql(page, totals, { extraCtes = '', status = '200', circleLinks = false } = {}) {
  // The circles of a circle post (CirclesService.linksSql, the audiences' fragment: every link, by circle id).
  const links = circleLinks
    ? `LEFT JOIN LATERAL (SELECT json_agg(lc.id ORDER BY lc.id) AS ids, json_agg(lc.title ORDER BY lc.id) AS titles
                            FROM circle_posts ll JOIN circles lc ON lc.id = ll.circle_id WHERE p.communitypost_flag AND ll.post_id = p.id) cl ON true`
    : '';
  return `WITH viewer AS (SELECT u.id, u.language FROM auth_tokens t JOIN users u ON u.id = t.user_id WHERE t.key_hash = $1::text AND u.is_active),
  ${extraCtes}
  t AS (${totals}),
  pg AS (${page}),
  pp AS (SELECT p.*, pg.sort_key, coalesce(p.reposting_from, p.id) AS origin FROM pg JOIN posts p ON p.id = pg.id),
  bk AS (
    SELECT b.id, ${text('title')} AS title, json_build_object(
        'id', b.id, 'title', ${text('title')}, 'summary', ${text('summary')}, 'img', ${media('b.img')}, 'created_on', ${iso('b.created_on')},
        'page_price', b.page_price, 'rating', CASE WHEN b.rating_count > 0 THEN round(b.rating_sum::numeric / b.rating_count)::int ELSE 0 END,
        'is_owned', ow.owned, 'members_only', b.members_only, 'moderated_reason', b.moderated_reason, 'goodpoint', ${text('goodpoint')}, 'badpoint', CASE WHEN b.page_price = 0 OR ow.owned THEN ${text('badpoint')} ELSE '' END,
        'point1', ${text('point1')}, 'point2', ${text('point2')}, 'point3', ${text('point3')}, 'point4', ${text('point4')}, 'point5', ${text('point5')},
        'answer', CASE WHEN b.page_price = 0 OR ow.owned THEN ${text('answer')} ELSE '' END, 'post_count', b.post_count,
        'monthly_views', (SELECT coalesce(sum(d.views), 0)::int FROM page_view_days d WHERE d.page_id = b.id AND d.day > CURRENT_DATE - 30),
        'gender_count', json_build_object('male', coalesce(c.male, 0), 'female', coalesce(c.female, 0)),
        'files', coalesce((
          SELECT json_agg(json_build_object(
                   'id', f.file_id, 'title', f.title,
                   'profile', json_build_object('id', fp.id, 'userId', f.user_id, 'img', ${media('fp.img')}, 'nickName', fp.nick_name),
                   'communities', coalesce((SELECT json_agg(lc.id ORDER BY lc.id) FROM circle_files lf JOIN circles lc ON lc.id = lf.circle_id WHERE lf.file_id = f.file_id), '[]'::json),
                   'communities_info', coalesce((SELECT json_agg(lc.title ORDER BY lc.id) FROM circle_files lf JOIN circles lc ON lc.id = lf.circle_id WHERE lf.file_id = f.file_id), '[]'::json))
                 ORDER BY f.created_on, f.file_id)
            FROM (SELECT * FROM book_files f WHERE f.page_id = b.id ORDER BY f.created_on, f.file_id LIMIT 3) f
            LEFT JOIN profiles fp ON fp.user_id = f.user_id AND fp.active), '[]'::json),
        'language', b.language) AS j
      FROM pages b
      LEFT JOIN page_follower_counts c ON c.page_id = b.id
      CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM page_owners x WHERE x.page_id = b.id AND x.user_id = coalesce(${V}, 0)) AS owned) ow
      CROSS JOIN LATERAL (SELECT CASE WHEN nullif(b.texts->${L}->>'title', '') IS NOT NULL THEN b.texts->${L} END AS t) tr
     WHERE b.id IN (SELECT review_to FROM pp)),
  js AS (
    SELECT p.sort_key, json_build_object(
        'id', p.id, 'text', p.text, 'img', ${media('p.img')}, 'created_on', ${iso('p.created_on')}, 'rating', p.rating,
        'reviewTo', p.review_to, 'reviewToPage', bk.j, 'reposting', p.reposting, 'repostingFrom', p.reposting_from,
        'repostingFromUser', p.reposting_from_user,
        'repostingProfile', CASE WHEN p.reposting_from_user IS NOT NULL THEN ${profile('p.reposting_from_user')} END,
        'new_data_flag', p.new_data_flag, 'purepost_flag', p.purepost_flag, 'communitypost_flag', p.communitypost_flag,
        'moderated_reason', CASE WHEN p.hidden THEN p.moderated_reason END,
        'communities', ${circleLinks ? `coalesce(cl.ids, '[]'::json)` : `'[]'::json`}, 'communities_info', ${circleLinks ? `coalesce(cl.titles, '[]'::json)` : `'[]'::json`},
        'liked', CASE WHEN fl.is_liked THEN json_build_array(${V}) ELSE '[]'::json END,
        'userPost', p.user_id, 'userPostProfile', ${profile('p.user_id')}, 'title', coalesce(bk.title, ''),
        'commentedCounts', ${shown('commented_counts')}, 'repostedTimes', ${shown('reposted_times')}, 'likedTimes', ${shown('liked_times')},
        'is_liked', fl.is_liked, 'is_reposted', fl.is_reposted, 'is_commented', fl.is_commented) AS j
      FROM pp p
      LEFT JOIN posts o ON p.reposting AND o.id = p.reposting_from
      LEFT JOIN bk ON bk.id = p.review_to
      ${links}
      CROSS JOIN LATERAL (SELECT
        EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.origin AND l.user_id = ${V}) AS is_liked,
        EXISTS (SELECT 1 FROM posts r WHERE r.user_id = ${V} AND r.reposting AND r.reposting_from = p.origin) AS is_reposted,
        EXISTS (SELECT 1 FROM post_comments cm WHERE cm.user_id = ${V} AND cm.post_id = p.origin) AS is_commented) fl),
  st AS (SELECT ${status} AS status)
  SELECT st.status, CASE WHEN st.status = 200 THEN json_build_object(
      'res', coalesce((SELECT json_agg(js.j ORDER BY js.sort_key DESC) FROM js), '[]'::json),
      'totalCount', t.n, 'aggregate', json_build_object('rating__sum', nullif(t.rating_sum, 0)))::text END AS body
    FROM st LEFT JOIN t ON true`;
}

/** The home scan's entries per source and per post of the page size (the app's HOME_SCAN_PER_SOURCE). */
const SCAN_PER_SOURCE = 2;
const newestFirst = (where) => `SELECT p.id, p.id AS sort_key FROM posts p WHERE ${where} ORDER BY p.id DESC LIMIT $2 OFFSET $3`;
const sums = (from) => `SELECT coalesce(sum(c.post_count), 0)::int AS n, coalesce(sum(c.rating_sum), 0)::int AS rating_sum FROM ${from}`;

export const EXPERT_SQL = {
  /** postcc/ for a visitor: every visible post. */
  homeVisitor: feedSql(newestFirst(`$1::text IS NULL AND ${visible('p')}`), sums('post_counts c')),
  /**
   * postcc/: own posts, followed users' posts, posts about followed Books (each post once), less
   * the posts of authors the viewer blocked, was blocked by or muted (and reposts of their posts).
   * The best statement found for the readers of issue 43 (docs/home-feed-explain.md): `sc`, a
   * scan of everyone's newest visible posts (posts_public_feed_idx, index-only) capped at
   * SCAN_PER_SOURCE × limit entries per followed user or Book (tried when the feed's share of all
   * posts, its total over the newest id, says the page fits in that), keeping the feed's; when it holds the
   * page's `limit + offset` posts they are the feed's newest, else (quiet sources) each source's
   * newest `limit + offset` posts read index-only from posts_user_feed_idx / posts_book_feed_idx
   * and merged, run only then (a one-time filter). Blocks and mutes as one set read once (`hid`),
   * checked once per followed user in the merge and per post only where the author varies.
   */
  home: feedSql(
    `WITH sc AS (SELECT s.id FROM (SELECT p.id, p.user_id, p.review_to, p.reposting, p.reposting_from_user FROM posts p WHERE ${visible('p')}
                               ORDER BY p.id DESC LIMIT (SELECT CASE WHEN n > 0 AND ($2::int + $3::int)::bigint * (SELECT max(a.id) FROM posts a) <= ${SCAN_PER_SOURCE}::bigint * $2::int * n * (SELECT t.n FROM t)
                                                   THEN ${SCAN_PER_SOURCE} * $2::int * n ELSE 0 END
                                         FROM (SELECT (SELECT count(*) FROM fu) + (SELECT count(*) FROM fb) AS n OFFSET 0) n)) s
             WHERE (s.user_id IN (SELECT uid FROM fu) OR NOT s.reposting AND s.review_to IN (SELECT bid FROM fb) OR s.user_id = ${V})
               AND (s.user_id = ${V} OR s.user_id NOT IN (SELECT uid FROM hid))
               AND (s.reposting_from_user IS NULL OR s.reposting_from_user NOT IN (SELECT uid FROM hid))
             ORDER BY s.id DESC LIMIT $2::int + $3::int)
      SELECT f.id, f.id AS sort_key FROM (
        SELECT sc.id FROM sc WHERE (SELECT count(*) FROM sc) >= $2::int + $3::int
        UNION ALL
        SELECT m.id FROM (
          (SELECT p.id FROM posts p WHERE p.user_id = ${V} AND ${visible('p')} AND ${seenRepost} ORDER BY p.id DESC LIMIT $2::int + $3::int)
          UNION
          (SELECT x.id FROM fu CROSS JOIN LATERAL (SELECT p.id FROM posts p WHERE p.user_id = fu.uid AND ${visible('p')} AND ${seenRepost} ORDER BY p.id DESC LIMIT $2::int + $3::int) x
            WHERE fu.uid NOT IN (SELECT uid FROM hid))
          UNION
          (SELECT x.id FROM fb CROSS JOIN LATERAL (SELECT p.id FROM posts p WHERE p.review_to = fb.bid AND ${visible('p')} AND NOT p.reposting
                                                     AND p.user_id NOT IN (SELECT uid FROM hid) AND ${seenRepost} ORDER BY p.id DESC LIMIT $2::int + $3::int) x)
        ) m WHERE (SELECT count(*) FROM sc) < $2::int + $3::int
      ) f ORDER BY f.id DESC LIMIT $2 OFFSET $3`,
    `SELECT u.n + b.n - ov.n AS n, u.rating_sum + b.rating_sum - ov.rating_sum AS rating_sum
       FROM (${sums(`post_counts c WHERE c.user_id IN (SELECT uid FROM authors)`)}) u,
            (SELECT coalesce(sum(pt.post_count), 0)::int AS n, coalesce(sum(pt.rating_sum), 0)::int AS rating_sum FROM pages pt WHERE pt.id IN (SELECT bid FROM fb)) b,
            (SELECT count(*)::int AS n, coalesce(sum(p.rating), 0)::int AS rating_sum
               FROM fb JOIN posts p ON p.review_to = fb.bid AND ${visible('p')} AND NOT p.reposting
              WHERE p.user_id IN (SELECT uid FROM authors)) ov`,
    {
      extraCtes: `fu AS (SELECT fr.ask_to AS uid FROM follow_requests fr WHERE fr.ask_from = ${V} AND fr.approved),
     fb AS (SELECT pf.page_id AS bid FROM page_follows pf WHERE pf.user_id = ${V}),
     authors AS (SELECT ${V} AS uid UNION ALL SELECT uid FROM fu),
     hid AS (SELECT ub.blocked_id AS uid FROM user_blocks ub WHERE ub.blocker_id = ${V}
             UNION ALL SELECT ub.blocker_id FROM user_blocks ub WHERE ub.blocked_id = ${V}
             UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = ${V}),`,
    },
  ),
  /** userpostcc/: a user's posts and reposts. */
  user: feedSql(newestFirst(`p.user_id = $5::int AND ${visible('p')}`), sums('post_counts c WHERE c.user_id = $5::int')),
  /** monopostcc/: posts about a Book, reposts left out. */
  book: feedSql(
    newestFirst(`p.review_to = $5::int AND ${visible('p')} AND NOT p.reposting`),
    `SELECT coalesce(sum(pt.post_count), 0)::int AS n, coalesce(sum(pt.rating_sum), 0)::int AS rating_sum FROM pages pt WHERE pt.id = $5::int`,
  ),
  /** likedpostscc/likedposts/: posts the viewer liked, latest like first. */
  liked: feedSql(
    `SELECT p.id, l.id AS sort_key FROM post_likes l JOIN posts p ON p.id = l.post_id WHERE l.user_id = ${V} AND ${visible('p')} ORDER BY l.id DESC LIMIT $2 OFFSET $3`,
    `SELECT count(*)::int AS n, coalesce(sum(p.rating), 0)::int AS rating_sum FROM post_likes l JOIN posts p ON p.id = l.post_id WHERE l.user_id = ${V} AND ${visible('p')}`,
  ),
  /**
   * communityposts/{id}/: a circle's thread, newest link first, for its members only (CirclesService.thread):
   * 401 for a visitor, 404 for an unknown circle, 403 for a non-member; the stored post_count as
   * totalCount, no rating sum. Its first page marks the thread seen (the app's UPDATE, here a
   * data-modifying CTE of the same statement; it changes nothing while no post is new).
   */
  circle: feedSql(
    `SELECT l.post_id AS id, l.post_id AS sort_key FROM circle_posts l
      WHERE l.circle_id = $5::int AND NOT l.hidden AND (SELECT status FROM gate) = 200 ORDER BY l.post_id DESC LIMIT $2 OFFSET $3`,
    `SELECT c.post_count AS n, 0 AS rating_sum FROM circles c WHERE c.id = $5::int`,
    {
      extraCtes: `gate AS (
       SELECT CASE WHEN ${V} IS NULL THEN 401
                   WHEN NOT EXISTS (SELECT 1 FROM circles c WHERE c.id = $5::int) THEN 404
                   WHEN NOT EXISTS (SELECT 1 FROM circle_members m WHERE m.circle_id = $5::int AND m.user_id = ${V} AND NOT m.hidden) THEN 403
                   ELSE 200 END AS status),
     seen AS (
       UPDATE circle_members m SET last_seen_post_id = c.last_post_id FROM circles c
        WHERE $3::int = 0 AND (SELECT status FROM gate) = 200
          AND c.id = $5::int AND m.circle_id = c.id AND m.user_id = ${V} AND m.last_seen_post_id < c.last_post_id
       RETURNING 1),`,
      status: '(SELECT status FROM gate)',
      circleLinks: true,
    },
  ),
};

/**
 * The statement with its page window written in as numbers: parameters `limitParam` and the one
 * after it (1-based) become the numbers they hold, later parameters move down by two. As the app
 * does on its first pages (pageSql in common/http/paging.ts), so that PostgreSQL keeps one plan of
 * the prepared statement instead of planning it again at every execution.
 */
export function literalPaging({ text, values }, limitParam = 2) {
  const [l, o] = [limitParam, limitParam + 1];
  const limit = Number(values[l - 1]);
  const offset = Number(values[o - 1]);
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(offset)) return { text, values };
  const renumbered = text.replace(/\$(\d+)/g, (_, d) => {
    const k = Number(d);
    return k === l ? String(limit) : k === o ? String(offset) : k > o ? `$${k - 2}` : `$${k}`;
  });
  return { text: renumbered, values: values.filter((_, i) => i !== l - 1 && i !== o - 1) };
}

/**
 * The statement and parameters for a feed request, or null for a path that is not a feed.
 * `keyHash`: sha256 of the token (null for a visitor); `origin`: of the media URLs.
 */
export function expertQuery(pathname, searchParams, keyHash, origin) {
  const count = Number(searchParams.get('count') ?? 0);
  const query = statementOf(pathname, searchParams, keyHash, origin, count);
  return query && count < 4 ? literalPaging(query) : query;
}

function statementOf(pathname, searchParams, keyHash, origin, count) {
  const base = [keyHash, 10, count * 10, origin];
  switch (pathname) {
    case '/api/user/postcc/':
      return { text: keyHash ? EXPERT_SQL.home : EXPERT_SQL.homeVisitor, values: base };
    case '/api/user/userpostcc/':
      return { text: EXPERT_SQL.user, values: [...base, Number(searchParams.get('user_id'))] };
    case '/api/user/monopostcc/':
      return { text: EXPERT_SQL.book, values: [...base, Number(searchParams.get('pageId'))] };
    case '/api/user/likedpostscc/likedposts/':
      return keyHash ? { text: EXPERT_SQL.liked, values: base } : null;
    default: {
      const circle = /^\/api\/user\/communityposts\/(\d+)\/?$/.exec(pathname);
      const id = circle && Number(circle[1]);
      return id && id <= 2147483647 ? { text: EXPERT_SQL.circle, values: [...base, id] } : null;
    }
  }
}
