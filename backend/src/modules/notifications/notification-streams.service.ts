import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import * as crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { Db } from '../../database/db';
import { listen, type ListenHandle } from '../../jobs/listener';
import { TokenService } from '../auth/token.service';
import { NOTIFY_CHANNEL, NotificationsService } from './notifications.service';

/** Retry-After of a stream refused for the account's cap (the bell polls meanwhile). */
export const STREAM_RETRY_AFTER_SECONDS = 60;

/** How long a stream ticket is valid. */
export const TICKET_SECONDS = 60;

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

interface Stream {
  userId: number;
  tokenId: number;
  out: ServerResponse;
}

/**
 * The live bell: open Server-Sent Event streams of this process, fed by PostgreSQL LISTEN/NOTIFY
 * on NOTIFY_CHANNEL (NotificationsService announces each notification it makes, and each change
 * of a user's unread count, in the statement that makes it), so that a notification made by any
 * process's worker reaches a stream open on any API process. One LISTEN connection per process,
 * opened with the first stream. Every `heartbeatMs` one timer writes a comment line to every
 * stream (proxies close silent connections) and checks, in one statement for all of them, that
 * their tokens still stand: a stream whose user logged out or was deleted ends.
 */
@Injectable()
export class NotificationStreams implements BeforeApplicationShutdown {
  private readonly logger = new Logger('NotificationStreams');
  private readonly byUser = new Map<number, Set<Stream>>();
  private listener?: Promise<ListenHandle | undefined>;
  private timer?: NodeJS.Timeout;
  private closed = false;
  private openCount = 0;
  /** Heartbeat and token check interval (tests shorten it). */
  heartbeatMs = 25_000;

  constructor(
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly notifications: NotificationsService,
  ) {}

  /** Number of open streams in this process. */
  get size(): number {
    return this.openCount;
  }
  /** NOTIFICATION_STREAMS_PER_ACCOUNT. */
  get perAccount(): number {
    return this.options.config.notificationStreams.perAccount;
  }

  /** Streams of one user in this process. */
  countOf(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /**
   * Whether one more stream of `userId` may open here (checked right before `open`, with no await
   * between them): 'account' when the account already holds NOTIFICATION_STREAMS_PER_ACCOUNT
   * streams on this process (the new one is refused, 429: closing the oldest instead would make
   * two tabs over the cap take turns reconnecting forever), 'process' when this process holds
   * NOTIFICATION_STREAMS_MAX streams (503: a proxy tries another process).
   */
  admission(userId: number): 'ok' | 'account' | 'process' {
    const { perAccount, max } = this.options.config.notificationStreams;
    if (this.countOf(userId) >= perAccount) return 'account';
    if (this.size >= max) return 'process';
    return 'ok';
  }

  /** A single-use ticket for `userId`'s stream, bound to the token that asked for it. */
  async issueTicket(userId: number, tokenId: number): Promise<string> {
    const ticket = crypto.randomBytes(24).toString('base64url');
    await this.db.exec(
      `INSERT INTO notification_stream_tickets (ticket_hash, user_id, token_id, expires_on) VALUES (:hash, :user, :token, now() + interval '${TICKET_SECONDS} seconds')`,
      { hash: sha256(ticket), user: userId, token: tokenId },
    );
    return ticket;
  }

  /** Takes a ticket (once): its user and token, if it is valid and the token still stands. */
  async redeemTicket(ticket: string): Promise<{ userId: number; tokenId: number } | null> {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(ticket)) return null;
    const row = await this.db.row<{ user_id: number; token_id: number; valid: boolean }>(
      `DELETE FROM notification_stream_tickets WHERE ticket_hash = :hash RETURNING user_id, token_id, expires_on > now() AS valid`,
      { hash: sha256(ticket) },
    );
    if (!row?.valid) return null;
    if (!(await this.tokens.live([row.token_id])).has(row.token_id)) return null;
    return { userId: row.user_id, tokenId: row.token_id };
  }

  /** Starts an event stream on `out` (headers not sent yet). */
  async open(userId: number, tokenId: number, out: ServerResponse): Promise<void> {
    if (this.closed) {
      // Shutting down: the client's EventSource retries, through the proxy, on another process.
      out.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '1', Connection: 'close' });
      out.end();
      return;
    }
    out.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Accel-Buffering': 'no', // nginx: pass each event on at once
      Connection: 'keep-alive',
    });
    out.flushHeaders();
    const stream: Stream = { userId, tokenId, out };
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(stream);
    this.openCount++;
    out.on('close', () => this.remove(stream));
    this.write(stream, `retry: 5000\n\n`);
    this.ensureRunning();
    await this.listening();
    this.send(stream, 'unread', { total_unread_count: await this.notifications.unreadCount(userId) });
  }

  private remove(stream: Stream): void {
    const set = this.byUser.get(stream.userId);
    if (!set?.delete(stream)) return;
    this.openCount--;
    if (!set.size) this.byUser.delete(stream.userId);
  }

  private end(stream: Stream): void {
    this.remove(stream);
    if (!stream.out.writableEnded) stream.out.end();
  }

  private write(stream: Stream, text: string): void {
    if (!stream.out.writableEnded && !stream.out.destroyed) stream.out.write(text);
  }

  private send(stream: Stream, event: string, data: unknown): void {
    this.write(stream, `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** The process's LISTEN connection (started with the first stream); undefined without a database URL. */
  private listening(): Promise<ListenHandle | undefined> {
    if (!this.listener) {
      const database = this.options.database;
      this.listener = database
        ? listen(
            database.url,
            NOTIFY_CHANNEL,
            (payload) => void this.announce(payload),
            () => void this.refreshAll(),
          ).catch((err: unknown) => {
            this.logger.error({ err }, 'notification listener failed');
            this.listener = undefined;
            return undefined;
          })
        : Promise.resolve(undefined);
    }
    return this.listener;
  }

  /** A notification (`user:id`) or a changed count (`user:0`): to that user's streams here. */
  private async announce(payload: string): Promise<void> {
    const [userId, id] = payload.split(':').map(Number);
    const set = this.byUser.get(userId);
    if (!set?.size) return;
    try {
      const [count, item] = await Promise.all([this.notifications.unreadCount(userId), id ? this.notifications.one(userId, id) : undefined]);
      for (const stream of set) {
        if (item) this.send(stream, 'notification', item);
        this.send(stream, 'unread', { total_unread_count: count });
      }
    } catch (err) {
      this.logger.warn({ err }, 'could not announce a notification');
    }
  }

  /** After the listener reconnected: every stream's count again (something may have been missed). */
  private async refreshAll(): Promise<void> {
    for (const userId of [...this.byUser.keys()]) await this.announce(`${userId}:0`);
  }

  private ensureRunning(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => void this.beat(), this.heartbeatMs);
    this.timer.unref();
  }

  /** Heartbeat to every stream; streams whose token is gone end. One statement. */
  private async beat(): Promise<void> {
    this.timer = undefined;
    const streams = [...this.byUser.values()].flatMap((set) => [...set]);
    if (!streams.length) return;
    try {
      const live = await this.tokens.live(streams.map((s) => s.tokenId));
      for (const stream of streams) {
        if (live.has(stream.tokenId)) this.write(stream, `: ping\n\n`);
        else this.end(stream);
      }
    } catch (err) {
      this.logger.warn({ err }, 'stream heartbeat failed');
    }
    if (this.size) this.ensureRunning();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const set of [...this.byUser.values()]) for (const stream of [...set]) this.end(stream);
    const handle = await this.listener;
    await handle?.close();
  }
}
