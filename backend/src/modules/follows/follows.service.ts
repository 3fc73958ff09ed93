import { Injectable } from '@nestjs/common';
import { notBlockedSql } from '../safety/safety-sql';
import { Audiences } from '../../common/audiences/audiences';
import { searchQuery } from '../../common/search/search-text';
import { AccessService } from '../../common/access/access.service';
import { idsWhere } from '../../common/access/ids-where';
import { Permission } from '../../common/access/permission';
import type { AuthUser } from '../../common/auth/auth-user';
import { EventsService } from '../../common/events/events.service';
import { DrfValidationError, Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import { type PageWindow, pageSql } from '../../common/http/paging';
import type { ProfileResponse } from '../profiles/dto/profile.dto';
import { ProfilePacker } from '../profiles/profile.packer';
import { shownProfileRowSql } from '../profiles/profile-sql';
import { BooksService } from '../books/books.service';
import { ProfilesService } from '../profiles/profiles.service';
import type {
  AccessLogDto,
  ApprovalDto,
  CombinedSearchItem,
  DeleteRequestDto,
  FollowCheckResponse,
  FollowCountsResponse,
  FollowRequestResponse,
} from './dto/follows.dto';
import { Db, type Tx } from '../../database/db';

export const ALREADY_REQUESTED = Msg.uniqueSet('askFrom, askTo');

/** What an access-log id must name (`:object`), by type; null: asked of its owner (a Book of the books module, a circle of the audience owner). */
const ACCESS_LOG_OBJECTS: Record<AccessLogDto['type'], string | null> = {
  profile: shownProfileRowSql(':object'),
  page: null,
  community: null,
};
export const CANNOT_FOLLOW_SELF = Msg.cannotFollowSelf;

interface RequestRow {
  id: number;
  ask_from: number;
  ask_to: number;
  approved: boolean;
  created_on: Date;
}

/**
 * Following users. Owns follow_requests (a request is a follow once its recipient approved it;
 * unfollowing deletes it), follow_counts (stored, changed in the approving or deleting
 * transaction) and access_logs. Other modules get followed users as an SQL subquery
 * (`followedUserIdsSql`), never as a list in memory.
 */
@Injectable()
export class FollowsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly events: EventsService,
    private readonly profiles: ProfilesService,
    private readonly packer: ProfilePacker,
    private readonly audiences: Audiences,
    private readonly books: BooksService,
  ) {
    access.contribute(Permission.FollowRequestRecipient, 'follows.recipient', (viewer, ids, tx) =>
      idsWhere(this.db, `SELECT id FROM follow_requests WHERE id = ANY(:ids::int[]) AND ask_to = :viewer`, ids, viewer, tx),
    );
    access.contribute(Permission.FollowRequestParty, 'follows.party', (viewer, ids, tx) =>
      idsWhere(this.db, `SELECT id FROM follow_requests WHERE id = ANY(:ids::int[]) AND (ask_from = :viewer OR ask_to = :viewer)`, ids, viewer, tx),
    );
    // Leaving the site (domain-events.ts).
    events.subscribe('account.deletion_requested', 'follows', ({ userId }) => this.db.transaction((tx) => this.hideOfUser(userId, tx)));
    events.subscribe('account.deleted', 'follows', ({ userId }) => this.deleteOfUser(userId));
  }

  /**
   * A block between `a` and `b` (safety module): every follow and request between them, either
   * way, ends in the blocker's transaction, and the follow counts lose the approved ones.
   */
  async endBetween(a: number, b: number, tx: Tx): Promise<void> {
    const ended = await this.db.rows<{ ask_from: number; ask_to: number; approved: boolean }>(
      `DELETE FROM follow_requests WHERE ((ask_from = :a AND ask_to = :b) OR (ask_from = :b AND ask_to = :a)) AND NOT hidden RETURNING ask_from, ask_to, approved`,
      { a, b },
      tx,
    );
    for (const row of ended) if (row.approved) await this.changeCounts(row.ask_from, row.ask_to, -1, tx);
  }

  /**
   * `account.deletion_requested`: the user's follow requests, sent and received, leave every list
   * and the follows among them leave both parties' counts, in one statement that changes only
   * requests not hidden yet (a redelivered event changes nothing).
   */
  async hideOfUser(userId: number, tx: Tx): Promise<void> {
    await this.db.exec(
      `WITH flipped AS (
         UPDATE follow_requests SET hidden = true WHERE (ask_from = :user OR ask_to = :user) AND NOT hidden RETURNING ask_from, ask_to, approved
       ), changes AS (
         SELECT user_id, sum(following)::int AS following, sum(followed)::int AS followed FROM (
           SELECT ask_from AS user_id, 1 AS following, 0 AS followed FROM flipped WHERE approved
           UNION ALL SELECT ask_to, 0, 1 FROM flipped WHERE approved) x
          GROUP BY user_id)
       UPDATE follow_counts c SET following_count = c.following_count - ch.following, followed_count = c.followed_count - ch.followed
         FROM changes ch WHERE c.user_id = ch.user_id`,
      { user: userId },
      tx,
    );
  }

  /** `account.deleted`: the user's follow requests and counts go; their visits in the access log stay, anonymous. */
  async deleteOfUser(userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.hideOfUser(userId, tx);
      await this.db.exec(`DELETE FROM follow_requests WHERE ask_from = :user OR ask_to = :user`, { user: userId }, tx);
      await this.db.exec(`DELETE FROM follow_counts WHERE user_id = :user`, { user: userId }, tx);
      await this.db.exec(`UPDATE access_logs SET user_id = NULL WHERE user_id = :user`, { user: userId }, tx);
    });
  }

  /**
   * SQL of the users `userParam` follows (approved requests), for another module's query:
   * `p.user_id IN (${follows.followedUserIdsSql(':viewer')})`. Served by follow_requests_from_idx
   * (index-only: ask_to is included), so no follow list is read into memory.
   */
  followedUserIdsSql(userParam: string): string {
    return `SELECT fr.ask_to FROM follow_requests fr WHERE fr.ask_from = ${userParam} AND fr.approved`;
  }

  /**
   * SQL (one column, user ids) of a user's approved followers (not hidden), for an
   * `INSERT … SELECT` of another module (notifications); `param` is the user id's placeholder.
   */
  followersSql(param: string): string {
    return `SELECT fr.ask_from FROM follow_requests fr WHERE fr.ask_to = ${param} AND fr.approved AND NOT fr.hidden`;
  }

  /** Whether follow request `requestId` still stands (and is approved, for `approved: true`): the check a notification handler makes first. */
  async requestExists(requestId: number, opts: { approved?: boolean } = {}): Promise<boolean> {
    const row = await this.db.row<{ found: number }>(
      `SELECT 1 AS found FROM follow_requests WHERE id = :id AND NOT hidden AND (:approved::boolean IS NULL OR approved = :approved)`,
      { id: requestId, approved: opts.approved },
    );
    return row !== undefined;
  }

  private async pack(rows: RequestRow[]): Promise<FollowRequestResponse[]> {
    const people = await this.packer.summaries(rows.flatMap((r) => [r.ask_from, r.ask_to]));
    return rows.map((r) => ({
      id: r.id,
      askFrom: r.ask_from,
      askTo: r.ask_to,
      approved: r.approved,
      created_on: new Date(r.created_on).toISOString(),
      askFromProfile: people.get(r.ask_from) ?? null,
      askToProfile: people.get(r.ask_to) ?? null,
    }));
  }

  private async find(askFrom: number, askTo: number): Promise<RequestRow | undefined> {
    return this.db.row<RequestRow>(
      `SELECT id, ask_from, ask_to, approved, created_on FROM follow_requests WHERE ask_from = :from AND ask_to = :to AND NOT hidden`,
      { from: askFrom, to: askTo },
    );
  }

  private async changeCounts(follower: number, followed: number, delta: 1 | -1, tx: Tx): Promise<void> {
    await this.db.exec(
      `INSERT INTO follow_counts (user_id, following_count, followed_count)
       VALUES (:follower, GREATEST(:delta, 0), 0), (:followed, 0, GREATEST(:delta, 0))
       ON CONFLICT (user_id) DO UPDATE SET
         following_count = follow_counts.following_count + CASE WHEN follow_counts.user_id = :follower THEN :delta ELSE 0 END,
         followed_count = follow_counts.followed_count + CASE WHEN follow_counts.user_id = :followed THEN :delta ELSE 0 END`,
      { follower, followed, delta },
      tx,
    );
  }

  /** POST approval/: ask to follow, or approve a request sent to the caller. */
  async approval(viewer: AuthUser, dto: ApprovalDto): Promise<FollowRequestResponse> {
    if (dto.approved === true) return this.approve(viewer, dto);
    if (dto.askFrom !== undefined) await this.access.require(viewer, Permission.Self, [dto.askFrom], { detail: Msg.followAsYourself });
    if (dto.askTo === viewer.id) throw DrfValidationError.field('askTo', CANNOT_FOLLOW_SELF);
    if (!(await this.profiles.byUserIds([dto.askTo])).size) throw notFound();
    await this.access.require(viewer, Permission.UserInteract, [dto.askTo], { detail: Msg.blockedInteraction });
    const row = await this.db.transaction(async (tx) => {
      const created = await this.db.row<RequestRow>(
        `INSERT INTO follow_requests (ask_from, ask_to) VALUES (:from, :to) ON CONFLICT (ask_from, ask_to) DO NOTHING
         RETURNING id, ask_from, ask_to, approved, created_on`,
        { from: viewer.id, to: dto.askTo },
        tx,
      );
      if (created) await this.events.publish('user.follow_requested', { requestId: created.id, fromId: viewer.id, toId: dto.askTo }, tx);
      return created;
    });
    if (!row) throw DrfValidationError.nonField(ALREADY_REQUESTED);
    return (await this.pack([row]))[0];
  }

  private async approve(viewer: AuthUser, dto: ApprovalDto): Promise<FollowRequestResponse> {
    const [requester, recipient] = dto.askFrom !== undefined ? [dto.askFrom, dto.askTo] : [dto.askTo, viewer.id];
    const row = await this.find(requester, recipient);
    if (!row) throw notFound();
    await this.access.require(viewer, Permission.FollowRequestRecipient, [row.id], { detail: Msg.approveOwnRequests });
    await this.db.transaction(async (tx) => {
      const changed = await this.db.exec(`UPDATE follow_requests SET approved = true WHERE id = :id AND NOT approved AND NOT hidden`, { id: row.id }, tx);
      if (!changed) return; // approved already: nothing changes, nothing is announced twice
      await this.changeCounts(row.ask_from, row.ask_to, 1, tx);
      await this.events.publish('user.followed', { requestId: row.id, followerId: row.ask_from, followedId: row.ask_to }, tx);
    });
    return (await this.pack([{ ...row, approved: true }]))[0];
  }

  /** POST approval/delete_request/: the requester unfollows (or withdraws), or the requested removes a follower. */
  async deleteRequest(viewer: AuthUser, dto: DeleteRequestDto): Promise<void> {
    const row = await this.find(dto.askFrom, dto.askTo);
    if (!row) throw notFound();
    await this.access.require(viewer, Permission.FollowRequestParty, [row.id]);
    await this.db.transaction(async (tx) => {
      const deleted = await this.db.row<{ approved: boolean }>(
        `DELETE FROM follow_requests WHERE id = :id AND NOT hidden RETURNING approved`,
        { id: row.id },
        tx,
      );
      if (deleted?.approved) await this.changeCounts(row.ask_from, row.ask_to, -1, tx);
    });
  }

  /** approval/Followinguser/{id}/ (sent) and approval/Followeduser/{id}/ (received): the user's own requests. */
  async requestsOf(viewer: AuthUser, userId: number, direction: 'sent' | 'received', page: PageWindow): Promise<FollowRequestResponse[]> {
    await this.access.require(viewer, Permission.Self, [userId]);
    const column = direction === 'sent' ? 'ask_from' : 'ask_to';
    const w = pageSql(page);
    const rows = await this.db.rows<RequestRow>(
      `SELECT id, ask_from, ask_to, approved, created_on FROM follow_requests WHERE ${column} = :user AND NOT hidden ORDER BY id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      { user: userId, ...w.params },
    );
    return this.pack(rows);
  }

  async check(viewer: AuthUser | undefined, userId: number): Promise<FollowCheckResponse> {
    if (!viewer) return { following: false, approved: false };
    const row = await this.find(viewer.id, userId);
    return { following: !!row, approved: !!row?.approved };
  }

  /** followeduser/{id}/ (followers) and followinguser/{id}/ (followed): approved follows only, latest first. */
  async people(userId: number, direction: 'followers' | 'following', page: PageWindow, viewer?: AuthUser): Promise<ProfileResponse[]> {
    const [select, where] = direction === 'followers' ? ['ask_from', 'ask_to'] : ['ask_to', 'ask_from'];
    // Nobody the viewer blocked or was blocked by (the safety module's fragment; nothing for a visitor).
    const unblocked = viewer ? ` AND ${notBlockedSql(select, ':viewer::int')}` : '';
    const w = pageSql(page);
    const rows = await this.db.rows<{ user_id: number }>(
      `SELECT ${select} AS user_id FROM follow_requests WHERE ${where} = :user AND approved AND NOT hidden${unblocked} ORDER BY id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      viewer ? { user: userId, viewer: viewer.id, ...w.params } : { user: userId, ...w.params },
    );
    const profiles = await this.profiles.byUserIds(rows.map((r) => r.user_id));
    return rows.flatMap((r) => profiles.get(r.user_id) ?? []);
  }

  async counts(userId: number): Promise<FollowCountsResponse> {
    // Circles joined: the audience owner's fragment (0 without one).
    const row = await this.db.row<{ following_count: number | null; followed_count: number | null; community_count: number | null }>(
      `SELECT c.following_count, c.followed_count, ${this.audiences.membershipCountSql(':user::int')} AS community_count
         FROM (SELECT :user::int AS user_id) u LEFT JOIN follow_counts c ON c.user_id = u.user_id`,
      { user: userId },
    );
    return { following_count: row?.following_count ?? 0, followed_count: row?.followed_count ?? 0, community_count: row?.community_count ?? 0 };
  }

  /** profilecc/: people to follow — newest profiles, without the viewer and whom the viewer already asked to follow. */
  recommended(viewer: AuthUser | undefined, page: PageWindow): Promise<ProfileResponse[]> {
    return this.profiles.newestExcept(viewer, `SELECT fr.ask_to FROM follow_requests fr WHERE fr.ask_from = :me`, page);
  }

  /**
   * combinedsearch/: a page of users and a page of circles (the audience owner's) matching the
   * words, newest first; an empty query lists the newest of both.
   */
  async combinedSearch(q: string | undefined, page: PageWindow, viewer?: AuthUser): Promise<CombinedSearchItem[]> {
    const query = searchQuery(q ?? '');
    if (!query && (q ?? '').trim()) return [];
    const [users, circles] = await Promise.all([this.profiles.search(q, page, viewer), this.audiences.search(query, page.limit, page.offset)]);
    const items: CombinedSearchItem[] = [
      ...users.map((u) => ({
        type: 'user' as const,
        id: u.id,
        userProfile: u.userProfile,
        title: u.nickName,
        caption: u.caption,
        img: u.img,
        created_on: u.created_on,
      })),
      ...circles.map((c) => ({
        type: 'community' as const,
        id: c.id,
        userProfile: null,
        title: c.title,
        caption: c.caption,
        img: c.img,
        created_on: c.created_on,
      })),
    ];
    return items.sort((a, b) => b.created_on.localeCompare(a.created_on));
  }

  /**
   * access-log/: one row, only for an object that exists (a profile of an active account, a Book;
   * a circle), checked in the same statement. Otherwise a 400 on the id field,
   * as DRF's PrimaryKeyRelatedField.
   */
  async logAccess(viewer: AuthUser | undefined, dto: AccessLogDto): Promise<void> {
    const field = ({ profile: 'profile_id', page: 'page_id', community: 'community_id' } as const)[dto.type];
    const objectId = dto[field];
    if (objectId === undefined || objectId === null) throw DrfValidationError.field(field, objectId === null ? Msg.nullValue : Msg.required);
    // A Book the viewer (:viewer, null for a visitor) may read: a members-only Book is no object to outsiders.
    const exists =
      dto.type === 'community'
        ? this.audiences.existsSql(':object')
        : dto.type === 'page'
          ? `SELECT 1 WHERE ${this.books.bookReadableSql(':object::integer', ':viewer::integer')}`
          : ACCESS_LOG_OBJECTS[dto.type];
    const logged = exists
      ? await this.db.exec(
          `INSERT INTO access_logs (user_id, type, object_id) SELECT :viewer::integer, :type::varchar, :object::integer WHERE EXISTS (${exists})`,
          { viewer: viewer?.id, type: dto.type, object: objectId },
        )
      : 0;
    if (!logged) throw DrfValidationError.field(field, Msg.invalidPk(objectId));
  }
}
