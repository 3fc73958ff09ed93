import { Injectable } from '@nestjs/common';
import { Audiences } from '../../common/audiences/audiences';

/**
 * The books module's SQL fragments that other modules embed in their own statements (and this
 * module in its lists). Each takes the SQL expressions it works on (an alias, `:viewer`, `p.id`):
 * the caller's statement names the parameters, so fragments compose without counting positions.
 * The tables stay this module's: nobody else writes their names.
 */

/**
 * When Book `alias` last changed as a page: made, or a data file added to it (the files shown,
 * not the hidden ones of a leaving user). get-page-info's `modified_on` and the sitemap's `lastmod`.
 */
export function bookLastModifiedSql(alias: string): string {
  return `greatest(${alias}.created_on, (SELECT max(lm.created_on) FROM book_files lm WHERE lm.page_id = ${alias}.id AND NOT lm.hidden))`;
}

/** One column of user ids: Book `idSql`'s data owners, the users whose files it holds (not hidden). For an `INSERT … SELECT` (notifications). */
export function dataOwnersSql(idSql: string): string {
  return `SELECT DISTINCT bf.user_id FROM book_files bf WHERE bf.page_id = ${idSql} AND NOT bf.hidden`;
}

/** One column of user ids: Book `idSql`'s followers (not hidden), as `dataOwnersSql`. */
export function followersSql(idSql: string): string {
  return `SELECT pf.user_id FROM page_follows pf WHERE pf.page_id = ${idSql} AND NOT pf.hidden`;
}

/** The title of Book `idSql`, null when there is no such Book or a moderator hid it (titles are never null). */
/** The language of Book `idSql`'s data ('ja'/'en'; null for no such Book), for a statement of another module (tags). */
export function bookLanguageSql(idSql: string): string {
  return `(SELECT bl.language FROM pages bl WHERE bl.id = ${idSql})`;
}

export function titleSql(idSql: string): string {
  return `(SELECT bt.title FROM pages bt WHERE bt.id = ${idSql} AND bt.moderated_reason IS NULL)`;
}

/**
 * The ids of the Books user `userSql` follows, for a feed statement (no rows read into memory):
 * `p.review_to IN (${followedBookIdsSql(':viewer')})`. Served by page_follows_user_idx.
 */
export function followedBookIdsSql(userSql: string): string {
  return `SELECT pf.page_id FROM page_follows pf WHERE pf.user_id = ${userSql}`;
}

/**
 * The stored post totals (`n`, `rating_sum`) of the Books whose ids `idsSql` selects, for the
 * totals of another module's post list; one row even when no Book matches.
 */
export function bookPostTotalsSql(idsSql: string): string {
  return `SELECT coalesce(sum(pt.post_count), 0)::int AS n, coalesce(sum(pt.rating_sum), 0)::int AS rating_sum FROM pages pt WHERE pt.id IN (${idsSql})`;
}

/** True when `viewerSql` is the visitor's viewer (no parameter: one plan for every visitor). */
function isVisitorSql(viewerSql: string): boolean {
  return /^NULL(::int)?$/i.test(viewerSql.trim());
}

/**
 * Permission.BookRead as SQL: the fragments need the circles' part (the audiences registry), so
 * they are a provider rather than plain functions.
 */
@Injectable()
export class BookSql {
  constructor(private readonly audiences: Audiences) {}

  /**
   * The one visibility fragment of every Book list (search, language, tag, related, user's Books,
   * followed, bookshelf, Books embedded in feeds): Book `alias` may be read by viewer `viewerSql`
   * (an int expression; NULL or `NULL::int` for a visitor). A Book not members-only is for
   * everyone; a members-only one for its creator, its owners (page_owners: contributors, buyers,
   * claimers) and the members of one of its circles (the audience owner's part). The same parts
   * as the access contributions books.public, books.owner and circles.member-books. A Book a
   * moderator hid (moderated_reason) is its creator's alone (the withholding books.moderated). A
   * visitor's fragment is the columns alone (one plan, no subquery).
   */
  readableSql(alias: string, viewerSql: string): string {
    if (isVisitorSql(viewerSql)) return `(NOT ${alias}.members_only AND ${alias}.moderated_reason IS NULL)`;
    return `(${alias}.owner_id = ${viewerSql} OR ${alias}.moderated_reason IS NULL AND (NOT ${alias}.members_only
      OR EXISTS (SELECT 1 FROM page_owners rdo WHERE rdo.page_id = ${alias}.id AND rdo.user_id = ${viewerSql})
      OR ${this.audiences.bookMemberSql(`${alias}.id`, viewerSql)}))`;
  }

  /** A boolean for another module's list statement: Book `idSql` exists and viewer `viewerSql` may read it (readableSql). */
  bookReadableSql(idSql: string, viewerSql: string): string {
    return `EXISTS (SELECT 1 FROM pages rb WHERE rb.id = ${idSql} AND ${this.readableSql('rb', viewerSql)})`;
  }
}
