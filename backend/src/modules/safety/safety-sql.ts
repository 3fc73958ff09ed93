/**
 * The safety module's SQL fragments, the one way other modules' lists take blocks and mutes into
 * account (this file imports nothing, so the modules that use it need not import the module).
 * `a`, `b`, `authorSql`, `viewerSql` are SQL expressions of user ids; a NULL viewer (a visitor)
 * makes every fragment true, but callers leave them out for visitors (no subquery to run).
 */

/** No block between the users `a` and `b`, either way. */
export function notBlockedSql(a: string, b: string): string {
  return `NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE (ub.blocker_id = ${a} AND ub.blocked_id = ${b}) OR (ub.blocker_id = ${b} AND ub.blocked_id = ${a}))`;
}

/** The author `authorSql` is one the viewer sees in feeds and notifications: no block either way, not muted by the viewer. */
export function visibleAuthorSql(authorSql: string, viewerSql: string): string {
  return `(${notBlockedSql(authorSql, viewerSql)} AND NOT EXISTS (SELECT 1 FROM user_mutes um WHERE um.muter_id = ${viewerSql} AND um.muted_id = ${authorSql}))`;
}

/**
 * SQL (one column, user ids) of the authors the viewer `viewerSql` does not see in feeds: the
 * same rule as visibleAuthorSql, as a set. A list filters with `author NOT IN (…)`, which
 * PostgreSQL runs once per statement as a hashed subplan and checks row by row, so a list read
 * newest first from an index still stops after its page. (visibleAuthorSql's NOT EXISTS in a
 * list's WHERE became an anti join, and the plan then read a followed account's whole history,
 * sorted it and kept 10: 50,000 buffers for a home page; issue 43.) The ids are never null, so
 * NOT IN means what NOT EXISTS does.
 */
export function hiddenAuthorsSql(viewerSql: string): string {
  return `SELECT ub.blocked_id FROM user_blocks ub WHERE ub.blocker_id = ${viewerSql}
          UNION ALL SELECT ub.blocker_id FROM user_blocks ub WHERE ub.blocked_id = ${viewerSql}
          UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = ${viewerSql}`;
}
