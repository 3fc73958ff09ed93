import type { AuthUser } from '../../common/auth/auth-user';

/** The channel the database announces changes of tokens and accounts on (migration 1734200000000). */
export const AUTH_CHANGES_CHANNEL = 'mb_auth_changes';

interface Entry {
  user: AuthUser;
  at: number;
}

/**
 * The accounts behind tokens this process resolved, so that a request with a token costs no
 * statement of its own (the token lookup was one round trip to the database on every request: a
 * third of what a feed request costs the process beyond one hand-written statement).
 *
 * Kept true by invalidation, not by expiry:
 * - the database announces every change that alters what a token resolves to on
 *   AUTH_CHANGES_CHANNEL (triggers on `auth_tokens` and on `users`' email, language and
 *   is_active, whatever statement or process made it), with the account's id; each process
 *   listens and forgets that account's tokens;
 * - the auth module's own writes (logout, password reset, account deletion, language) also
 *   forget at once in the process that made them, before it answers, so that the next request
 *   of the same client never meets a stale entry here;
 * - every invalidation bumps a generation; a lookup that was in flight when one came is not
 *   kept (its row may predate the change);
 * - entries are kept only while the LISTEN connection is up: when it drops, everything is
 *   forgotten and nothing is kept until it is back (a missed announcement cannot linger).
 *
 * Only valid tokens of active accounts are kept (an unknown token costs its statement each time,
 * so guessing keys cannot fill the cache). At most `maxEntries`, the oldest dropped first; an
 * entry is trusted for `ttlMs` at most, an insurance only.
 */
export class TokenCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();
  private generation = 0;
  private listening = false;

  constructor(
    private readonly maxEntries = 10_000,
    private readonly ttlMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether entries are kept (the LISTEN connection is up). */
  get active(): boolean {
    return this.listening;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The listener's state: entries are kept only while it is up; both transitions forget everything. */
  setListening(up: boolean): void {
    this.listening = up;
    this.clear();
  }

  /** A copy of the account behind `keyHash`, if known (each request gets its own object). */
  get(keyHash: string): AuthUser | undefined {
    const entry = this.entries.get(keyHash);
    if (!entry) return undefined;
    if (!this.listening || this.now() - entry.at > this.ttlMs) {
      this.drop(keyHash, entry.user.id);
      return undefined;
    }
    return { ...entry.user };
  }

  /** Taken before a lookup: `set` keeps its answer only if nothing was invalidated meanwhile. */
  begin(): number {
    return this.generation;
  }

  set(keyHash: string, user: AuthUser, generation: number): void {
    if (!this.listening || generation !== this.generation) return;
    const old = this.entries.get(keyHash);
    if (old) this.drop(keyHash, old.user.id);
    while (this.entries.size >= this.maxEntries) {
      const [oldest, entry] = this.entries.entries().next().value as [string, Entry];
      this.drop(oldest, entry.user.id);
    }
    this.entries.set(keyHash, { user: { ...user }, at: this.now() });
    let keys = this.byUser.get(user.id);
    if (!keys) this.byUser.set(user.id, (keys = new Set()));
    keys.add(keyHash);
  }

  /** Forgets every token of account `userId` (its tokens, email, language or standing changed). */
  forgetUser(userId: number): void {
    this.generation++;
    for (const keyHash of this.byUser.get(userId) ?? []) this.entries.delete(keyHash);
    this.byUser.delete(userId);
  }

  /** An announcement from the database: the account's id, or anything else to forget everything. */
  onAnnouncement(payload: string): void {
    const userId = Number(payload);
    if (Number.isSafeInteger(userId) && userId > 0) this.forgetUser(userId);
    else this.clear();
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
  }

  private drop(keyHash: string, userId: number): void {
    this.entries.delete(keyHash);
    const keys = this.byUser.get(userId);
    keys?.delete(keyHash);
    if (keys && !keys.size) this.byUser.delete(userId);
  }
}
