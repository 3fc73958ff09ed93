import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import { type AuthUser } from '../../common/auth/auth-user';
import { EventsService } from '../../common/events/events.service';
import { DrfValidationError, Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import { contentLanguage, type Language } from '../../common/i18n/language';
import { LoginFailureLimit } from '../../common/http/rate-limit';
import { Db, type Tx } from '../../database/db';
import { JobsService } from '../../jobs/jobs.service';
import { MailService } from '../mail/mail.service';
import { AccountKeysService } from './account-keys.service';
import { AccountResponse, ForgotPasswordDto, UpdateAccountDto, KeyDto, LoginDto, LoginResponse, RegisterDto, ResetPasswordDto } from './dto/auth.dto';
import { hashPassword, passwordProblems, verifyPassword } from './passwords';
import { TokenService } from './token.service';

export const LOGIN_FAILED = Msg.loginFailed;
export const EMAIL_NOT_VERIFIED = Msg.emailNotVerified;
const INVALID_KEY = Msg.invalidKey;
const PURGE_QUEUE = 'account-purge';
/** Accounts handled per purge run (each step). */
const PURGE_BATCH = 500;
/** PostgreSQL's foreign_key_violation: a row of some module still refers to the user. */
const FOREIGN_KEY_VIOLATION = '23503';

export interface PurgeResult {
  /** Accounts past their grace period for which `account.deleted` was published in this run. */
  started: number;
  /** `users` rows deleted in this run (every owner had cleared its rows). */
  removed: number;
  /** Accounts whose `users` row still waits for an owner (retried on the next run). */
  waiting: number;
}

/** forgot-password's work: the look-up and the mail, out of the request (same answer time for every address). */
export const RESET_REQUEST_QUEUE = 'password-reset-request';

/** resend-verification's work: a new verification link for an account waiting to be confirmed (nothing for any other address). */
export const RESEND_VERIFICATION_QUEUE = 'verification-resend-request';

export interface ResetRequest {
  email: string;
  language?: Language;
}

/** What the mails and the checks of an account need of its `users` row (never the password's hash). */
interface AccountRow {
  id: number;
  email: string;
  email_verified: boolean;
  language: string;
}
const ACCOUNT_ROW = `id, email, email_verified, language`;

@Injectable()
export class AuthService implements OnModuleInit {
  private readonly logger = new Logger('Accounts');

  constructor(
    private readonly db: Db,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly tokens: TokenService,
    private readonly keys: AccountKeysService,
    private readonly mail: MailService,
    private readonly jobs: JobsService,
    private readonly events: EventsService,
    private readonly access: AccessService,
    private readonly loginFailures: LoginFailureLimit,
  ) {}

  onModuleInit(): void {
    this.jobs.define(PURGE_QUEUE, () => this.purgeDeletedAccounts().then(() => undefined), { cron: '*/10 * * * *', retryLimit: 2 });
    this.jobs.define<ResetRequest>(RESET_REQUEST_QUEUE, (request) => this.mailResetLink(request), { retryLimit: 3 });
    this.jobs.define<ResetRequest>(RESEND_VERIFICATION_QUEUE, (request) => this.mailVerificationLink(request), { retryLimit: 3 });
  }

  /**
   * Creates the account and mails a verification link. The answer is the same whether or not
   * the address is taken (the owner of a taken address gets a mail saying so).
   */
  async register(dto: RegisterDto): Promise<void> {
    const problems = passwordProblems(dto.password1, dto.email);
    if (problems.length) throw new DrfValidationError({ password1: problems });
    if (dto.password1 !== dto.password2) throw DrfValidationError.nonField(Msg.passwordsDiffer);
    if (dto.agreed !== true) throw DrfValidationError.field('agreed', Msg.agreeTerms);
    const passwordHash = await hashPassword(dto.password1);

    await this.db.transaction(async (tx) => {
      const existing = await this.db.row<AccountRow>(`SELECT ${ACCOUNT_ROW} FROM users WHERE email = :email`, { email: dto.email }, tx);
      if (existing && existing.email_verified) {
        await this.mail.sendTemplate(existing.email, 'account-exists', existing.language, this.mail.frontendLink('/login'), tx);
        return;
      }
      if (existing) {
        // Unconfirmed account: a second registration must not replace its password (that would
        // let anyone who knows the address choose it). The mailbox owner gets a link to choose
        // a password instead, which also confirms the address.
        const key = await this.keys.create(existing.id, 'reset', tx);
        const link = this.mail.frontendLink(`/reset-password/${existing.id}/${key}`);
        await this.mail.sendTemplate(existing.email, 'finish-signup', dto.language ?? existing.language, link, tx);
        return;
      }
      const language = contentLanguage(dto.language);
      const inserted = await this.db.row<{ id: number }>(
        `INSERT INTO users (email, password_hash, language) VALUES (:email, :passwordHash, :language) ON CONFLICT DO NOTHING RETURNING id`,
        { email: dto.email, passwordHash, language },
        tx,
      );
      if (!inserted) return; // a concurrent registration won
      const key = await this.keys.create(inserted.id, 'verify', tx);
      await this.mail.sendTemplate(dto.email, 'verify-email', language, this.mail.frontendLink(`/verify/${inserted.id}/${key}`), tx);
    });
  }

  /**
   * Failed logins count per address and client (`ip`) together: a client that failed too often
   * for an address gets 429 for it, without a password check; other clients are not affected.
   */
  async login(dto: LoginDto, ip: string): Promise<LoginResponse> {
    await this.loginFailures.check(dto.email, ip);
    const user = await this.db.row<AccountRow & { password_hash: string | null; is_active: boolean; suspended_at: Date | null }>(
      `SELECT ${ACCOUNT_ROW}, password_hash, is_active, suspended_at FROM users WHERE email = :email`,
      { email: dto.email },
    );
    const ok = await verifyPassword(user?.password_hash ?? null, dto.password);
    if (user && ok && user.suspended_at) throw DrfValidationError.nonField(Msg.accountSuspended);
    if (!user || !ok || !user.is_active) {
      await this.loginFailures.failed(dto.email, ip);
      throw DrfValidationError.nonField(LOGIN_FAILED);
    }
    if (!user.email_verified) throw DrfValidationError.nonField(EMAIL_NOT_VERIFIED);
    await this.loginFailures.succeeded(dto.email, ip);
    const token = await this.tokens.issue(user.id);
    await this.db.exec(`UPDATE users SET last_login = now() WHERE id = :id`, { id: user.id });
    const viewer: AuthUser = { id: user.id, email: user.email, language: user.language, tokenId: 0 };
    const hasProfile = (await this.access.check(viewer, Permission.ProfileExists, [user.id])).has(user.id);
    return { token, redirect_url: hasProfile ? '/home' : '/account', language: contentLanguage(user.language) };
  }

  /**
   * Suspends (or reinstates) an account for the safety module. It goes through `is_active`, the
   * column the token-cache triggers watch, so every process forgets the account's tokens at once;
   * `suspended_at` tells a suspension from a deletion (login answers accountSuspended). An account
   * leaving the site is not reinstated. Answers whether anything changed.
   */
  async setSuspended(userId: number, suspended: boolean, tx: Tx): Promise<boolean> {
    const changed = suspended
      ? await this.db.exec(
          `UPDATE users SET is_active = false, suspended_at = now() WHERE id = :userId AND suspended_at IS NULL AND deletion_requested_at IS NULL`,
          { userId },
          tx,
        )
      : await this.db.exec(
          `UPDATE users SET is_active = true, suspended_at = NULL WHERE id = :userId AND suspended_at IS NOT NULL AND deletion_requested_at IS NULL`,
          { userId },
          tx,
        );
    return changed > 0;
  }

  async account(user: AuthUser): Promise<AccountResponse> {
    const row = await this.db.row<{ email: string; language: string }>(`SELECT email, language FROM users WHERE id = :id`, { id: user.id });
    if (!row) throw notFound();
    return { email: row.email, language: contentLanguage(row.language) };
  }

  /** Saves the account's language: the UI follows it after logging in, and so does mail. */
  async updateAccount(user: AuthUser, dto: UpdateAccountDto): Promise<AccountResponse> {
    if (dto.language) {
      await this.db.exec(`UPDATE users SET language = :language WHERE id = :id`, { language: dto.language, id: user.id });
      this.tokens.forget(user.id);
    }
    return this.account(user);
  }

  async logout(user: AuthUser): Promise<void> {
    await this.tokens.revoke(user.tokenId, user.id);
  }

  /**
   * Verifies the address; 'already' when this very link was used before and the address is
   * verified (a second click on the mail's link). Only the link's holder learns that: another
   * key, or an unknown one, is refused as before.
   */
  async verifyEmail(dto: KeyDto): Promise<'verified' | 'already'> {
    const ok = await this.db.transaction(async (tx) => {
      if (!(await this.keys.consume(dto.id, 'verify', dto.key, tx))) return false;
      await this.db.exec(`UPDATE users SET email_verified = true WHERE id = :id`, { id: dto.id }, tx);
      return true;
    });
    if (ok) return 'verified';
    if (await this.keys.wasUsed(dto.id, 'verify', dto.key)) {
      const user = await this.db.row<{ email_verified: boolean }>(`SELECT email_verified FROM users WHERE id = :id AND is_active`, { id: dto.id });
      if (user?.email_verified) return 'already';
    }
    throw DrfValidationError.field('key', INVALID_KEY);
  }

  /**
   * Same answer, in the same time, whether or not the address has an account: the request only
   * enqueues; the job looks the address up and mails the link (mailResetLink).
   */
  async forgotPassword(dto: ForgotPasswordDto): Promise<void> {
    const request: ResetRequest = { email: dto.email, ...(dto.language ? { language: dto.language } : {}) };
    await this.jobs.send(RESET_REQUEST_QUEUE, request);
  }

  /**
   * "Send it again" on the please-verify page and the login's "not verified" answer: same answer,
   * in the same time, for any address (the request only enqueues; mailVerificationLink decides).
   */
  async resendVerification(dto: ForgotPasswordDto): Promise<void> {
    const request: ResetRequest = { email: dto.email, ...(dto.language ? { language: dto.language } : {}) };
    await this.jobs.send(RESEND_VERIFICATION_QUEUE, request);
  }

  /** The job of resend-verification: a new link for an active account not yet confirmed; nothing otherwise. */
  async mailVerificationLink(request: ResetRequest): Promise<void> {
    const user = await this.activeAccount(request.email);
    if (!user || user.email_verified) return;
    await this.db.transaction(async (tx) => {
      const key = await this.keys.create(user.id, 'verify', tx);
      await this.mail.sendTemplate(user.email, 'verify-email', user.language, this.mail.frontendLink(`/verify/${user.id}/${key}`), tx);
    });
  }

  /** The job of forgot-password: a reset link for an active account; nothing for an unknown address. */
  async mailResetLink(request: ResetRequest): Promise<void> {
    const user = await this.activeAccount(request.email);
    if (!user) return;
    await this.db.transaction(async (tx) => {
      const key = await this.keys.create(user.id, 'reset', tx);
      await this.mail.sendTemplate(user.email, 'reset-password', user.language, this.mail.frontendLink(`/reset-password/${user.id}/${key}`), tx);
    });
  }

  /** The active account of an address (the mails' look-up), or undefined. */
  private activeAccount(email: string): Promise<AccountRow | undefined> {
    return this.db.row<AccountRow>(`SELECT ${ACCOUNT_ROW} FROM users WHERE email = :email AND is_active`, { email });
  }

  async checkResetLink(dto: KeyDto): Promise<string> {
    const email = await this.keys.validFor(dto.id, 'reset', dto.key);
    if (!email) throw DrfValidationError.field('key', INVALID_KEY);
    return email;
  }

  /**
   * Changes the password only with a valid reset link; ends every session of the user. The key
   * is checked first, and every failure of the link (unknown id, wrong, used or expired key, an
   * e-mail that is not the link's) has the same answer: only then is the new password checked,
   * so its checks (similarity to the address) tell nothing to whoever lacks the key.
   */
  async resetPassword(dto: ResetPasswordDto): Promise<void> {
    const email = await this.keys.validFor(dto.id, 'reset', dto.key);
    if (!email || (dto.email && dto.email !== email)) throw DrfValidationError.field('key', INVALID_KEY);
    if (dto.password2 !== undefined && dto.password2 !== dto.password) throw DrfValidationError.field('password2', Msg.passwordMismatch);
    const problems = passwordProblems(dto.password, email);
    if (problems.length) throw new DrfValidationError({ password: problems });
    const passwordHash = await hashPassword(dto.password);
    const userId = dto.id;
    const ok = await this.db.transaction(async (tx) => {
      if (!(await this.keys.consume(userId, 'reset', dto.key, tx))) return false;
      await this.keys.revokeAll(userId, 'reset', tx);
      // Following the link proves the mailbox, so the address counts as verified too.
      await this.db.exec(`UPDATE users SET password_hash = :passwordHash, email_verified = true WHERE id = :userId`, { passwordHash, userId }, tx);
      await this.db.exec(`DELETE FROM auth_tokens WHERE user_id = :userId`, { userId }, tx);
      return true;
    });
    if (!ok) throw DrfValidationError.field('key', INVALID_KEY);
    this.tokens.forget(userId);
  }

  /**
   * Records the request and signs the user out everywhere. `account.deletion_requested` is
   * published in the same transaction: each module that keeps rows of the user hides them from
   * everyone else and takes them off its counters (docs/architecture.md, "Leaving the site").
   */
  async requestDeletion(user: AuthUser): Promise<{ deletesAt: Date; graceDays: number }> {
    const requestedAt = await this.db.transaction(async (tx) => {
      const changed = await this.db.exec(
        `UPDATE users SET deletion_requested_at = now(), is_active = false WHERE id = :id AND deletion_requested_at IS NULL`,
        { id: user.id },
        tx,
      );
      if (changed) await this.events.publish('account.deletion_requested', { userId: user.id }, tx);
      const row = await this.db.row<{ deletion_requested_at: Date | string }>(`SELECT deletion_requested_at FROM users WHERE id = :id`, { id: user.id }, tx);
      return new Date(row!.deletion_requested_at);
    });
    await this.tokens.revokeAll(user.id);
    // The purge (purgeDeletedAccounts) takes the account at the first run after this moment.
    const graceDays = this.options.config.accountDeletionGraceDays;
    return { deletesAt: new Date(requestedAt.getTime() + graceDays * 24 * 60 * 60 * 1000), graceDays };
  }

  /**
   * The purge, in two steps that each run may take (the job runs every 10 minutes):
   *  1. for accounts past their grace period, `account.deleted` is published in the transaction
   *     that marks them (`purge_started_at`), so it is published once and never lost;
   *  2. the `users` row of every marked account is deleted once no row of another module refers
   *     to it any more. Every table with a user id has a plain foreign key to `users` (no ON
   *     DELETE action), so the database itself refuses the deletion while an owner has not done
   *     its part yet (its handler has not run, or failed and is being retried): the row then
   *     waits for the next run. The accounts module needs to know neither the owners nor how
   *     far their handlers are; an owner added later is waited for by adding its foreign key.
   */
  async purgeDeletedAccounts(now = new Date()): Promise<PurgeResult> {
    const cutoff = new Date(now.getTime() - this.options.config.accountDeletionGraceDays * 24 * 60 * 60 * 1000);
    const started = await this.db.transaction(async (tx) => {
      const rows = await this.db.rows<{ id: number }>(
        `UPDATE users SET purge_started_at = now()
          WHERE id IN (SELECT id FROM users WHERE deletion_requested_at IS NOT NULL AND deletion_requested_at <= :cutoff AND purge_started_at IS NULL
                        ORDER BY id LIMIT ${PURGE_BATCH} FOR NO KEY UPDATE SKIP LOCKED)
          RETURNING id`,
        { cutoff },
        tx,
      );
      for (const { id } of rows) await this.events.publish('account.deleted', { userId: id }, tx);
      return rows.length;
    });
    const marked = await this.db.rows<{ id: number }>(
      `SELECT id FROM users WHERE purge_started_at IS NOT NULL ORDER BY purge_started_at, id LIMIT ${PURGE_BATCH}`,
    );
    let removed = 0;
    const waiting: string[] = [];
    for (const { id } of marked) {
      try {
        await this.db.exec(`DELETE FROM users WHERE id = :id`, { id }); // its own tables (tokens, keys) go with it
        this.tokens.forget(id);
        removed++;
      } catch (err) {
        const e = err as { code?: string; constraint?: string };
        if (e.code !== FOREIGN_KEY_VIOLATION) throw err;
        waiting.push(`${id} (${e.constraint ?? 'a foreign key'})`);
      }
    }
    if (started || removed) this.logger.log({ started, removed, waiting: waiting.length }, 'account purge');
    if (waiting.length) this.logger.debug({ waiting }, 'accounts waiting for their owners to clear their rows');
    return { started, removed, waiting: waiting.length };
  }
}
