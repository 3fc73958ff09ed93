/**
 * The safety module's SQL fragments, the one way other modules' lists take blocks and mutes into
 * account (this file imports only the message catalogue, so the modules that use it need not
 * import the module).
 * `a`, `b`, `authorSql`, `viewerSql` are SQL expressions of user ids; a NULL viewer (a visitor)
 * makes every fragment true, but callers leave them out for visitors (no subquery to run).
 */
import { MESSAGES } from '../../common/http/messages';

/** No block between the users `a` and `b`, either way. */
export function notBlockedSql(a: string, b: string): string {
  return `NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE (ub.blocker_id = ${a} AND ub.blocked_id = ${b}) OR (ub.blocker_id = ${b} AND ub.blocked_id = ${a}))`;
}

/** The spam brake (docs/operations.md): an account younger than this … */
export const HOLD_NEW_ACCOUNT_DAYS = 7;
/** … against which at least this many other accounts have open reports has its posts with a link held. */
export const HOLD_REPORTERS = 2;
/** A post with a link: http(s):// or www. */
export const LINK_PATTERN = /\bhttps?:\/\/|\bwww\./i;
/** The reason a held post carries (its author sees it): the message catalogue's. */
export const HELD_REASON = MESSAGES.heldForReview;
/** The reason a suspended account's Books, ads and circles carry while the suspension holds (marked `suspended_hidden`). */
export const SUSPENDED_REASON = MESSAGES.hiddenWhileSuspended;

/** SQL (boolean): user `userSql` is suspended now. */
export function suspendedUserSql(userSql: string): string {
  return `EXISTS (SELECT 1 FROM users su WHERE su.id = ${userSql} AND su.suspended_at IS NOT NULL)`;
}

/** SQL: the spam brake holds the posts with a link of user `userSql` (a young account with open reports from HOLD_REPORTERS others). */
export function heldAuthorSql(userSql: string): string {
  return `(EXISTS (SELECT 1 FROM users hu WHERE hu.id = ${userSql} AND hu.date_joined > now() - interval '${HOLD_NEW_ACCOUNT_DAYS} days')
    AND (SELECT count(DISTINCT hr.reporter_id) FROM reports hr WHERE hr.target_user_id = ${userSql} AND hr.status = 'open' AND hr.reporter_id <> ${userSql}) >= ${HOLD_REPORTERS})`;
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
