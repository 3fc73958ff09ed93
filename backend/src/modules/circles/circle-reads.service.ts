import { Injectable } from '@nestjs/common';
import type { AudienceCard } from '../../common/audiences/audiences';
import type { AuthUser } from '../../common/auth/auth-user';
import { notFound } from '../../common/http/id-param.pipe';
import { type PageWindow, pageSql } from '../../common/http/paging';
import { Db } from '../../database/db';
import { CIRCLE_COLUMNS, type CircleRow, circleShownSql } from './circle-sql';
import { CirclePacker } from './circle.packer';
import type { CircleStatus, CommunityResponse, CommunityStatusResponse, MyCommunityResponse, NewPostFlagResponse } from './dto/circle.dto';

/**
 * Reads of circles: a circle's header and the viewer's relation to it, the lists of a user's
 * circles, the search. A circle a moderator hid is its owner's alone: 404 to others, out of
 * other people's lists and of search.
 */
@Injectable()
export class CircleReads {
  constructor(
    private readonly db: Db,
    private readonly packer: CirclePacker,
  ) {}

  /** Whether circle `id` shows to the viewer (the check before every act on a circle). */
  async isShown(id: number, viewer?: AuthUser): Promise<boolean> {
    const row = await this.db.row<{ shown: 1 }>(`SELECT 1 AS shown FROM circles c WHERE c.id = :id AND ${circleShownSql(':viewer')}`, {
      id,
      viewer: viewer?.id ?? null,
    });
    return row !== undefined;
  }

  async get(id: number, viewer?: AuthUser): Promise<CommunityResponse> {
    const row = await this.db.row<CircleRow>(`SELECT ${CIRCLE_COLUMNS} FROM circles c WHERE c.id = :id AND ${circleShownSql(':viewer')}`, {
      id,
      viewer: viewer?.id ?? null,
    });
    if (!row) throw notFound();
    return this.packer.circle(row);
  }

  /** The owner of circle `id` (for a report of it), undefined when there is no such circle. */
  async ownerOf(id: number): Promise<number | undefined> {
    const row = await this.db.row<{ owner_id: number }>(`SELECT owner_id FROM circles WHERE id = :id`, { id });
    return row?.owner_id;
  }

  async status(viewer: AuthUser | undefined, id: number): Promise<CommunityStatusResponse> {
    const row = await this.db.row<{ member: boolean; requested: boolean; invitation_id: number | null }>(
      `SELECT EXISTS (SELECT 1 FROM circle_members m WHERE m.circle_id = c.id AND m.user_id = :viewer AND NOT m.hidden) AS member,
              EXISTS (SELECT 1 FROM circle_join_requests r WHERE r.circle_id = c.id AND r.user_id = :viewer AND NOT r.approved AND NOT r.hidden) AS requested,
              (SELECT i.id FROM circle_invitations i WHERE i.circle_id = c.id AND i.invited_id = :viewer AND NOT i.accepted AND NOT i.hidden) AS invitation_id
         FROM circles c WHERE c.id = :id`,
      { id, viewer: viewer?.id ?? 0 },
    );
    if (!row) throw notFound();
    if (!viewer) return { status: 'none', invitation_id: null };
    const status: CircleStatus = row.member ? 'member' : row.invitation_id !== null ? 'invitation_pending' : row.requested ? 'join_request_pending' : 'none';
    return { status, invitation_id: status === 'invitation_pending' ? row.invitation_id : null };
  }

  /** user/{id}/communities/: the circles a user belongs to, latest joined first (hidden ones left out). */
  async ofUser(userId: number, page: PageWindow): Promise<CommunityResponse[]> {
    const w = pageSql(page);
    const rows = await this.db.rows<CircleRow>(
      `SELECT ${CIRCLE_COLUMNS} FROM circle_members m JOIN circles c ON c.id = m.circle_id
        WHERE m.user_id = :user AND NOT m.hidden AND c.moderated_reason IS NULL ORDER BY m.created_on DESC, m.circle_id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      { user: userId, ...w.params },
    );
    return rows.map((r) => this.packer.circle(r));
  }

  /** mycommunities/: the viewer's circles (their own hidden ones included), with the unread flag. */
  async mine(viewer: AuthUser, page: PageWindow): Promise<MyCommunityResponse[]> {
    const w = pageSql(page);
    const rows = await this.db.rows<CircleRow & { last_seen_post_id: number }>(
      `SELECT ${CIRCLE_COLUMNS}, m.last_seen_post_id FROM circle_members m JOIN circles c ON c.id = m.circle_id
        WHERE m.user_id = :viewer AND NOT m.hidden AND ${circleShownSql(':viewer')} ORDER BY m.created_on DESC, m.circle_id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      { viewer: viewer.id, ...w.params },
    );
    return rows.map((r) => ({ ...this.packer.circle(r), newpost_flag: r.last_post_id > r.last_seen_post_id }));
  }

  /** community-new-post/: a post arrived since the viewer last opened the thread (false for a non-member). */
  async newPostFlag(viewer: AuthUser, id: number): Promise<NewPostFlagResponse> {
    const row = await this.db.row<{ fresh: boolean | null }>(
      `SELECT (SELECT c.last_post_id > m.last_seen_post_id FROM circle_members m WHERE m.circle_id = c.id AND m.user_id = :viewer AND NOT m.hidden) AS fresh
         FROM circles c WHERE c.id = :id`,
      { id, viewer: viewer.id },
    );
    if (!row) throw notFound();
    return { newpost_flag: !!row.fresh };
  }

  /**
   * Circles matching a `to_tsquery('simple', …)` query (null: all), newest first: the circles'
   * half of combinedsearch/. Its page comes as numbers from the audience registry (whose
   * signature the follows module calls), so LIMIT and OFFSET are parameters here.
   */
  async search(tsQuery: string | null, limit: number, offset: number): Promise<AudienceCard[]> {
    const rows = await this.db.rows<CircleRow>(
      `SELECT ${CIRCLE_COLUMNS} FROM circles c WHERE c.moderated_reason IS NULL AND (:query::text IS NULL OR c.search_vector @@ to_tsquery('simple', :query))
        ORDER BY c.created_on DESC, c.id DESC LIMIT :limit OFFSET :offset`,
      { query: tsQuery, limit, offset },
    );
    return rows.map((r) => {
      const card = this.packer.circle(r);
      return { id: card.id, title: card.title, caption: card.description, img: card.image, created_on: card.created_on };
    });
  }
}
