import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import * as crypto from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import { type AudienceCard, type AudienceOwner, type AudienceTarget, Audiences } from '../../common/audiences/audiences';
import { searchDocument } from '../../common/search/search-text';
import type { AuthUser } from '../../common/auth/auth-user';
import { EventsService } from '../../common/events/events.service';
import { subscribeModeratedRows } from '../safety/moderated-rows';
import { DrfDetailError, DrfValidationError, Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import { type PageWindow, pageSql } from '../../common/http/paging';
import { normalizeImage } from '../../common/uploads/images';
import { Sql } from '../../database/sql';
import { FileStorage } from '../../storage/file-storage';
import { mediaUrl } from '../../storage/media-url';
import { BooksService } from '../books/books.service';
import type { PageResponse } from '../books/dto/page.dto';
import type { PostListResponse } from '../posts/dto/post.dto';
import { FeedsService } from '../posts/feeds.service';
import type { ProfileResponse } from '../profiles/dto/profile.dto';
import { ProfilePacker } from '../profiles/profile.packer';
import { ProfilesService } from '../profiles/profiles.service';
import type { CircleImages } from './circles.controller';
import type {
  CircleStatus,
  CommunityResponse,
  CommunityStatusResponse,
  CreateCircleDto,
  InvitationResponse,
  JoinRequestResponse,
  MyCommunityResponse,
  NewPostFlagResponse,
} from './dto/circle.dto';

const CIRCLE_COLUMNS = `c.id, c.owner_id, c.title, c.description, c.image, c.background_image, c.item_type, c.member_count, c.post_count,
  c.page_count, c.joinrequest_count, c.last_post_id, c.created_on, c.moderated_reason`;

/** SQL: circle `c` is shown to viewer `$2` (an int or null): not hidden by a moderator, or the viewer owns it. */
const SHOWN = `(c.moderated_reason IS NULL OR c.owner_id = $2::int)`;

interface CircleRow {
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

interface RequestRow {
  id: number;
  circle_id: number;
  user_id: number;
  approved: boolean;
  created_on: Date;
}

interface InvitationRow {
  id: number;
  circle_id: number;
  inviter_id: number;
  invited_id: number;
  accepted: boolean;
  created_on: Date;
}

const LINK_TABLES: Record<AudienceTarget, { table: string; column: string }> = {
  post: { table: 'circle_posts', column: 'post_id' },
  file: { table: 'circle_files', column: 'file_id' },
};

/** Recounts the Books on the shelves of the circles `circlesSql` selects (distinct Books of visible files). */
const recountShelves = (circlesSql: string) =>
  `UPDATE circles c SET page_count = (SELECT count(DISTINCT f.page_id)::int FROM circle_files f WHERE f.circle_id = c.id AND f.page_id IS NOT NULL AND NOT f.hidden)
    WHERE c.id IN (${circlesSql})`;

/**
 * Circles: groups with an owner, members, invitations and join requests, a thread of posts and a
 * bookshelf of the Books made from data files posted to them. Owns circles, circle_members,
 * circle_invitations, circle_join_requests and the links of posts and files to circles
 * (circle_posts, circle_files). The stored counters of a circle (member_count, post_count,
 * page_count, joinrequest_count) change in the acting transaction.
 *
 * Other modules know circles only through the access registry (CircleMember, CircleOwner,
 * CircleInvitee; this module's part of PostVisible) and the audience registry (SQL fragments for
 * the circles of a post or file, the writes of links in the posting transaction): the posts,
 * uploads, books and follows modules import nothing from here.
 */
@Injectable()
export class CirclesService implements AudienceOwner {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly sql: Sql,
    private readonly access: AccessService,
    private readonly events: EventsService,
    private readonly storage: FileStorage,
    private readonly bookshelf: BooksService,
    private readonly feeds: FeedsService,
    private readonly profiles: ProfilesService,
    private readonly people: ProfilePacker,
    audiences: Audiences,
  ) {
    audiences.register(this);
    access.contribute(Permission.CircleMember, 'circles.member', (viewer, ids, tx) =>
      this.idsWhere(`SELECT m.circle_id AS id FROM circle_members m WHERE m.circle_id = ANY($1::int[]) AND m.user_id = $2 AND NOT m.hidden`, ids, viewer, tx),
    );
    access.contribute(Permission.CircleOwner, 'circles.owner', (viewer, ids, tx) =>
      this.idsWhere(`SELECT c.id FROM circles c WHERE c.id = ANY($1::int[]) AND c.owner_id = $2`, ids, viewer, tx),
    );
    access.contribute(Permission.CircleInvitee, 'circles.invitee', (viewer, ids, tx) =>
      this.idsWhere(`SELECT i.id FROM circle_invitations i WHERE i.id = ANY($1::int[]) AND i.invited_id = $2 AND NOT i.hidden`, ids, viewer, tx),
    );
    // A circle post is for the members of (any of) its circles.
    access.contribute(Permission.PostVisible, 'circles.member-posts', (viewer, ids, tx) =>
      this.idsWhere(
        `SELECT DISTINCT l.post_id AS id FROM circle_posts l JOIN circle_members m ON m.circle_id = l.circle_id AND m.user_id = $2 AND NOT m.hidden
          WHERE l.post_id = ANY($1::int[]) AND NOT l.hidden`,
        ids,
        viewer,
        tx,
      ),
    );
    // A members-only Book (made from a file posted to circles) is for the members of its circles;
    // a pending join request or invitation is no membership. The lists use the same SQL (bookMemberSql).
    access.contribute(Permission.BookRead, 'circles.member-books', (viewer, ids, tx) =>
      this.idsWhere(`SELECT b.id FROM unnest($1::int[]) AS b(id) WHERE ${this.bookMemberSql('b.id', '$2')}`, ids, viewer, tx),
    );
    // A moderator's hide (or a suspension of its owner) makes a circle its owner's alone (404 to others, out of search).
    subscribeModeratedRows(events, this.sql, { subscriber: 'circles', table: 'circles', targetType: 'community', ownerColumn: 'owner_id' });
    // Leaving the site (domain-events.ts).
    events.subscribe('account.deletion_requested', 'circles', ({ userId }) => this.db.transaction((tx) => this.hideOfUser(userId, tx)));
    events.subscribe('account.deleted', 'circles', ({ userId }) => this.deleteOfUser(userId));
  }

  private async idsWhere(sql: string, ids: readonly number[], viewer: AuthUser | undefined, tx?: EntityManager): Promise<number[]> {
    if (!viewer) return [];
    const rows: Array<{ id: number }> = tx ? await tx.query(sql, [ids, viewer.id]) : await this.sql.query(sql, [ids, viewer.id]);
    return rows.map((r) => r.id);
  }

  // The audience registry (common/audiences): what other modules know of circles.

  linksSql(target: AudienceTarget, idExpr: string): string {
    const { table, column } = LINK_TABLES[target];
    return `(SELECT json_agg(json_build_object('id', lc.id, 'title', lc.title) ORDER BY lc.id) FROM ${table} ll JOIN circles lc ON lc.id = ll.circle_id WHERE ll.${column} = ${idExpr})`;
  }

  bookMemberSql(bookExpr: string, userExpr: string): string {
    return `EXISTS (SELECT 1 FROM circle_files bmf JOIN circle_members bmm ON bmm.circle_id = bmf.circle_id AND bmm.user_id = ${userExpr} AND NOT bmm.hidden
                     WHERE bmf.page_id = ${bookExpr})`;
  }

  membershipCountSql(userExpr: string): string {
    return `(SELECT count(*)::int FROM circle_members mm WHERE mm.user_id = ${userExpr} AND NOT mm.hidden)`;
  }

  existsSql(idExpr: string): string {
    return `SELECT 1 FROM circles WHERE id = ${idExpr} AND moderated_reason IS NULL`;
  }

  async attach(target: AudienceTarget, objectId: number, userId: number, circleIds: readonly number[], tx: EntityManager): Promise<void> {
    const ids = [...new Set(circleIds)];
    if (target === 'post') {
      await tx.query(
        `WITH linked AS (
           INSERT INTO circle_posts (circle_id, post_id, user_id) SELECT c.id, $2, $3 FROM circles c WHERE c.id = ANY($1::int[]) ON CONFLICT DO NOTHING RETURNING circle_id
         ), counted AS (
           UPDATE circles c SET post_count = c.post_count + 1, last_post_id = GREATEST(c.last_post_id, $2) WHERE c.id IN (SELECT circle_id FROM linked)
         )
         UPDATE circle_members m SET last_seen_post_id = GREATEST(m.last_seen_post_id, $2) WHERE m.user_id = $3 AND m.circle_id IN (SELECT circle_id FROM linked)`,
        [ids, objectId, userId],
      );
    } else {
      await tx.query(`INSERT INTO circle_files (circle_id, file_id, user_id) SELECT c.id, $2, $3 FROM circles c WHERE c.id = ANY($1::int[]) ON CONFLICT DO NOTHING`, [ids, objectId, userId]);
    }
  }

  async detach(target: AudienceTarget, objectIds: readonly number[], tx: EntityManager): Promise<void> {
    if (target === 'post') {
      await tx.query(
        `WITH gone AS (DELETE FROM circle_posts WHERE post_id = ANY($1::int[]) RETURNING circle_id, hidden)
         UPDATE circles c SET post_count = c.post_count - g.n
           FROM (SELECT circle_id, count(*)::int AS n FROM gone WHERE NOT hidden GROUP BY circle_id) g WHERE c.id = g.circle_id`,
        [objectIds],
      );
    } else {
      const [gone]: [Array<{ circle_id: number }>, number] = await tx.query(`DELETE FROM circle_files WHERE file_id = ANY($1::int[]) RETURNING circle_id`, [objectIds]);
      if (gone.length) await tx.query(recountShelves(`SELECT unnest($1::int[])`), [gone.map((g) => g.circle_id)]);
    }
  }

  async filePlaced(fileId: number, bookId: number, tx: EntityManager): Promise<void> {
    const [placed]: [Array<{ circle_id: number }>, number] = await tx.query(`UPDATE circle_files SET page_id = $2 WHERE file_id = $1 RETURNING circle_id`, [fileId, bookId]);
    if (placed.length) await tx.query(recountShelves(`SELECT unnest($1::int[])`), [placed.map((p) => p.circle_id)]);
  }

  async linkedIds(target: AudienceTarget, objectId: number, tx?: EntityManager): Promise<number[]> {
    const { table, column } = LINK_TABLES[target];
    const sql = `SELECT circle_id FROM ${table} WHERE ${column} = $1 ORDER BY circle_id`;
    const rows: Array<{ circle_id: number }> = tx ? await tx.query(sql, [objectId]) : await this.sql.query(sql, [objectId]);
    return rows.map((r) => r.circle_id);
  }

  async search(tsQuery: string | null, limit: number, offset: number): Promise<AudienceCard[]> {
    const rows: CircleRow[] = await this.sql.query(
      `SELECT ${CIRCLE_COLUMNS} FROM circles c WHERE c.moderated_reason IS NULL AND ($3::text IS NULL OR c.search_vector @@ to_tsquery('simple', $3)) ORDER BY c.created_on DESC, c.id DESC LIMIT $1 OFFSET $2`,
      [limit, offset, tsQuery],
    );
    return rows.map((r) => {
      const card = this.pack(r);
      return { id: card.id, title: card.title, caption: card.description, img: card.image, created_on: card.created_on };
    });
  }

  // Leaving the site

  /**
   * `account.deletion_requested`: the user leaves every circle (members, counters), their
   * waiting join requests and invitations go out of view, their circle posts and files leave
   * the threads and shelves. Circles the user owns pass to their longest-standing remaining
   * member; a circle with no other member keeps its owner until `account.deleted` removes it.
   * Each statement changes only rows not hidden yet (a redelivered event changes nothing more).
   */
  async hideOfUser(userId: number, tx: EntityManager): Promise<void> {
    await tx.query(
      `WITH flipped AS (UPDATE circle_members SET hidden = true WHERE user_id = $1 AND NOT hidden RETURNING circle_id)
       UPDATE circles c SET member_count = c.member_count - 1 WHERE c.id IN (SELECT circle_id FROM flipped)`,
      [userId],
    );
    await tx.query(
      `WITH flipped AS (UPDATE circle_join_requests SET hidden = true WHERE user_id = $1 AND NOT hidden RETURNING circle_id, approved)
       UPDATE circles c SET joinrequest_count = c.joinrequest_count - f.n
         FROM (SELECT circle_id, count(*)::int AS n FROM flipped WHERE NOT approved GROUP BY circle_id) f WHERE c.id = f.circle_id`,
      [userId],
    );
    await tx.query(`UPDATE circle_invitations SET hidden = true WHERE (invited_id = $1 OR inviter_id = $1) AND NOT hidden`, [userId]);
    await tx.query(
      `WITH flipped AS (UPDATE circle_posts SET hidden = true WHERE user_id = $1 AND NOT hidden RETURNING circle_id)
       UPDATE circles c SET post_count = c.post_count - f.n FROM (SELECT circle_id, count(*)::int AS n FROM flipped GROUP BY circle_id) f WHERE c.id = f.circle_id`,
      [userId],
    );
    const [files]: [Array<{ circle_id: number }>, number] = await tx.query(`UPDATE circle_files SET hidden = true WHERE user_id = $1 AND NOT hidden RETURNING circle_id`, [userId]);
    if (files.length) await tx.query(recountShelves(`SELECT unnest($1::int[])`), [files.map((f) => f.circle_id)]);
    await this.passOwnership(userId, tx);
  }

  /** Circles owned by `userId` pass to their longest-standing other member (visible), where there is one. */
  private async passOwnership(userId: number, tx: EntityManager): Promise<void> {
    await tx.query(
      `UPDATE circles c SET owner_id = heir.user_id
         FROM (SELECT DISTINCT ON (m.circle_id) m.circle_id, m.user_id FROM circle_members m JOIN circles o ON o.id = m.circle_id AND o.owner_id = $1
                WHERE m.user_id <> $1 AND NOT m.hidden ORDER BY m.circle_id, m.created_on, m.user_id) heir
        WHERE c.id = heir.circle_id`,
      [userId],
    );
  }

  /**
   * `account.deleted`: hides what is not hidden yet (the same step), passes ownership again, then
   * removes the circles the user still owns (nobody else is left in them: their images, then the
   * rows, links included) and the user's rows: memberships, invitations, join requests, links.
   */
  async deleteOfUser(userId: number): Promise<void> {
    const orphans: Array<{ image: string | null; background_image: string | null }> = await this.db.transaction(async (tx) => {
      await this.hideOfUser(userId, tx);
      const [removed]: [Array<{ image: string | null; background_image: string | null }>, number] = await tx.query(
        `DELETE FROM circles WHERE owner_id = $1 RETURNING image, background_image`,
        [userId],
      );
      await tx.query(`DELETE FROM circle_members WHERE user_id = $1`, [userId]);
      await tx.query(`DELETE FROM circle_invitations WHERE invited_id = $1 OR inviter_id = $1`, [userId]);
      await tx.query(`DELETE FROM circle_join_requests WHERE user_id = $1`, [userId]);
      await tx.query(`DELETE FROM circle_posts WHERE user_id = $1`, [userId]);
      await tx.query(`DELETE FROM circle_files WHERE user_id = $1`, [userId]);
      return removed;
    });
    for (const o of orphans) {
      for (const key of [o.image, o.background_image]) if (key) await this.storage.delete(key).catch(() => undefined);
    }
  }

  /** Whether invitation `id` still stands (not withdrawn by a deletion): the check a notification handler makes first. */
/** The owner of circle `id` (for a report of it), undefined when there is no such circle. */
  async ownerOf(id: number): Promise<number | undefined> {
    const [row]: Array<{ owner_id: number }> = await this.sql.query(`SELECT owner_id FROM circles WHERE id = $1`, [id]);
    return row?.owner_id;
  }

    async invitationExists(id: number): Promise<boolean> {
    return (await this.sql.query(`SELECT 1 FROM circle_invitations WHERE id = $1 AND NOT hidden`, [id])).length > 0;
  }

  /** Whether join request `id` still stands and is approved: the check a notification handler makes first. */
  async joinRequestExists(id: number): Promise<boolean> {
    return (await this.sql.query(`SELECT 1 FROM circle_join_requests WHERE id = $1 AND approved AND NOT hidden`, [id])).length > 0;
  }

  // Packing

  private pack(r: CircleRow): CommunityResponse {
    const { config } = this.options;
    const created = new Date(r.created_on).toISOString();
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      image: mediaUrl(config, r.image),
      background_image: mediaUrl(config, r.background_image),
      created_on: created,
      createdon: created,
      item_type: r.item_type,
      owner: r.owner_id,
      page_count: r.page_count,
      member_count: r.member_count,
      post_count: r.post_count,
      joinrequest_count: r.joinrequest_count,
      moderated_reason: r.moderated_reason ?? null,
    };
  }

  private async packRequests(rows: RequestRow[]): Promise<JoinRequestResponse[]> {
    const people = await this.people.summaries(rows.map((r) => r.user_id));
    return rows.map((r) => ({
      id: r.id,
      community: r.circle_id,
      userProfile: r.user_id,
      approved: r.approved,
      created_on: new Date(r.created_on).toISOString(),
      profile: people.get(r.user_id) ?? null,
    }));
  }

  private packInvitation(r: InvitationRow): InvitationResponse {
    return {
      id: r.id,
      community: r.circle_id,
      inviter: r.inviter_id,
      invited_user: r.invited_id,
      accepted: r.accepted,
      created_on: new Date(r.created_on).toISOString(),
    };
  }

  /** A circle the viewer may see (404 otherwise): one a moderator hid is its owner's alone. */
  private async row(id: number, viewer?: AuthUser): Promise<CircleRow> {
    const [row]: CircleRow[] = await this.sql.query(`SELECT ${CIRCLE_COLUMNS} FROM circles c WHERE c.id = $1 AND ${SHOWN}`, [id, viewer?.id ?? null]);
    if (!row) throw notFound();
    return row;
  }

  private async exists(id: number, viewer?: AuthUser): Promise<boolean> {
    return (await this.sql.query(`SELECT 1 FROM circles c WHERE c.id = $1 AND ${SHOWN}`, [id, viewer?.id ?? null])).length > 0;
  }

  // Reads

  async get(id: number, viewer?: AuthUser): Promise<CommunityResponse> {
    return this.pack(await this.row(id, viewer));
  }

  async status(viewer: AuthUser | undefined, id: number): Promise<CommunityStatusResponse> {
    const [row]: Array<{ member: boolean; requested: boolean; invitation_id: number | null }> = await this.sql.query(
      `SELECT EXISTS (SELECT 1 FROM circle_members m WHERE m.circle_id = c.id AND m.user_id = $2 AND NOT m.hidden) AS member,
              EXISTS (SELECT 1 FROM circle_join_requests r WHERE r.circle_id = c.id AND r.user_id = $2 AND NOT r.approved AND NOT r.hidden) AS requested,
              (SELECT i.id FROM circle_invitations i WHERE i.circle_id = c.id AND i.invited_id = $2 AND NOT i.accepted AND NOT i.hidden) AS invitation_id
         FROM circles c WHERE c.id = $1`,
      [id, viewer?.id ?? 0],
    );
    if (!row) throw notFound();
    if (!viewer) return { status: 'none', invitation_id: null };
    const status: CircleStatus = row.member ? 'member' : row.invitation_id !== null ? 'invitation_pending' : row.requested ? 'join_request_pending' : 'none';
    return { status, invitation_id: status === 'invitation_pending' ? row.invitation_id : null };
  }

  async books(id: number, page: PageWindow, viewer?: AuthUser): Promise<PageResponse[]> {
    if (!(await this.exists(id, viewer))) throw notFound();
    return this.bookshelf.listIn(`SELECT f.page_id FROM circle_files f WHERE f.circle_id = $1 AND f.page_id IS NOT NULL AND NOT f.hidden`, [id], page, viewer);
  }

  async members(id: number, page: PageWindow): Promise<ProfileResponse[]> {
    const rows: Array<{ user_id: number | null }> = await this.sql.query(
      `SELECT m.user_id FROM circles c LEFT JOIN LATERAL (
         SELECT m.user_id FROM circle_members m WHERE m.circle_id = c.id AND NOT m.hidden ORDER BY m.created_on, m.user_id LIMIT $2 OFFSET $3) m ON true
        WHERE c.id = $1`,
      [id, page.limit, page.offset],
    );
    if (!rows.length) throw notFound();
    const ids = rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id]));
    const profiles = await this.profiles.byUserIds(ids);
    return ids.flatMap((uid) => profiles.get(uid) ?? []);
  }

  async pendingRequests(viewer: AuthUser, id: number, page: PageWindow): Promise<JoinRequestResponse[]> {
    if (!(await this.exists(id, viewer))) throw notFound();
    await this.access.require(viewer, Permission.CircleOwner, [id], { detail: Msg.circleOwnerOnly });
    const rows: RequestRow[] = await this.sql.query(
      `SELECT id, circle_id, user_id, approved, created_on FROM circle_join_requests WHERE circle_id = $1 AND NOT approved AND NOT hidden ORDER BY id LIMIT $2 OFFSET $3`,
      [id, page.limit, page.offset],
    );
    return this.packRequests(rows);
  }

  async ofUser(userId: number, page: PageWindow): Promise<CommunityResponse[]> {
    const rows: CircleRow[] = await this.sql.query(
      `SELECT ${CIRCLE_COLUMNS} FROM circle_members m JOIN circles c ON c.id = m.circle_id
        WHERE m.user_id = $1 AND NOT m.hidden AND c.moderated_reason IS NULL ORDER BY m.created_on DESC, m.circle_id DESC LIMIT $2 OFFSET $3`,
      [userId, page.limit, page.offset],
    );
    return rows.map((r) => this.pack(r));
  }

  async mine(viewer: AuthUser, page: PageWindow): Promise<MyCommunityResponse[]> {
    const rows: Array<CircleRow & { last_seen_post_id: number }> = await this.sql.query(
      `SELECT ${CIRCLE_COLUMNS}, m.last_seen_post_id FROM circle_members m JOIN circles c ON c.id = m.circle_id
        WHERE m.user_id = $1 AND NOT m.hidden AND (c.moderated_reason IS NULL OR c.owner_id = $1) ORDER BY m.created_on DESC, m.circle_id DESC LIMIT $2 OFFSET $3`,
      [viewer.id, page.limit, page.offset],
    );
    return rows.map((r) => ({ ...this.pack(r), newpost_flag: r.last_post_id > r.last_seen_post_id }));
  }

  async newPostFlag(viewer: AuthUser, id: number): Promise<NewPostFlagResponse> {
    const [row]: Array<{ fresh: boolean | null }> = await this.sql.query(
      `SELECT (SELECT c.last_post_id > m.last_seen_post_id FROM circle_members m WHERE m.circle_id = c.id AND m.user_id = $2 AND NOT m.hidden) AS fresh
         FROM circles c WHERE c.id = $1`,
      [id, viewer.id],
    );
    if (!row) throw notFound();
    return { newpost_flag: !!row.fresh };
  }

  /** communityposts/{id}/: the thread, members only; the first page marks it seen. */
  async thread(viewer: AuthUser, id: number, page: PageWindow): Promise<PostListResponse> {
    try {
      await this.access.require(viewer, Permission.CircleMember, [id], { detail: Msg.notCircleMember });
    } catch (refused) {
      // Asked only when refused (a member's request costs no statement for it): no such circle is a 404.
      if (!(await this.exists(id, viewer))) throw notFound();
      throw refused;
    }
    const w = pageSql(page);
    // The first page marks the thread seen, in the list's statement (a CTE the feeds run once; `:viewer` is the list's).
    return this.feeds.listOf(
      `SELECT l.post_id AS id, l.post_id AS sort_key FROM circle_posts l WHERE l.circle_id = :circle AND NOT l.hidden ORDER BY l.post_id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      `SELECT c.post_count AS n, 0 AS rating_sum FROM circles c WHERE c.id = :circle`,
      { circle: id, ...w.params },
      viewer,
      page.index === 0
        ? `seen AS (UPDATE circle_members m SET last_seen_post_id = c.last_post_id FROM circles c
             WHERE c.id = :circle AND m.circle_id = c.id AND m.user_id = :viewer AND m.last_seen_post_id < c.last_post_id RETURNING 1)`
        : undefined,
    );
  }

  // Acts

  async create(viewer: AuthUser, dto: CreateCircleDto, files: CircleImages): Promise<CommunityResponse> {
    const image = files.image?.[0];
    const background = files.background_image?.[0];
    if (!image) throw DrfValidationError.field('image', Msg.noFile);
    // Both checked (by content) before anything is stored.
    const icon = await normalizeImage('image', image, 800);
    const cover = background ? await normalizeImage('background_image', background, 1600) : null;
    const keys: string[] = [];
    try {
      const iconKey = `circles/${crypto.randomUUID()}.jpg`;
      await this.storage.put(iconKey, icon, 'image/jpeg');
      keys.push(iconKey);
      let coverKey: string | null = null;
      if (cover) {
        coverKey = `circles/${crypto.randomUUID()}.jpg`;
        await this.storage.put(coverKey, cover, 'image/jpeg');
        keys.push(coverKey);
      }
      const row = await this.db.transaction(async (tx) => {
        const [created]: CircleRow[] = await tx.query(
          `INSERT INTO circles AS c (owner_id, title, description, image, background_image, member_count, search_text) VALUES ($1, $2, $3, $4, $5, 1, $6)
           RETURNING ${CIRCLE_COLUMNS}`,
          [viewer.id, dto.title, dto.description, iconKey, coverKey, searchDocument(dto.title, dto.description)],
        );
        await tx.query(`INSERT INTO circle_members (circle_id, user_id) VALUES ($1, $2)`, [created.id, viewer.id]);
        return created;
      });
      return this.pack(row);
    } catch (err) {
      for (const key of keys) await this.storage.delete(key).catch(() => undefined);
      throw err;
    }
  }

  /** Adds `userId` to the circle in `tx` (nothing when a member already); answers whether it was added. */
  private async addMember(circleId: number, userId: number, tx: EntityManager): Promise<boolean> {
    const rows: Array<{ n: number }> = await tx.query(
      `WITH added AS (
         INSERT INTO circle_members (circle_id, user_id, last_seen_post_id) SELECT c.id, $2, c.last_post_id FROM circles c WHERE c.id = $1
         ON CONFLICT (circle_id, user_id) DO NOTHING RETURNING circle_id
       ), counted AS (UPDATE circles c SET member_count = c.member_count + 1 WHERE c.id IN (SELECT circle_id FROM added) RETURNING 1)
       SELECT count(*)::int AS n FROM added`,
      [circleId, userId],
    );
    return rows[0].n > 0;
  }

  /** Settles a waiting join request of `userId` (they are a member now): it counts no more. */
  private async settleRequest(circleId: number, userId: number, tx: EntityManager): Promise<RequestRow | undefined> {
    const [rows]: [RequestRow[], number] = await tx.query(
      `UPDATE circle_join_requests SET approved = true, approved_on = now() WHERE circle_id = $1 AND user_id = $2 AND NOT approved AND NOT hidden
       RETURNING id, circle_id, user_id, approved, created_on`,
      [circleId, userId],
    );
    if (rows.length) await tx.query(`UPDATE circles SET joinrequest_count = joinrequest_count - 1 WHERE id = $1`, [circleId]);
    return rows[0];
  }

  private async isMember(circleId: number, userId: number): Promise<boolean> {
    return (await this.sql.query(`SELECT 1 FROM circle_members WHERE circle_id = $1 AND user_id = $2 AND NOT hidden`, [circleId, userId])).length > 0;
  }

  /** communityjoin/: a join request for the owner to approve; asking again answers the same request. */
  async requestToJoin(viewer: AuthUser, circleId: number): Promise<JoinRequestResponse> {
    if (!(await this.exists(circleId, viewer))) throw DrfValidationError.field('community', Msg.invalidPk(circleId));
    if (await this.isMember(circleId, viewer.id)) throw DrfValidationError.nonField(Msg.youAreCircleMember);
    const row = await this.db.transaction(async (tx) => {
      const [created]: RequestRow[] = await tx.query(
        `INSERT INTO circle_join_requests (circle_id, user_id) VALUES ($1, $2) ON CONFLICT (circle_id, user_id) DO NOTHING
         RETURNING id, circle_id, user_id, approved, created_on`,
        [circleId, viewer.id],
      );
      if (created) {
        await tx.query(`UPDATE circles SET joinrequest_count = joinrequest_count + 1 WHERE id = $1`, [circleId]);
        return created;
      }
      const [existing]: RequestRow[] = await tx.query(`SELECT id, circle_id, user_id, approved, created_on FROM circle_join_requests WHERE circle_id = $1 AND user_id = $2`, [
        circleId,
        viewer.id,
      ]);
      return existing;
    });
    return (await this.packRequests([row]))[0];
  }

  /** community/{id}/invite/: a member invites a user; inviting again answers the same invitation. */
  async invite(viewer: AuthUser, circleId: number, invitedId: number): Promise<InvitationResponse> {
    if (!(await this.exists(circleId, viewer))) throw notFound();
    await this.access.require(viewer, Permission.CircleMember, [circleId], { detail: Msg.notCircleMember });
    if (!(await this.profiles.byUserIds([invitedId])).size) throw DrfValidationError.field('invited_user', Msg.invalidPk(invitedId));
    await this.access.require(viewer, Permission.UserInteract, [invitedId], { detail: Msg.blockedInteraction });
    if (await this.isMember(circleId, invitedId)) throw new DrfDetailError(HttpStatus.BAD_REQUEST, Msg.alreadyCircleMember);
    const row = await this.db.transaction(async (tx) => {
      const [created]: InvitationRow[] = await tx.query(
        `INSERT INTO circle_invitations (circle_id, inviter_id, invited_id) VALUES ($1, $2, $3) ON CONFLICT (circle_id, invited_id) DO NOTHING
         RETURNING id, circle_id, inviter_id, invited_id, accepted, created_on`,
        [circleId, viewer.id, invitedId],
      );
      if (created) {
        await this.events.publish('circle.invited', { invitationId: created.id, circleId, inviterId: viewer.id, invitedId }, tx);
        return created;
      }
      const [existing]: InvitationRow[] = await tx.query(
        `SELECT id, circle_id, inviter_id, invited_id, accepted, created_on FROM circle_invitations WHERE circle_id = $1 AND invited_id = $2`,
        [circleId, invitedId],
      );
      return existing;
    });
    return this.packInvitation(row);
  }

  /** invitation/{id}/accept/: the invited user joins (accepting again changes nothing). */
  async acceptInvitation(viewer: AuthUser, id: number): Promise<InvitationResponse> {
    const [invitation]: InvitationRow[] = await this.sql.query(
      `SELECT id, circle_id, inviter_id, invited_id, accepted, created_on FROM circle_invitations WHERE id = $1 AND NOT hidden`,
      [id],
    );
    if (!invitation) throw notFound();
    await this.access.require(viewer, Permission.CircleInvitee, [id], { detail: Msg.notYourInvitation });
    await this.db.transaction(async (tx) => {
      await tx.query(`UPDATE circle_invitations SET accepted = true WHERE id = $1 AND NOT accepted`, [id]);
      await this.addMember(invitation.circle_id, viewer.id, tx);
      await this.settleRequest(invitation.circle_id, viewer.id, tx);
    });
    return this.packInvitation({ ...invitation, accepted: true });
  }

  /** community/{id}/join-request/approve/{userProfile}/: the owner lets a requester in. */
  async approve(viewer: AuthUser, circleId: number, userId: number): Promise<JoinRequestResponse> {
    if (!(await this.exists(circleId, viewer))) throw notFound();
    await this.access.require(viewer, Permission.CircleOwner, [circleId], { detail: Msg.circleOwnerOnly });
    const [request]: RequestRow[] = await this.sql.query(
      `SELECT id, circle_id, user_id, approved, created_on FROM circle_join_requests WHERE circle_id = $1 AND user_id = $2 AND NOT hidden`,
      [circleId, userId],
    );
    if (!request) throw notFound();
    await this.db.transaction(async (tx) => {
      const settled = await this.settleRequest(circleId, userId, tx);
      if (!settled) return; // approved already: nothing changes, nothing is announced twice
      await this.addMember(circleId, userId, tx);
      await this.events.publish('circle.join_approved', { requestId: request.id, circleId, ownerId: viewer.id, requesterId: userId }, tx);
    });
    return (await this.packRequests([{ ...request, approved: true }]))[0];
  }
}
