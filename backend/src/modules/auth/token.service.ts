import { type BeforeApplicationShutdown, Inject, Injectable, Logger, Optional } from '@nestjs/common';
import * as crypto from 'node:crypto';
import { AccessService } from '../../common/access/access.service';
import { type AuthUser } from '../../common/auth/auth-user';
import { TokenResolver } from '../../common/auth/token-auth.guard';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { Db } from '../../database/db';
import { type ListenHandle, listen } from '../../jobs/listener';
import { AUTH_CHANGES_CHANNEL, TokenCache } from './token-cache';

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/**
 * DRF-style session tokens: 40 hex characters handed out once, stored only as a hash. The
 * accounts behind the tokens a process has seen are kept in a TokenCache while its LISTEN
 * connection is up (AUTH_TOKEN_CACHE): a request with a known token then costs no statement.
 */
@Injectable()
export class TokenService extends TokenResolver implements BeforeApplicationShutdown {
  private readonly logger = new Logger(TokenService.name);
  readonly cache = new TokenCache();
  private listener?: Promise<ListenHandle | undefined>;

  constructor(
    private readonly db: Db,
    access: AccessService,
    @Optional() @Inject(APP_OPTIONS) private readonly options?: Pick<AppOptions, 'database'> & { config: Pick<AppOptions['config'], 'authTokenCache'> },
  ) {
    super();
    // A deleted account (or one whose deletion was requested) counts as a visitor in every access check.
    access.setStandingCheck(async (userId, tx) => {
      return (await this.db.row<{ one: number }>(`SELECT 1 AS one FROM users WHERE id = :userId AND is_active`, { userId }, tx)) !== undefined;
    });
  }

  async issue(userId: number): Promise<string> {
    const key = crypto.randomBytes(20).toString('hex');
    await this.db.exec(`INSERT INTO auth_tokens (user_id, key_hash) VALUES (:userId, :keyHash)`, { userId, keyHash: sha256(key) });
    return key;
  }

  async resolve(key: string): Promise<AuthUser | 'inactive' | null> {
    if (!/^[0-9a-f]{40}$/i.test(key)) return null;
    const keyHash = sha256(key.toLowerCase());
    const known = this.cache.get(keyHash);
    if (known) return known;
    this.startListening();
    const generation = this.cache.begin();
    const found = await this.lookup(keyHash);
    if (found && found !== 'inactive') this.cache.set(keyHash, found, generation);
    return found;
  }

  private async lookup(keyHash: string): Promise<AuthUser | 'inactive' | null> {
    const row = await this.db.row<{ token_id: number; id: number; email: string; language: string; is_active: boolean }>(
      `SELECT t.id AS token_id, u.id, u.email, u.language, u.is_active
         FROM auth_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.key_hash = :keyHash`,
      { keyHash },
    );
    if (!row) return null;
    if (!row.is_active) return 'inactive';
    return { id: row.id, email: row.email, language: row.language, tokenId: row.token_id };
  }

  /**
   * Which of these tokens still stand (logout deletes one, an account's deletion all; an inactive
   * account's count as gone): one statement, for the live notification streams.
   */
  async live(tokenIds: readonly number[]): Promise<Set<number>> {
    if (!tokenIds.length) return new Set();
    const rows = await this.db.rows<{ id: number }>(
      `SELECT t.id FROM auth_tokens t JOIN users u ON u.id = t.user_id WHERE t.id = ANY(:tokenIds::int[]) AND u.is_active`,
      { tokenIds: [...new Set(tokenIds)] },
    );
    return new Set(rows.map((r) => r.id));
  }

  /** Logout: token `tokenId` of account `userId` goes (forgotten here before the caller answers). */
  async revoke(tokenId: number, userId: number): Promise<void> {
    await this.db.exec(`DELETE FROM auth_tokens WHERE id = :tokenId`, { tokenId });
    this.cache.forgetUser(userId);
  }

  async revokeAll(userId: number): Promise<void> {
    await this.db.exec(`DELETE FROM auth_tokens WHERE user_id = :userId`, { userId });
    this.cache.forgetUser(userId);
  }

  /**
   * After a committed change of what account `userId`'s tokens resolve to (its tokens, email,
   * language or standing) made by this process: forgotten here at once. Other processes (and this
   * one, for changes made anywhere else) learn it from the database's announcement.
   */
  forget(userId: number): void {
    this.cache.forgetUser(userId);
  }

  /** Starts the process's LISTEN on AUTH_CHANGES_CHANNEL once; the cache keeps entries only while it is up. */
  private startListening(): void {
    const database = this.options?.database;
    if (this.listener || !database || !this.options?.config.authTokenCache) return;
    this.listener = listen(
      database.url,
      AUTH_CHANGES_CHANNEL,
      (payload) => this.cache.onAnnouncement(payload),
      () => this.cache.clear(),
      (up) => this.cache.setListening(up),
    ).catch((err: unknown) => {
      this.logger.warn({ err }, 'token cache off: could not listen for account changes');
      return undefined;
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    const handle = await this.listener;
    this.cache.setListening(false);
    await handle?.close();
  }
}
