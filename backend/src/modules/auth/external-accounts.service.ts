import { Injectable } from '@nestjs/common';
import * as crypto from 'node:crypto';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import { contentLanguage, type Language } from '../../common/i18n/language';
import { Db, type Tx } from '../../database/db';
import { NO_EMAIL_DOMAIN } from '../mail/mail.service';
import type { LoginResponse } from './dto/auth.dto';
import { TokenService } from './token.service';

export interface ExistingAccount {
  id: number;
  emailVerified: boolean;
  isActive: boolean;
}

/** The columns ExistingAccount is read from. */
const EXISTING_ACCOUNT = `SELECT id, email_verified, is_active FROM users`;
type ExistingAccountRow = { id: number; email_verified: boolean; is_active: boolean };
const existingAccount = (row: ExistingAccountRow | undefined): ExistingAccount | null =>
  row ? { id: row.id, emailVerified: row.email_verified, isActive: row.is_active } : null;

/**
 * The accounts side of signing in through a provider (Google, LINE, Yahoo! JAPAN): the sign-in
 * module owns the links to the providers' subjects and asks here for the `users` rows, which
 * this module owns, and for the session.
 */
@Injectable()
export class ExternalAccountsService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly access: AccessService,
  ) {}

  async byId(userId: number, tx?: Tx): Promise<ExistingAccount | null> {
    return existingAccount(await this.db.row<ExistingAccountRow>(`${EXISTING_ACCOUNT} WHERE id = :userId`, { userId }, tx));
  }

  async byEmail(email: string, tx: Tx): Promise<ExistingAccount | null> {
    return existingAccount(await this.db.row<ExistingAccountRow>(`${EXISTING_ACCOUNT} WHERE email = :email`, { email: email.toLowerCase() }, tx));
  }

  /**
   * A new account for a provider's identity: the provider's verified address (or a placeholder
   * on the reserved .invalid domain when it gave none, as LINE may), no password.
   */
  async create(email: string | null, language: Language, tx: Tx): Promise<number> {
    const address = email?.toLowerCase() ?? `${crypto.randomUUID()}@${NO_EMAIL_DOMAIN}`;
    const row = await this.db.row<{ id: number }>(
      `INSERT INTO users (email, password_hash, email_verified, language) VALUES (:address, NULL, true, :language) RETURNING id`,
      { address, language },
      tx,
    );
    return row!.id;
  }

  /**
   * A provider vouches for the address of an account whose owner never confirmed it. Whoever
   * registered it may not own the mailbox (they could have chosen the password for the real
   * owner's address), so the password and every session go: the provider's user now owns it.
   */
  async confirmByProvider(userId: number, tx: Tx): Promise<void> {
    await this.db.exec(`UPDATE users SET email_verified = true, password_hash = NULL WHERE id = :userId AND NOT email_verified`, { userId }, tx);
    await this.db.exec(`DELETE FROM auth_tokens WHERE user_id = :userId`, { userId }, tx);
  }

  async hasPassword(userId: number, tx?: Tx): Promise<boolean> {
    const row = await this.db.row<{ has: boolean }>(`SELECT password_hash IS NOT NULL AS has FROM users WHERE id = :userId`, { userId }, tx);
    return !!row?.has;
  }

  /**
   * A session for an account signed in through a provider: the same answer as login/. Called
   * after the sign-in's transaction committed, which may have ended the account's other sessions
   * (confirmByProvider): forgotten here at once.
   */
  async startSession(userId: number): Promise<LoginResponse> {
    this.tokens.forget(userId);
    const token = await this.tokens.issue(userId);
    const row = await this.db.row<{ language: string }>(`UPDATE users SET last_login = now() WHERE id = :userId RETURNING language`, { userId });
    const language = contentLanguage(row?.language);
    return { token, redirect_url: await this.landing(userId, language), language };
  }

  /**
   * Where an account lands after signing in (/account while it has no profile). A code flow's
   * callback says it before the session starts (the app exchanges its one-time code for the
   * token); the account's other sessions a provider may have ended are forgotten here at once.
   */
  async landing(userId: number, language = 'en'): Promise<'/home' | '/account'> {
    this.tokens.forget(userId);
    const viewer = { id: userId, email: '', language, tokenId: 0 };
    return (await this.access.check(viewer, Permission.ProfileExists, [userId])).has(userId) ? '/home' : '/account';
  }

  /** Whether the session (token id) that started a link flow still stands. */
  async sessionStands(tokenId: number): Promise<boolean> {
    return (await this.tokens.live([tokenId])).has(tokenId);
  }
}
