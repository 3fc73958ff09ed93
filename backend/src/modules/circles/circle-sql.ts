import type { AudienceTarget } from '../../common/audiences/audiences';

/**
 * The circles module's SQL: the columns and rows of its tables, the rule of a circle that shows,
 * and the fragments other modules receive through the audience registry. Pure text, no state:
 * the bench floors register the fragments without a running app.
 */

/** Columns of a circle `c`, read as a CircleRow. */
export const CIRCLE_COLUMNS = `c.id, c.owner_id, c.title, c.description, c.image, c.background_image, c.item_type, c.member_count, c.post_count,
  c.page_count, c.joinrequest_count, c.last_post_id, c.created_on, c.moderated_reason`;

export interface CircleRow {
  id: number;
  owner_id: number;
  title: string;
  description: string;
  image: string | null;
  background_image: string | null;
  item_type: string;
  member_count: number;
  post_count: number;
  page_count: number;
  joinrequest_count: number;
  last_post_id: number;
  created_on: Date;
  /** Set while a moderator's hide holds: the circle is its owner's alone meanwhile. */
  moderated_reason: string | null;
}

/** Columns of a join request, read as a RequestRow. */
export const REQUEST_COLUMNS = 'id, circle_id, user_id, approved, created_on';

export interface RequestRow {
  id: number;
  circle_id: number;
  user_id: number;
  approved: boolean;
  created_on: Date;
}

/** Columns of an invitation, read as an InvitationRow. */
export const INVITATION_COLUMNS = 'id, circle_id, inviter_id, invited_id, accepted, created_on';

export interface InvitationRow {
  id: number;
  circle_id: number;
  inviter_id: number;
  invited_id: number;
  accepted: boolean;
  created_on: Date;
}

/** A row of circle ids (the circles a statement touched or a link names). */
export interface CircleIdRow {
  circle_id: number;
}

/**
 * Circle `c` is shown to viewer `viewerSql` (an int or null): not hidden by a moderator, or the
 * viewer owns it (the owner keeps seeing it, with its reason).
 */
export function circleShownSql(viewerSql: string): string {
  return `(c.moderated_reason IS NULL OR c.owner_id = ${viewerSql}::int)`;
}

/** The link table of each audience target. */
export const LINK_TABLES: Record<AudienceTarget, { table: string; column: string }> = {
  post: { table: 'circle_posts', column: 'post_id' },
  file: { table: 'circle_files', column: 'file_id' },
};

/**
 * Recounts the Books on the shelves of the circles in `circleIdsSql` (an int[] expression): the
 * distinct Books of the files that are not hidden. A recount, not ±1: two files of one Book
 * count once.
 */
export function recountShelvesSql(circleIdsSql: string): string {
  return `UPDATE circles c SET page_count = (SELECT count(DISTINCT f.page_id)::int FROM circle_files f WHERE f.circle_id = c.id AND f.page_id IS NOT NULL AND NOT f.hidden)
    WHERE c.id = ANY(${circleIdsSql}::int[])`;
}

// The audience registry's fragments (common/audiences: AudienceOwner).

/** The circles of post or file `idExpr`, as a JSON array of `{"id", "title"}` (null when none). */
export function circleLinksSql(target: AudienceTarget, idExpr: string): string {
  const { table, column } = LINK_TABLES[target];
  return `(SELECT json_agg(json_build_object('id', lc.id, 'title', lc.title) ORDER BY lc.id) FROM ${table} ll JOIN circles lc ON lc.id = ll.circle_id WHERE ll.${column} = ${idExpr})`;
}

/**
 * User `userExpr` is a member of a circle a file of Book `bookExpr` was posted to (the readers of
 * a members-only Book). A pending join request or invitation is no membership.
 */
export function bookMemberSql(bookExpr: string, userExpr: string): string {
  return `EXISTS (SELECT 1 FROM circle_files bmf JOIN circle_members bmm ON bmm.circle_id = bmf.circle_id AND bmm.user_id = ${userExpr} AND NOT bmm.hidden
                     WHERE bmf.page_id = ${bookExpr})`;
}

/** The number of circles user `userExpr` belongs to. */
export function membershipCountSql(userExpr: string): string {
  return `(SELECT count(*)::int FROM circle_members mm WHERE mm.user_id = ${userExpr} AND NOT mm.hidden)`;
}

/** Selects 1 when circle `idExpr` exists and no moderator hid it. */
export function circleExistsSql(idExpr: string): string {
  return `SELECT 1 FROM circles WHERE id = ${idExpr} AND moderated_reason IS NULL`;
}
