import { Injectable } from '@nestjs/common';
import { AccessService } from '../../common/access/access.service';
import { idsWhere } from '../../common/access/ids-where';
import { Permission } from '../../common/access/permission';
import type { AuthUser } from '../../common/auth/auth-user';
import { EventsService } from '../../common/events/events.service';
import { DrfValidationError, Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import { type PageWindow, pageSql } from '../../common/http/paging';
import { takeAccountPoint } from '../../common/http/rate-limit';
import { RateLimitStore } from '../../common/http/rate-limit-store';
import { Db, type Tx } from '../../database/db';
import { AdsService } from '../ads/ads.service';
import { AuthService } from '../auth/auth.service';
import { BooksService } from '../books/books.service';
import { CirclesService } from '../circles/circles.service';
import { FollowsService } from '../follows/follows.service';
import { PostsService } from '../posts/posts.service';
import { ProfilePacker } from '../profiles/profile.packer';
import { HELD_REASON, notBlockedSql } from './safety-sql';
import type {
  AuditListResponse,
  CreateReportDto,
  ReportCreatedResponse,
  ReportListResponse,
  ReportTarget,
  HideableTarget,
  ResolveReportDto,
  RestoreDto,
  UserRelationListResponse,
} from './dto/safety.dto';

type Relation = 'blocks' | 'mutes';

const isHideable = (type: ReportTarget): type is HideableTarget =>
  type === 'post' || type === 'comment' || type === 'page' || type === 'advertisement' || type === 'community';
const RELATION = {
  blocks: { table: 'user_blocks', actor: 'blocker_id', other: 'blocked_id' },
  mutes: { table: 'user_mutes', actor: 'muter_id', other: 'muted_id' },
} as const;

/**
 * Trust and safety (issue 38). Owns user_blocks, user_mutes, reports, moderation_actions and
 * account_roles. Other modules take its facts in two forms: the SQL fragment
 * `visibleAuthorSql` of safety-sql.ts (not blocked either way, not muted by the viewer) in their
 * lists and in the notification gate, and the permissions it contributes (`UserInteract`,
 * `Moderator`, `Admin`) checked through the access layer. Hiding goes through the owners'
 * durable events (`moderation.hidden` / `moderation.restored`); suspension through
 * `AuthService.setSuspended` (is_active: the token caches of every process drop the tokens).
 */
@Injectable()
export class SafetyService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly events: EventsService,
    private readonly store: RateLimitStore,
    private readonly follows: FollowsService,
    private readonly profiles: ProfilePacker,
    private readonly posts: PostsService,
    private readonly books: BooksService,
    private readonly circles: CirclesService,
    private readonly ads: AdsService,
    private readonly auth: AuthService,
  ) {
    access.contribute(Permission.UserInteract, 'safety.not-blocked', (viewer, ids, tx) =>
      idsWhere(this.db, `SELECT u.id FROM unnest(:ids::int[]) AS u(id) WHERE ${notBlockedSql('u.id', ':viewer::int')}`, ids, viewer, tx),
    );
    const role = (roles: string[]) => async (viewer: AuthUser | undefined, ids: readonly number[], tx?: Tx) => {
      if (!viewer || !ids.includes(viewer.id)) return [];
      const held = await this.db.row<{ found: number }>(
        `SELECT 1 AS found FROM account_roles WHERE user_id = :viewer AND role = ANY(:roles::text[])`,
        { viewer: viewer.id, roles },
        tx,
      );
      return held ? [viewer.id] : [];
    };
    access.contribute(Permission.Moderator, 'safety.moderator', role(['moderator', 'admin']));
    // A post the spam brake held waits in the queue as a report of its own author (reporter = author).
    events.subscribe('post.held', 'safety', async ({ postId, userId }) => {
      await this.db.exec(
        `INSERT INTO reports (reporter_id, target_type, target_id, target_user_id, reason, detail) VALUES (:author, 'post', :post, :author, 'spam', :reason)
         ON CONFLICT (reporter_id, target_type, target_id) WHERE status = 'open' DO NOTHING`,
        { author: userId, post: postId, reason: HELD_REASON },
      );
    });
    access.contribute(Permission.Admin, 'safety.admin', role(['admin']));
  }

  // Blocks and mutes

  /** POST blocks/ or mutes/. A block also ends every follow and request between the two. */
  async add(viewer: AuthUser, relation: Relation, userId: number): Promise<void> {
    if (userId === viewer.id) throw DrfValidationError.field('user_id', Msg.cannotBlockSelf);
    if (!(await this.profiles.summaries([userId])).size) throw notFound();
    const r = RELATION[relation];
    await this.db.transaction(async (tx) => {
      await this.db.exec(
        `INSERT INTO ${r.table} (${r.actor}, ${r.other}) VALUES (:viewer, :user) ON CONFLICT DO NOTHING`,
        { viewer: viewer.id, user: userId },
        tx,
      );
      if (relation === 'blocks') await this.follows.endBetween(viewer.id, userId, tx);
    });
  }

  /** DELETE blocks/{user_id}/ or mutes/{user_id}/: 404 when there is none. */
  async remove(viewer: AuthUser, relation: Relation, userId: number): Promise<void> {
    const r = RELATION[relation];
    const removed = await this.db.exec(`DELETE FROM ${r.table} WHERE ${r.actor} = :viewer AND ${r.other} = :user`, { viewer: viewer.id, user: userId });
    if (!removed) throw notFound();
  }

  /** GET blocks/ or mutes/: the viewer's own, newest first, 10 a page. */
  async list(viewer: AuthUser, relation: Relation, page: PageWindow): Promise<UserRelationListResponse> {
    const r = RELATION[relation];
    const w = pageSql(page);
    const rows = await this.db.rows<{ user_id: number; created_on: Date; total: number }>(
      `SELECT ${r.other} AS user_id, created_on, count(*) OVER ()::int AS total FROM ${r.table} WHERE ${r.actor} = :viewer ORDER BY created_on DESC, ${r.other} DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      { viewer: viewer.id, ...w.params },
    );
    const profiles = await this.profiles.summaries(rows.map((x) => x.user_id));
    const totalCount = rows[0]?.total ?? (page.offset ? await this.count(r.table, r.actor, viewer.id) : 0);
    return {
      res: rows.map((x) => ({ user_id: x.user_id, profile: profiles.get(x.user_id) ?? null, created_on: new Date(x.created_on).toISOString() })),
      totalCount,
    };
  }

  private async count(table: string, column: string, id: number): Promise<number> {
    const row = await this.db.row<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = :id`, { id });
    return row!.n;
  }

  // Reports

  /** The user behind a report's target, or undefined when the target does not exist. */
  private async targetUser(type: ReportTarget, id: number): Promise<number | undefined> {
    switch (type) {
      case 'post':
      case 'comment':
        return (await this.posts.authorOf(type, id))?.userId;
      case 'page':
        return this.books.creatorOf(id);
      case 'community':
        return this.circles.ownerOf(id);
      case 'advertisement':
        return this.ads.advertiserOf(id);
      case 'user':
        return (await this.profiles.summaries([id])).size ? id : undefined;
    }
  }

  /** POST reports/: one open report per reporter and target (a repeat answers the open one). */
  async report(viewer: AuthUser, dto: CreateReportDto): Promise<ReportCreatedResponse> {
    const open = await this.db.row<{ id: number }>(
      `SELECT id FROM reports WHERE reporter_id = :viewer AND target_type = :type AND target_id = :target AND status = 'open'`,
      { viewer: viewer.id, type: dto.target_type, target: dto.target_id },
    );
    if (open) return { id: open.id };
    await takeAccountPoint(this.store, 'report', viewer.id);
    const author = await this.targetUser(dto.target_type, dto.target_id);
    if (author === undefined) throw DrfValidationError.field('target_id', Msg.unknownReportTarget);
    const row = await this.db.row<{ id: number }>(
      `INSERT INTO reports (reporter_id, target_type, target_id, target_user_id, reason, detail) VALUES (:viewer, :type, :target, :author, :reason, :detail)
       ON CONFLICT (reporter_id, target_type, target_id) WHERE status = 'open' DO UPDATE SET detail = reports.detail RETURNING id`,
      { viewer: viewer.id, type: dto.target_type, target: dto.target_id, author, reason: dto.reason, detail: dto.detail ?? '' },
    );
    return { id: row!.id };
  }

  // Moderation

  private async moderator(viewer: AuthUser): Promise<void> {
    await this.access.require(viewer, Permission.Moderator, [viewer.id], { detail: Msg.moderatorsOnly });
  }

  /** GET moderation/reports/: newest first, with the target's text and author and its report count. */
  async queue(viewer: AuthUser, status: 'open' | 'resolved', page: PageWindow): Promise<ReportListResponse> {
    await this.moderator(viewer);
    const w = pageSql(page);
    const rows = await this.db.rows<{
      id: number;
      target_type: string;
      target_id: number;
      target_user_id: number | null;
      reason: string;
      detail: string;
      status: string;
      action: string | null;
      note: string | null;
      created_on: Date;
      report_count: number;
      total: number;
    }>(
      `SELECT r.id, r.target_type, r.target_id, r.target_user_id, r.reason, r.detail, r.status, r.action, r.note, r.created_on,
              (SELECT count(*)::int FROM reports o WHERE o.target_type = r.target_type AND o.target_id = r.target_id) AS report_count,
              count(*) OVER ()::int AS total
         FROM reports r WHERE r.status = :status ORDER BY r.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      { status, ...w.params },
    );
    const profiles = await this.profiles.summaries(rows.flatMap((r) => (r.target_user_id ? [r.target_user_id] : [])));
    const texts = await this.posts.textsOf(
      rows.filter((r) => r.target_type === 'post' || r.target_type === 'comment').map((r) => ({ type: r.target_type as 'post' | 'comment', id: r.target_id })),
    );
    return {
      res: rows.map((r) => ({
        id: r.id,
        target_type: r.target_type,
        target_id: r.target_id,
        target_text: texts.get(`${r.target_type}:${r.target_id}`) ?? null,
        author_id: r.target_user_id,
        author: (r.target_user_id && profiles.get(r.target_user_id)) || null,
        report_count: r.report_count,
        reason: r.reason,
        detail: r.detail,
        status: r.status,
        action: r.action,
        note: r.note,
        created_on: new Date(r.created_on).toISOString(),
      })),
      totalCount: rows[0]?.total ?? 0,
    };
  }

  /**
   * POST moderation/reports/{id}/resolve/: hide the target (posts and comments), dismiss, or
   * suspend its author; every open report of the same target is resolved with it, and the act is
   * written to the audit log, in one transaction.
   */
  async resolve(viewer: AuthUser, id: number, dto: ResolveReportDto): Promise<void> {
    await this.moderator(viewer);
    const report = await this.db.row<{ target_type: ReportTarget; target_id: number; target_user_id: number | null; reason: string; status: string }>(
      `SELECT target_type, target_id, target_user_id, reason, status FROM reports WHERE id = :id`,
      { id },
    );
    if (!report) throw notFound();
    if (dto.action === 'hide' && !isHideable(report.target_type)) throw DrfValidationError.field('action', Msg.invalidChoice(dto.action));
    const note = dto.note ?? '';
    await this.db.transaction(async (tx) => {
      if (dto.action === 'hide') {
        await this.events.publish(
          'moderation.hidden',
          { targetType: report.target_type as HideableTarget, targetId: report.target_id, reason: note || report.reason },
          tx,
        );
      } else if (dto.action === 'suspend_user' && report.target_user_id) {
        if (await this.auth.setSuspended(report.target_user_id, true, tx))
          await this.events.publish('account.suspended', { userId: report.target_user_id }, tx);
      }
      const resolved = await this.db.rows<{ id: number; reporter_id: number; target_user_id: number | null }>(
        `UPDATE reports SET status = 'resolved', resolved_on = now(), resolved_by = :moderator, action = :action, note = :note
          WHERE target_type = :type AND target_id = :target AND status = 'open' RETURNING id, reporter_id, target_user_id`,
        { type: report.target_type, target: report.target_id, moderator: viewer.id, action: dto.action, note },
        tx,
      );
      // Dismissing the report of a held post releases it (the spam brake's own report: reporter = author).
      if (dto.action === 'dismiss' && report.target_type === 'post' && resolved.some((r) => r.reporter_id === r.target_user_id)) {
        await this.events.publish('moderation.restored', { targetType: 'post', targetId: report.target_id }, tx);
      }
      // Each reporter is told the outcome (the notifications module's subscription); not the author of a held post.
      for (const r of resolved.filter((x) => x.reporter_id !== x.target_user_id)) {
        await this.events.publish('moderation.report_resolved', { reportId: r.id, reporterId: r.reporter_id, action: dto.action }, tx);
      }
      await this.audit(viewer, id, report.target_type, report.target_id, dto.action, note, tx);
    });
  }

  /** POST moderation/restore/: a moderator shows a hidden post, comment or Book again. */
  async restore(viewer: AuthUser, dto: RestoreDto): Promise<void> {
    await this.moderator(viewer);
    if ((await this.targetUser(dto.target_type, dto.target_id)) === undefined) throw notFound();
    await this.db.transaction(async (tx) => {
      await this.events.publish('moderation.restored', { targetType: dto.target_type, targetId: dto.target_id }, tx);
      await this.audit(viewer, null, dto.target_type, dto.target_id, 'restore', dto.note ?? '', tx);
    });
  }

  /** POST moderation/users/{id}/unsuspend/: an admin lifts a suspension. */
  async unsuspend(viewer: AuthUser, userId: number, note: string): Promise<void> {
    await this.access.require(viewer, Permission.Admin, [viewer.id], { detail: Msg.adminsOnly });
    await this.db.transaction(async (tx) => {
      if (!(await this.auth.setSuspended(userId, false, tx))) throw notFound();
      await this.events.publish('account.unsuspended', { userId }, tx);
      await this.audit(viewer, null, 'user', userId, 'unsuspend', note, tx);
    });
  }

  private async audit(viewer: AuthUser, reportId: number | null, type: string, targetId: number, action: string, note: string, tx: Tx): Promise<void> {
    await this.db.exec(
      `INSERT INTO moderation_actions (moderator_id, report_id, target_type, target_id, action, note) VALUES (:moderator, :report, :type, :target, :action, :note)`,
      { moderator: viewer.id, report: reportId, type, target: targetId, action, note },
      tx,
    );
  }

  /** GET moderation/audit/: every moderator action, newest first. */
  async auditLog(viewer: AuthUser, page: PageWindow): Promise<AuditListResponse> {
    await this.moderator(viewer);
    const w = pageSql(page);
    const rows = await this.db.rows<{
      id: number;
      moderator_id: number;
      report_id: number | null;
      target_type: string;
      target_id: number;
      action: string;
      note: string;
      created_on: Date;
      total: number;
    }>(
      `SELECT id, moderator_id, report_id, target_type, target_id, action, note, created_on, count(*) OVER ()::int AS total
         FROM moderation_actions ORDER BY id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
      w.params,
    );
    return {
      res: rows.map(({ total: _total, ...r }) => ({ ...r, created_on: new Date(r.created_on).toISOString() })),
      totalCount: rows[0]?.total ?? 0,
    };
  }
}
