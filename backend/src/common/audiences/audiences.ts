import { Injectable } from '@nestjs/common';
import type { Tx } from '../../database/db';

/** What can be addressed to an audience (a group of people, such as a circle): a post, an uploaded data file. */
export type AudienceTarget = 'post' | 'file';

/**
 * The module that owns audiences (the circles module) and their links to posts and files. The
 * posts, uploads, books and follows modules know only this interface: SQL fragments that the owner
 * hands out (so that their queries stay one statement) and the writes that must happen in their
 * acting transaction. No module imports the owner, so there is no module cycle.
 */
export interface AudienceOwner {
  /**
   * A scalar SQL subquery: the audiences `idExpr` (an id of a post or a file) is linked to, as a
   * JSON array of `{"id": n, "title": "…"}` (null when none).
   */
  linksSql(target: AudienceTarget, idExpr: string): string;
  /** A scalar SQL subquery: the number of audiences user `userExpr` belongs to. */
  membershipCountSql(userExpr: string): string;
  /** A statement selecting 1 when audience `idExpr` exists (for the access log). */
  existsSql(idExpr: string): string;
  /**
   * A boolean SQL expression: user `userExpr` is a member of an audience a file of Book `bookExpr`
   * was posted to (the members-only Books' readers; see BooksService.readableSql).
   */
  bookMemberSql(bookExpr: string, userExpr: string): string;
  /** Links a new post or file of `userId` to `audienceIds` (already checked as allowed), in the acting transaction. */
  attach(target: AudienceTarget, objectId: number, userId: number, audienceIds: readonly number[], tx: Tx): Promise<void>;
  /** A post or file is being deleted: its links go (and the counters that counted them), in the acting transaction. */
  detach(target: AudienceTarget, objectIds: readonly number[], tx: Tx): Promise<void>;
  /** Data file `fileId` became (or joined) Book `bookId`, in the generating transaction. */
  filePlaced(fileId: number, bookId: number, tx: Tx): Promise<void>;
  /** The audiences a file is linked to (a file addressed to an audience makes a Book of its own). */
  linkedIds(target: AudienceTarget, objectId: number, tx?: Tx): Promise<number[]>;
  /** Audiences matching a `to_tsquery('simple', …)` query (null: all), newest first, one page (combined search). */
  search(tsQuery: string | null, limit: number, offset: number): Promise<AudienceCard[]>;
}

/** An audience as a search result card shows it. */
export interface AudienceCard {
  id: number;
  title: string;
  caption: string;
  img: string | null;
  created_on: string;
}

/** One audience as a post or file response shows it. */
export interface AudienceLink {
  id: number;
  title: string;
}

/**
 * The registry of the audience owner (one at most). Until one registers, nothing is linked: the
 * fragments answer null or 0 and writes are refused by the caller (`available()`).
 */
@Injectable()
export class Audiences {
  private owner?: AudienceOwner;

  register(owner: AudienceOwner): void {
    if (this.owner) throw new Error('an audience owner is registered already');
    this.owner = owner;
  }

  available(): boolean {
    return !!this.owner;
  }

  linksSql(target: AudienceTarget, idExpr: string): string {
    return this.owner ? this.owner.linksSql(target, idExpr) : 'NULL::json';
  }

  membershipCountSql(userExpr: string): string {
    return this.owner ? this.owner.membershipCountSql(userExpr) : '0';
  }

  bookMemberSql(bookExpr: string, userExpr: string): string {
    return this.owner ? this.owner.bookMemberSql(bookExpr, userExpr) : 'false';
  }

  existsSql(idExpr: string): string | null {
    return this.owner ? this.owner.existsSql(idExpr) : null;
  }

  async attach(target: AudienceTarget, objectId: number, userId: number, audienceIds: readonly number[], tx: Tx): Promise<void> {
    if (audienceIds.length === 0) return;
    if (!this.owner) throw new Error('no audience owner');
    await this.owner.attach(target, objectId, userId, audienceIds, tx);
  }

  async detach(target: AudienceTarget, objectIds: readonly number[], tx: Tx): Promise<void> {
    if (this.owner && objectIds.length) await this.owner.detach(target, objectIds, tx);
  }

  async filePlaced(fileId: number, bookId: number, tx: Tx): Promise<void> {
    if (this.owner) await this.owner.filePlaced(fileId, bookId, tx);
  }

  async linkedIds(target: AudienceTarget, objectId: number, tx?: Tx): Promise<number[]> {
    return this.owner ? this.owner.linkedIds(target, objectId, tx) : [];
  }

  async search(tsQuery: string | null, limit: number, offset: number): Promise<AudienceCard[]> {
    return this.owner ? this.owner.search(tsQuery, limit, offset) : [];
  }
}

/** Splits a `linksSql` column into the wire fields `communities` (ids) and `communities_info` (titles). */
export function audienceFields(links: AudienceLink[] | null | undefined): { communities: number[]; communities_info: string[] } {
  const list = links ?? [];
  return { communities: list.map((l) => l.id), communities_info: list.map((l) => l.title) };
}
