import { Injectable } from '@nestjs/common';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import type { AuthUser } from '../../common/auth/auth-user';
import { EventsService } from '../../common/events/events.service';
import { DrfValidationError, Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import { type PageWindow, pageSql } from '../../common/http/paging';
import { Db, type Tx } from '../../database/db';
import type { ProfileResponse } from '../profiles/dto/profile.dto';
import { ProfilesService } from '../profiles/profiles.service';
import { REQUEST_COLUMNS, type RequestRow } from './circle-sql';
import { CirclePacker } from './circle.packer';
import { CircleReads } from './circle-reads.service';
import type { JoinRequestResponse } from './dto/circle.dto';

/**
 * Who belongs to a circle: its members, the join requests and their approval by the owner, and
 * the two writes every way in shares (an invitation accepted too): adding a member and settling
 * their waiting request. `member_count` and `joinrequest_count` change in the acting transaction.
 */
@Injectable()
export class CircleMembership {
  constructor(
    private readonly db: Db,
    private readonly reads: CircleReads,
    private readonly access: AccessService,
    private readonly events: EventsService,
    private readonly profiles: ProfilesService,
    private readonly packer: CirclePacker,
  ) {}

  /** community/{id}/members/: the longest-standing first; a circle with no such id is a 404 (the same statement). */
  async members(id: number, page: PageWindow): Promise<ProfileResponse[]> {
    const w = pageSql(page);
    const rows = await this.db.rows<{ user_id: number | null }>(
      `SELECT m.user_id FROM circles c LEFT JOIN LATERAL (
         SELECT m.user_id FROM circle_members m WHERE m.circle_id = c.id AND NOT m.hidden ORDER BY m.created_on, m.user_id LIMIT ${w.limit} OFFSET ${w.offset}) m ON true
        WHERE c.id = :id`,
      { id, ...w.params },
    );
    if (!rows.length) throw notFound();
    const ids = rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id]));
    const profiles = await this.profiles.byUserIds(ids);
    return ids.flatMap((uid) => profiles.get(uid) ?? []);
  }

  async isMember(circleId: number, userId: number): Promise<boolean> {
    const row = await this.db.row<{ member: 1 }>(`SELECT 1 AS member FROM circle_members WHERE circle_id = :circle AND user_id = :user AND NOT hidden`, {
      circle: circleId,
      user: userId,
    });
    return row !== undefined;
  }

  /** Adds `userId` to the circle in `tx` (nothing when a member already); answers whether it was added. */
  async addMember(circleId: number, userId: number, tx: Tx): Promise<boolean> {
    const added = await this.db.row<{ n: number }>(
      `WITH added AS (
         INSERT INTO circle_members (circle_id, user_id, last_seen_post_id) SELECT c.id, :user, c.last_post_id FROM circles c WHERE c.id = :circle
         ON CONFLICT (circle_id, user_id) DO NOTHING RETURNING circle_id
       ), counted AS (UPDATE circles c SET member_count = c.member_count + 1 WHERE c.id IN (SELECT circle_id FROM added) RETURNING 1)
       SELECT count(*)::int AS n FROM added`,
      { circle: circleId, user: userId },
      tx,
    );
    return (added?.n ?? 0) > 0;
  }

  /** Settles a waiting join request of `userId` (they are a member now): it counts no more. */
  async settleRequest(circleId: number, userId: number, tx: Tx): Promise<RequestRow | undefined> {
    const settled = await this.db.row<RequestRow>(
      `UPDATE circle_join_requests SET approved = true, approved_on = now() WHERE circle_id = :circle AND user_id = :user AND NOT approved AND NOT hidden
       RETURNING ${REQUEST_COLUMNS}`,
      { circle: circleId, user: userId },
      tx,
    );
    if (settled) await this.db.exec(`UPDATE circles SET joinrequest_count = joinrequest_count - 1 WHERE id = :circle`, { circle: circleId }, tx);
    return settled;
  }

  /** community/{id}/joinrequests-pending/: the owner's queue, oldest first. */
  async pendingRequests(viewer: AuthUser, id: number, page: PageWindow): Promise<JoinRequestResponse[]> {
    if (!(await this.reads.isShown(id, viewer))) throw notFound();
    await this.access.require(viewer, Permission.CircleOwner, [id], { detail: Msg.circleOwnerOnly });
    const w = pageSql(page);
    const rows = await this.db.rows<RequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM circle_join_requests WHERE circle_id = :circle AND NOT approved AND NOT hidden ORDER BY id LIMIT ${w.limit} OFFSET ${w.offset}`,
      { circle: id, ...w.params },
    );
    return this.packer.requests(rows);
  }

  /** communityjoin/: a join request for the owner to approve; asking again answers the same request. */
  async requestToJoin(viewer: AuthUser, circleId: number): Promise<JoinRequestResponse> {
    if (!(await this.reads.isShown(circleId, viewer))) throw DrfValidationError.field('community', Msg.invalidPk(circleId));
    if (await this.isMember(circleId, viewer.id)) throw DrfValidationError.nonField(Msg.youAreCircleMember);
    const row = await this.db.transaction(async (tx) => {
      const params = { circle: circleId, user: viewer.id };
      const created = await this.db.row<RequestRow>(
        `INSERT INTO circle_join_requests (circle_id, user_id) VALUES (:circle, :user) ON CONFLICT (circle_id, user_id) DO NOTHING
         RETURNING ${REQUEST_COLUMNS}`,
        params,
        tx,
      );
      if (created) {
        await this.db.exec(`UPDATE circles SET joinrequest_count = joinrequest_count + 1 WHERE id = :circle`, { circle: circleId }, tx);
        return created;
      }
      // Asked before: the standing request (the unique key held it, so it is there).
      return (await this.db.row<RequestRow>(
        `SELECT ${REQUEST_COLUMNS} FROM circle_join_requests WHERE circle_id = :circle AND user_id = :user`,
        params,
        tx,
      )) as RequestRow;
    });
    return (await this.packer.requests([row]))[0];
  }

  /** community/{id}/join-request/approve/{userProfile}/: the owner lets a requester in. */
  async approve(viewer: AuthUser, circleId: number, userId: number): Promise<JoinRequestResponse> {
    if (!(await this.reads.isShown(circleId, viewer))) throw notFound();
    await this.access.require(viewer, Permission.CircleOwner, [circleId], { detail: Msg.circleOwnerOnly });
    const request = await this.db.row<RequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM circle_join_requests WHERE circle_id = :circle AND user_id = :user AND NOT hidden`,
      {
        circle: circleId,
        user: userId,
      },
    );
    if (!request) throw notFound();
    await this.db.transaction(async (tx) => {
      const settled = await this.settleRequest(circleId, userId, tx);
      if (!settled) return; // approved already: nothing changes, nothing is announced twice
      await this.addMember(circleId, userId, tx);
      await this.events.publish('circle.join_approved', { requestId: request.id, circleId, ownerId: viewer.id, requesterId: userId }, tx);
    });
    return (await this.packer.requests([{ ...request, approved: true }]))[0];
  }

  /** Whether join request `id` still stands and is approved: the check a notification handler makes first. */
  async joinRequestExists(id: number): Promise<boolean> {
    const row = await this.db.row<{ approved: 1 }>(`SELECT 1 AS approved FROM circle_join_requests WHERE id = :id AND approved AND NOT hidden`, { id });
    return row !== undefined;
  }
}
