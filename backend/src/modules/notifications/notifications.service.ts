import { Injectable } from '@nestjs/common';
import { suspendedUserSql, visibleAuthorSql } from '../safety/safety-sql';
import { AccessService } from '../../common/access/access.service';
import { idsWhere } from '../../common/access/ids-where';
import { Permission } from '../../common/access/permission';
import type { AuthUser } from '../../common/auth/auth-user';
import { EventsService } from '../../common/events/events.service';
import type { DomainEvents } from '../../common/events/domain-events';
import { notFound } from '../../common/http/id-param.pipe';
import type { JsonText } from '../../common/http/json-text';
import { type PageWindow, pageSql } from '../../common/http/paging';
import { Db, type SqlParams, type Tx } from '../../database/db';
import { BooksService } from '../books/books.service';
import { FollowsService } from '../follows/follows.service';
import { PostsService } from '../posts/posts.service';
import { ProfilePacker } from '../profiles/profile.packer';
import {
  NOTIFICATION_TYPES,
  type NotificationResponse,
  type NotificationSettingsDto,
  type NotificationSettingsResponse,
  type NotificationType,
  type UnreadNotificationsResponse,
} from './dto/notification.dto';

/** The channel on which a new notification (or a changed unread count) is announced: payload `recipient:id` (id 0: only the count changed). */
export const NOTIFY_CHANNEL = 'mb_notifications';
/** The newest unread notifications notifications/unread/ answers. */
export const UNREAD_LIST_SIZE = 50;
/** Read notifications older than this are pruned. */
export const KEEP_READ_DAYS = 90;

/** A notification to make: what the act was and what it is about. */
export interface NewNotification {
  type: NotificationType;
  actorId: number;
  /** The unique key's object: the post, comment, Book, file or circle the act is about. */
  objectId: number;
  postId?: number | null;
  commentId?: number | null;
  pageId?: number | null;
  communityId?: number | null;
}

type CircleInvited = DomainEvents['circle.invited'];
type CircleJoinApproved = DomainEvents['circle.join_approved'];

/** The only types made about oneself: your own file became a Book; the outcome of your report (no moderator named). */
const SELF_TYPES: ReadonlySet<NotificationType> = new Set(['data_generated', 'report_hidden', 'report_dismissed', 'report_suspended']);

/** The notification that tells a reporter a moderator's outcome. */
const REPORT_OUTCOME = { hide: 'report_hidden', dismiss: 'report_dismissed', suspend_user: 'report_suspended' } as const;

/**
 * The one gate every notification passes (Misskey's createNotification, as a SQL predicate over
 * a recipient expression): not to oneself, and not when the recipient turned the type off or is
 * leaving the site (no settings row: every type on). `type` is one of NOTIFICATION_TYPES (a
 * column name, never input).
 */
export function notificationGate(recipient: string, type: NotificationType, actor: string): string {
  if (!NOTIFICATION_TYPES.includes(type)) throw new Error(`unknown notification type ${type}`);
  const self = SELF_TYPES.has(type) ? '' : `${recipient} <> ${actor} AND `;
  // Nothing from someone the recipient blocked, was blocked by or muted (safety module's fragment).
  return `${self}NOT EXISTS (SELECT 1 FROM notification_settings ns WHERE ns.user_id = ${recipient} AND (ns.leaving OR NOT ns.${type})) AND ${visibleAuthorSql(actor, recipient)}`;
}

const COLUMNS = `n.id, n.type, n.read, n.created_on, n.actor_id, n.post_id, n.comment_id, n.page_id, n.community_id`;

const SETTINGS_COLUMNS = NOTIFICATION_TYPES.join(', ');

/**
 * Notifications. Owns notifications and notification_settings. Notifications are made only by
 * the subscribers below, from durable events (never inside a request): each checks that the act
 * still stands, then writes through `notify`, one `INSERT … SELECT` through the gate, with the
 * unique key (recipient, type, actor, object) and `ON CONFLICT DO NOTHING`. A fan-out (a Book's
 * followers, a user's followers) is the same statement over the owner's recipient SQL: no list
 * of ids in memory. Each row made is announced on NOTIFY_CHANNEL in the same statement (the
 * live bell, NotificationStreams).
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly posts: PostsService,
    private readonly books: BooksService,
    private readonly follows: FollowsService,
    private readonly profiles: ProfilePacker,
    events: EventsService,
  ) {
    // Marking a notification read or unread: its recipient alone (anyone else is told it does not exist).
    access.contribute(Permission.NotificationRecipient, 'notifications.recipient', (viewer, ids, tx) =>
      idsWhere(this.db, `SELECT id FROM notifications WHERE id = ANY(:ids::int[]) AND recipient_id = :viewer`, ids, viewer, tx),
    );
    const sub = 'notifications';
    // A suspended account's notifications (it the actor) leave their recipients' lists and unread
    // counts while the suspension holds (actor_suspended), and come back as they were when lifted.
    events.subscribe('account.suspended', sub, ({ userId }) => this.markActor(userId, true));
    events.subscribe('account.unsuspended', sub, ({ userId }) => this.markActor(userId, false));
    events.subscribe('post.liked', sub, async ({ likeId, postId, userId, authorId }) => {
      if (await this.posts.actExists('like', likeId)) await this.notifyOne(authorId, { type: 'post_liked', actorId: userId, objectId: postId, postId });
    });
    events.subscribe('post.commented', sub, async ({ commentId, postId, userId, authorId }) => {
      if (await this.posts.actExists('comment', commentId)) {
        await this.notifyOne(authorId, { type: 'post_commented', actorId: userId, objectId: commentId, postId, commentId });
      }
    });
    events.subscribe('post.reposted', sub, async ({ repostId, postId, userId, authorId }) => {
      if (await this.posts.actExists('repost', repostId)) await this.notifyOne(authorId, { type: 'post_reposted', actorId: userId, objectId: postId, postId });
    });
    // A request and its approval make one notification: the same key.
    events.subscribe('user.follow_requested', sub, async ({ requestId, fromId, toId }) => {
      if (await this.follows.requestExists(requestId)) await this.notifyOne(toId, { type: 'user_followed', actorId: fromId, objectId: toId });
    });
    events.subscribe('user.followed', sub, async ({ requestId, followerId, followedId }) => {
      if (await this.follows.requestExists(requestId, { approved: true }))
        await this.notifyOne(followedId, { type: 'user_followed', actorId: followerId, objectId: followedId });
    });
    events.subscribe('book.generated', sub, async ({ fileId, userId, bookId }) => {
      await this.notifyOne(userId, { type: 'data_generated', actorId: userId, objectId: fileId, pageId: bookId });
    });
    events.subscribe('post.about_book', sub, async ({ postId, userId, bookId }) => {
      if (!(await this.posts.actExists('post', postId))) return;
      await this.notify(
        this.books.dataOwnersSql(':book'),
        { book: bookId },
        { type: 'book_posted', actorId: userId, objectId: postId, postId, pageId: bookId },
      );
      await this.notify(
        this.books.followersSql(':book'),
        { book: bookId },
        { type: 'followingpage_commented', actorId: userId, objectId: postId, postId, pageId: bookId },
      );
    });
    events.subscribe('book.followed', sub, async ({ userId, bookId }) => {
      await this.notify(this.books.dataOwnersSql(':book'), { book: bookId }, { type: 'data_book_followed', actorId: userId, objectId: bookId, pageId: bookId });
    });
    events.subscribe('book.owned', sub, async ({ userId, bookId }) => {
      await this.notify(this.books.dataOwnersSql(':book'), { book: bookId }, { type: 'data_book_owned', actorId: userId, objectId: bookId, pageId: bookId });
    });
    events.subscribe('book.posted', sub, async ({ userId, bookId }) => {
      await this.notify(
        this.follows.followersSql(':user'),
        { user: userId },
        { type: 'followinguser_book_generated', actorId: userId, objectId: bookId, pageId: bookId },
      );
    });
    // Circles: the invitee is told of the invitation, the requester of the approval.
    events.subscribe('circle.invited', sub, async (p) => {
      await this.circleInvited(p);
    });
    events.subscribe('circle.join_approved', sub, async (p) => {
      await this.circleJoinApproved(p);
    });
    // The outcome of a report, to its reporter (the safety module's event).
    events.subscribe('moderation.report_resolved', sub, async ({ reportId, reporterId, action }) => {
      await this.notifyOne(reporterId, { type: REPORT_OUTCOME[action], actorId: reporterId, objectId: reportId });
    });
    // Leaving the site (domain-events.ts).
    events.subscribe('account.deletion_requested', sub, ({ userId }) => this.hideOfUser(userId));
    events.subscribe('account.deleted', sub, ({ userId }) => this.deleteOfUser(userId));
  }

  /*
   * The circle types, from the circles module's `circle.invited` and `circle.join_approved`. An
   * invitation accepted (or a member removed) before the event is handled still leaves its
   * notification: both lead to the circle's page, which shows the reader's state.
   */
  circleInvited({ circleId, inviterId, invitedId }: CircleInvited): Promise<number> {
    return this.notifyOne(invitedId, { type: 'community_invited', actorId: inviterId, objectId: circleId, communityId: circleId });
  }

  circleJoinApproved({ circleId, ownerId, requesterId }: CircleJoinApproved): Promise<number> {
    return this.notifyOne(requesterId, { type: 'community_joinrequest_approved', actorId: ownerId, objectId: circleId, communityId: circleId });
  }

  /** One recipient: `notify` over a one-row recipient set. */
  notifyOne(recipientId: number, n: NewNotification, tx?: Tx): Promise<number> {
    return this.notify('SELECT :recipient::int', { recipient: recipientId }, n, tx);
  }

  /**
   * Makes notification `n` for every user id of `recipients` (SQL of one column, with its named
   * parameters in `params`) that passes the gate, in one statement, and announces each on
   * NOTIFY_CHANNEL. Answers how many were made (0 for a duplicate: the unique key). The statement
   * names the notification's own values `:n_…`; `params` may not use those names.
   */
  async notify(recipients: string, params: SqlParams, n: NewNotification, tx?: Tx): Promise<number> {
    const own = {
      n_type: n.type,
      n_actor: n.actorId,
      n_object: n.objectId,
      n_post: n.postId,
      n_comment: n.commentId,
      n_page: n.pageId,
      n_community: n.communityId,
    };
    const clash = Object.keys(params).find((name) => name in own);
    if (clash) throw new Error(`notify: the recipients' parameter :${clash} is the notification's own`);
    const row = await this.db.row<{ n: number }>(
      `WITH made AS (
        INSERT INTO notifications (recipient_id, type, actor_id, object_id, post_id, comment_id, page_id, community_id, actor_suspended)
        SELECT r.id, :n_type, :n_actor::int, :n_object::int, :n_post::int, :n_comment::int, :n_page::int, :n_community::int, ${suspendedUserSql(':n_actor::int')}
          FROM (${recipients}) AS r(id)
         WHERE ${notificationGate('r.id', n.type, ':n_actor::int')}
        ON CONFLICT DO NOTHING
        RETURNING id, recipient_id
      )
      SELECT count(*)::int AS n FROM (SELECT pg_notify('${NOTIFY_CHANNEL}', recipient_id || ':' || id) FROM made) announced`,
      { ...params, ...own },
      tx,
    );
    return row!.n;
  }

  // Reading

  /**
   * Notifications `rowsSql` selects (COLUMNS of notifications, its WHERE, ORDER BY and LIMIT) as
   * rows (id, item): `item` the JSON of NotificationResponse, made in the statement from the owning
   * modules' SQL: the actor's profile (ProfilePacker, image URLs on origin `originSql`, a text
   * parameter), the post's or the comment's text (posts module; null when hidden or gone) and the
   * Book's title (books module; null when gone), each looked up once per row, for the page's rows
   * only. The lists answer PostgreSQL's text as it is (JsonText): no row to parse, nothing to
   * pack, no JSON.stringify: 50 unread notifications cost the process what one does.
   */
  private itemsSql(rowsSql: string, originSql: string): string {
    return `SELECT n.id, json_build_object('id', n.id, 'type', n.type, 'read', n.read,
          'created_on', to_char(n.created_on AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'post', n.post_id, 'comment', n.comment_id, 'page', n.page_id, 'community', n.community_id,
          'relatedUser', ${this.profiles.summaryResponseJsonSql('n.actor_id', originSql)},
          'preview', CASE WHEN n.type = 'post_commented' THEN r.comment_text WHEN n.post_id IS NOT NULL THEN r.post_text ELSE r.page_title END,
          'target_gone', (n.post_id IS NOT NULL AND r.post_text IS NULL) OR (n.page_id IS NOT NULL AND r.page_title IS NULL)) AS item
        FROM (${rowsSql}) n
        CROSS JOIN LATERAL (SELECT
          CASE WHEN n.post_id IS NOT NULL THEN ${this.posts.postTextSql('n.post_id')} END AS post_text,
          CASE WHEN n.comment_id IS NOT NULL THEN ${this.posts.commentTextSql('n.comment_id')} END AS comment_text,
          CASE WHEN n.page_id IS NOT NULL THEN ${this.books.titleSql('n.page_id')} END AS page_title) r`;
  }

  /** notifications/unread/: the unread total and the newest 50 unread, as one JSON text from one statement. */
  async unread(viewer: AuthUser): Promise<JsonText<UnreadNotificationsResponse>> {
    // The total over all unread rows as a sub-select run once (an index-only count of
    // notifications_unread_idx): a window (count(*) OVER ()) would read every unread row and sort
    // them before the LIMIT, where this reads the newest 50 in index order.
    const row = await this.db.row<{ body: string }>(
      `SELECT json_build_object(
          'total_unread_count', (SELECT count(*)::int FROM notifications x WHERE x.recipient_id = :viewer AND NOT x.read AND NOT x.actor_suspended),
          'notifications', coalesce((SELECT json_agg(i.item ORDER BY i.id DESC) FROM (${this.itemsSql(
            `SELECT ${COLUMNS} FROM notifications n WHERE n.recipient_id = :viewer AND NOT n.read AND NOT n.actor_suspended ORDER BY n.id DESC LIMIT ${UNREAD_LIST_SIZE}`,
            ':origin::text',
          )}) i), '[]'::json))::text AS body`,
      { viewer: viewer.id, origin: this.profiles.mediaOrigin() },
    );
    return row!.body;
  }

  async unreadCount(userId: number): Promise<number> {
    const row = await this.db.row<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications WHERE recipient_id = :user AND NOT read AND NOT actor_suspended`,
      { user: userId },
    );
    return row!.n;
  }

  /** notifications/all/: newest first, count paging (the first pages' LIMIT and OFFSET as numbers: pageSql); one JSON text. */
  async all(viewer: AuthUser, page: PageWindow): Promise<JsonText<NotificationResponse[]>> {
    const w = pageSql(page);
    const row = await this.db.row<{ body: string }>(
      `SELECT coalesce(json_agg(i.item ORDER BY i.id DESC), '[]'::json)::text AS body
         FROM (${this.itemsSql(`SELECT ${COLUMNS} FROM notifications n WHERE n.recipient_id = :viewer AND NOT n.actor_suspended ORDER BY n.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`, ':origin::text')}) i`,
      { viewer: viewer.id, origin: this.profiles.mediaOrigin(), ...w.params },
    );
    return row!.body;
  }

  /** One notification of `userId` (the live stream), or undefined. */
  async one(userId: number, id: number): Promise<NotificationResponse | undefined> {
    const row = await this.db.row<{ item: NotificationResponse }>(
      `SELECT i.item FROM (${this.itemsSql(`SELECT ${COLUMNS} FROM notifications n WHERE n.id = :id AND n.recipient_id = :user AND NOT n.actor_suspended`, ':origin::text')}) i`,
      { id, user: userId, origin: this.profiles.mediaOrigin() },
    );
    return row?.item;
  }

  /**
   * PATCH notifications/{id}/: the recipient's own only (Permission.NotificationRecipient; 404 for
   * anyone else's, as for one whose actor is suspended: it is hidden from its recipient meanwhile).
   */
  async mark(viewer: AuthUser, id: number, read: boolean): Promise<NotificationResponse> {
    await this.access.require(viewer, Permission.NotificationRecipient, [id], { refuse: 'not-found' });
    const row = await this.db.row<{ item: NotificationResponse }>(
      `WITH changed AS (UPDATE notifications n SET read = :read WHERE n.id = :id AND NOT n.actor_suspended RETURNING ${COLUMNS})
       SELECT pg_notify('${NOTIFY_CHANNEL}', :viewer::int || ':0')::text AS announced, i.item FROM (${this.itemsSql('SELECT * FROM changed', ':origin::text')}) i`,
      { id, viewer: viewer.id, read, origin: this.profiles.mediaOrigin() },
    );
    if (!row) throw notFound();
    return row.item;
  }

  /** `account.suspended` / `account.unsuspended`: marks (or unmarks) the notifications whose actor is `userId`. */
  private async markActor(userId: number, suspended: boolean): Promise<void> {
    // Each recipient whose unread count changed hears of it (id 0: only the count changed).
    await this.db.exec(
      `WITH changed AS (UPDATE notifications SET actor_suspended = :suspended WHERE actor_id = :actor AND actor_suspended <> :suspended RETURNING recipient_id, read)
       SELECT count(*) FROM (SELECT pg_notify('${NOTIFY_CHANNEL}', r.recipient_id || ':0') FROM (SELECT DISTINCT recipient_id FROM changed WHERE NOT read) r) announced`,
      { actor: userId, suspended },
    );
  }

  /** POST notifications/mark-all-read/. */
  async markAllRead(viewer: AuthUser): Promise<number> {
    const row = await this.db.row<{ n: number }>(
      `WITH changed AS (UPDATE notifications SET read = true WHERE recipient_id = :viewer AND NOT read AND NOT actor_suspended RETURNING id)
       SELECT c.n, CASE WHEN c.n > 0 THEN pg_notify('${NOTIFY_CHANNEL}', :viewer::int || ':0')::text END AS announced
         FROM (SELECT count(*)::int AS n FROM changed) c`,
      { viewer: viewer.id },
    );
    return row!.n;
  }

  // Settings

  async settings(viewer: AuthUser): Promise<NotificationSettingsResponse> {
    const row = await this.db.row<NotificationSettingsResponse>(`SELECT ${SETTINGS_COLUMNS} FROM notification_settings WHERE user_id = :viewer`, {
      viewer: viewer.id,
    });
    return row ?? (Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, true])) as unknown as NotificationSettingsResponse);
  }

  /** Flips the given flags (one statement); the answer is the full settings. Each flag's parameter is named after its column (a NOTIFICATION_TYPES name, never input). */
  async updateSettings(viewer: AuthUser, dto: NotificationSettingsDto): Promise<NotificationSettingsResponse> {
    const given = NOTIFICATION_TYPES.filter((t) => typeof dto[t] === 'boolean');
    if (!given.length) return this.settings(viewer);
    const row = await this.db.row<NotificationSettingsResponse>(
      `INSERT INTO notification_settings (user_id, ${given.join(', ')}) VALUES (:viewer, ${given.map((t) => `:${t}`).join(', ')})
       ON CONFLICT (user_id) DO UPDATE SET ${given.map((t) => `${t} = EXCLUDED.${t}`).join(', ')}
       RETURNING ${SETTINGS_COLUMNS}`,
      { viewer: viewer.id, ...Object.fromEntries(given.map((t) => [t, dto[t]])) },
    );
    return row!;
  }

  // Housekeeping

  /** The daily prune: read notifications older than KEEP_READ_DAYS (the index on created_on WHERE read). */
  async prune(): Promise<number> {
    const n = await this.db.exec(`DELETE FROM notifications WHERE read AND created_on < now() - interval '${KEEP_READ_DAYS} days'`);
    await this.db.exec(`DELETE FROM notification_stream_tickets WHERE expires_on < now()`);
    return n;
  }

  /**
   * `account.deletion_requested`: nothing new reaches the user (`leaving`), and what they made
   * others see, or were told, goes. Idempotent, also once the users row is gone (a redelivery
   * after the purge: there is nobody left to gate).
   */
  async hideOfUser(userId: number): Promise<void> {
    try {
      await this.db.exec(`INSERT INTO notification_settings (user_id, leaving) VALUES (:user, true) ON CONFLICT (user_id) DO UPDATE SET leaving = true`, {
        user: userId,
      });
    } catch (err) {
      if ((err as { code?: string }).code !== '23503') throw err; // foreign key: the user is gone already
    }
    await this.deleteRows(userId);
  }

  private async deleteRows(userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.db.exec(`DELETE FROM notifications WHERE recipient_id = :user OR actor_id = :user`, { user: userId }, tx);
      await this.db.exec(`DELETE FROM notification_stream_tickets WHERE user_id = :user`, { user: userId }, tx);
    });
  }

  /** `account.deleted`: the user's rows go, the settings (with `leaving`) last. */
  async deleteOfUser(userId: number): Promise<void> {
    await this.deleteRows(userId);
    await this.db.exec(`DELETE FROM notification_settings WHERE user_id = :user`, { user: userId });
  }
}
