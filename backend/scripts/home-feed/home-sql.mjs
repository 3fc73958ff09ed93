// The candidate home statement (phase 1 scratch; the app's fragments written out).
const visible = (a = 'p') => `NOT ${a}.communitypost_flag AND NOT ${a}.hidden`;
export const hidden = (v) => `SELECT ub.blocked_id FROM user_blocks ub WHERE ub.blocker_id = ${v}
          UNION ALL SELECT ub.blocker_id FROM user_blocks ub WHERE ub.blocked_id = ${v}
          UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = ${v}`;
const repostOk = (a, v) => ` AND (${a}.reposting_from_user IS NULL OR ${a}.reposting_from_user NOT IN (${hidden(v)}))`;
const seenBy = (a, v) => ` AND ${a}.user_id NOT IN (${hidden(v)})${repostOk(a, v)}`;
const followed = (v) => `SELECT fr.ask_to FROM follow_requests fr WHERE fr.ask_from = ${v} AND fr.approved`;
const books = (v) => `SELECT pf.page_id FROM page_follows pf WHERE pf.user_id = ${v}`;

/** Today's merge (feeds.service.ts homePageSql), without its final ORDER/LIMIT: the ids of each source's newest k. */
export function mergeSql(user, k) {
  const newest = (where) => `SELECT p.id FROM posts p WHERE ${where} AND ${visible()} ORDER BY p.id DESC LIMIT ${k}`;
  return `(${newest(`p.user_id = ${user}${repostOk('p', user)}`)})
        UNION
        (SELECT x.id FROM (${followed(user)}) fu(uid)
           CROSS JOIN LATERAL (${newest(`p.user_id = fu.uid${repostOk('p', user)}`)}) x
          WHERE fu.uid NOT IN (${hidden(user)}))
        UNION
        (SELECT x.id FROM (${books(user)}) fb(bid)
           CROSS JOIN LATERAL (${newest(`p.review_to = fb.bid${seenBy('p', user)} AND NOT p.reposting`)}) x)`;
}

export function oldPageSql(user, limit, offset) {
  const k = `(${limit}::int + ${offset}::int)`;
  return `SELECT f.id, f.id AS sort_key FROM (${mergeSql(user, k)}) f ORDER BY f.id DESC LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * Candidate (a): the newest `cap` visible posts of everyone (posts_public_feed_idx, index-only),
 * those of the feed kept; when they hold the page's k, they are its k newest; else today's merge.
 * cap = SCAN_PER_SOURCE * k * (1 + followed users + followed Books).
 */
export function newPageSql(user, limit, offset, perSource = 2) {
  const k = `(${limit}::int + ${offset}::int)`;
  return `WITH scan AS (
        SELECT s.id FROM (SELECT p.id, p.user_id, p.review_to, p.reposting, p.reposting_from_user FROM posts p WHERE ${visible()}
                           ORDER BY p.id DESC
                           LIMIT ${perSource} * ${k} * (1 + (SELECT count(*) FROM (${followed(user)}) c) + (SELECT count(*) FROM (${books(user)}) c))) s
         WHERE (s.user_id = ${user} OR s.user_id NOT IN (${hidden(user)})
                AND (s.user_id IN (${followed(user)}) OR NOT s.reposting AND s.review_to IN (${books(user)})))${repostOk('s', user)}
         ORDER BY s.id DESC LIMIT ${k})
      SELECT f.id, f.id AS sort_key FROM (
        SELECT scan.id FROM scan WHERE (SELECT count(*) FROM scan) >= ${k}
        UNION ALL
        SELECT m.id FROM (${mergeSql(user, k)}) m WHERE (SELECT count(*) FROM scan) < ${k}
      ) f ORDER BY f.id DESC LIMIT ${limit} OFFSET ${offset}`;
}
