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
