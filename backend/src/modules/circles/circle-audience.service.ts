import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccessService } from '../../common/access/access.service';
import { idsWhere } from '../../common/access/ids-where';
import { Permission } from '../../common/access/permission';
import { type AudienceCard, type AudienceOwner, type AudienceTarget, Audiences } from '../../common/audiences/audiences';
import { Db, type Tx } from '../../database/db';
import { bookMemberSql, circleExistsSql, type CircleIdRow, circleLinksSql, LINK_TABLES, membershipCountSql, recountShelvesSql } from './circle-sql';
import { CircleReads } from './circle-reads.service';

/**
 * What other modules know of circles, and all they know: the audience registry's owner (SQL
 * fragments for their statements, the links of posts and files written in their transactions,
 * the circles' half of the combined search) and this module's parts of the access registry. The
 * posts, uploads, books and follows modules import nothing from the circles module.
 */
@Injectable()
export class CircleAudience implements AudienceOwner, OnModuleInit {
  constructor(
    private readonly db: Db,
    private readonly reads: CircleReads,
    private readonly access: AccessService,
    audiences: Audiences,
  ) {
    audiences.register(this);
  }

  /**
   * The circles' parts of the access registry, registered once every provider is constructed:
   * a permission asks its contributions in the order they came, so the owners' own rules
   * (posts.public, books.public, registered in their constructors) answer first and a public
   * post or Book costs no membership statement (test/query-budget.e2e-spec.ts counts them).
   */
  onModuleInit(): void {
    const { access, db } = this;
    access.contribute(Permission.CircleMember, 'circles.member', (viewer, ids, tx) =>
      idsWhere(
        db,
        `SELECT m.circle_id AS id FROM circle_members m WHERE m.circle_id = ANY(:ids::int[]) AND m.user_id = :viewer AND NOT m.hidden`,
        ids,
        viewer,
        tx,
      ),
    );
    access.contribute(Permission.CircleOwner, 'circles.owner', (viewer, ids, tx) =>
      idsWhere(db, `SELECT c.id FROM circles c WHERE c.id = ANY(:ids::int[]) AND c.owner_id = :viewer`, ids, viewer, tx),
    );
    access.contribute(Permission.CircleInvitee, 'circles.invitee', (viewer, ids, tx) =>
      idsWhere(db, `SELECT i.id FROM circle_invitations i WHERE i.id = ANY(:ids::int[]) AND i.invited_id = :viewer AND NOT i.hidden`, ids, viewer, tx),
    );
    // A circle post is for the members of (any of) its circles.
    access.contribute(Permission.PostVisible, 'circles.member-posts', (viewer, ids, tx) =>
      idsWhere(
        db,
        `SELECT DISTINCT l.post_id AS id FROM circle_posts l JOIN circle_members m ON m.circle_id = l.circle_id AND m.user_id = :viewer AND NOT m.hidden
          WHERE l.post_id = ANY(:ids::int[]) AND NOT l.hidden`,
        ids,
        viewer,
        tx,
      ),
    );
    // A members-only Book (made from a file posted to circles) is for the members of its circles;
    // a pending join request or invitation is no membership. The lists use the same SQL (bookMemberSql).
    access.contribute(Permission.BookRead, 'circles.member-books', (viewer, ids, tx) =>
      idsWhere(db, `SELECT b.id FROM unnest(:ids::int[]) AS b(id) WHERE ${bookMemberSql('b.id', ':viewer')}`, ids, viewer, tx),
    );
  }

  linksSql(target: AudienceTarget, idExpr: string): string {
    return circleLinksSql(target, idExpr);
  }

  bookMemberSql(bookExpr: string, userExpr: string): string {
    return bookMemberSql(bookExpr, userExpr);
  }

  membershipCountSql(userExpr: string): string {
    return membershipCountSql(userExpr);
  }

  existsSql(idExpr: string): string {
    return circleExistsSql(idExpr);
  }

  /** A post's links count in its circles' `post_count` and move their `last_post_id`; its author has seen it. */
  async attach(target: AudienceTarget, objectId: number, userId: number, circleIds: readonly number[], tx: Tx): Promise<void> {
    const params = { circles: [...new Set(circleIds)], object: objectId, user: userId };
    if (target === 'post') {
      await this.db.exec(
        `WITH linked AS (
           INSERT INTO circle_posts (circle_id, post_id, user_id) SELECT c.id, :object, :user FROM circles c WHERE c.id = ANY(:circles::int[]) ON CONFLICT DO NOTHING RETURNING circle_id
         ), counted AS (
           UPDATE circles c SET post_count = c.post_count + 1, last_post_id = GREATEST(c.last_post_id, :object) WHERE c.id IN (SELECT circle_id FROM linked)
         )
         UPDATE circle_members m SET last_seen_post_id = GREATEST(m.last_seen_post_id, :object) WHERE m.user_id = :user AND m.circle_id IN (SELECT circle_id FROM linked)`,
        params,
        tx,
      );
    } else {
      await this.db.exec(
        `INSERT INTO circle_files (circle_id, file_id, user_id) SELECT c.id, :object, :user FROM circles c WHERE c.id = ANY(:circles::int[]) ON CONFLICT DO NOTHING`,
        params,
        tx,
      );
    }
  }

  async detach(target: AudienceTarget, objectIds: readonly number[], tx: Tx): Promise<void> {
    if (target === 'post') {
      await this.db.exec(
        `WITH gone AS (DELETE FROM circle_posts WHERE post_id = ANY(:posts::int[]) RETURNING circle_id, hidden)
         UPDATE circles c SET post_count = c.post_count - g.n
           FROM (SELECT circle_id, count(*)::int AS n FROM gone WHERE NOT hidden GROUP BY circle_id) g WHERE c.id = g.circle_id`,
        { posts: objectIds },
        tx,
      );
    } else {
      const gone = await this.db.rows<CircleIdRow>(`DELETE FROM circle_files WHERE file_id = ANY(:files::int[]) RETURNING circle_id`, { files: objectIds }, tx);
      if (gone.length) await this.db.exec(recountShelvesSql(':circles'), { circles: gone.map((g) => g.circle_id) }, tx);
    }
  }

  async filePlaced(fileId: number, bookId: number, tx: Tx): Promise<void> {
    const placed = await this.db.rows<CircleIdRow>(
      `UPDATE circle_files SET page_id = :book WHERE file_id = :file RETURNING circle_id`,
      { file: fileId, book: bookId },
      tx,
    );
    if (placed.length) await this.db.exec(recountShelvesSql(':circles'), { circles: placed.map((p) => p.circle_id) }, tx);
  }

  async linkedIds(target: AudienceTarget, objectId: number, tx?: Tx): Promise<number[]> {
    const { table, column } = LINK_TABLES[target];
    const rows = await this.db.rows<CircleIdRow>(`SELECT circle_id FROM ${table} WHERE ${column} = :object ORDER BY circle_id`, { object: objectId }, tx);
    return rows.map((r) => r.circle_id);
  }

  search(tsQuery: string | null, limit: number, offset: number): Promise<AudienceCard[]> {
    return this.reads.search(tsQuery, limit, offset);
  }
}
