import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import * as crypto from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import { NO_EMAIL_DOMAIN } from '../mail/mail.service';
import type { LoginResponse } from './dto/auth.dto';
import { TokenService } from './token.service';

export interface ExistingAccount {
  id: number;
  emailVerified: boolean;
  isActive: boolean;
}

/**
 * The accounts side of signing in through a provider (Google, LINE, Yahoo! JAPAN): the sign-in
 * module owns the links to the providers' subjects and asks here for the `users` rows, which
 * this module owns, and for the session.
 */
@Injectable()
export class ExternalAccountsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly tokens: TokenService,
    private readonly access: AccessService,
  ) {}

  async byId(userId: number, tx: EntityManager): Promise<ExistingAccount | null> {
    const [row] = await tx.query(`SELECT id, email_verified, is_active FROM users WHERE id = $1`, [userId]);
    return row ? { id: row.id, emailVerified: row.email_verified, isActive: row.is_active } : null;
  }

  async byEmail(email: string, tx: EntityManager): Promise<ExistingAccount | null> {
    const [row] = await tx.query(`SELECT id, email_verified, is_active FROM users WHERE email = $1`, [email.toLowerCase()]);
    return row ? { id: row.id, emailVerified: row.email_verified, isActive: row.is_active } : null;
  }

  /**
   * A new account for a provider's identity: the provider's verified address (or a placeholder
   * on the reserved .invalid domain when it gave none, as LINE may), no password.
   */
  async create(email: string | null, language: 'ja' | 'en', tx: EntityManager): Promise<number> {
    const address = email?.toLowerCase() ?? `${crypto.randomUUID()}@${NO_EMAIL_DOMAIN}`;
    const [row] = await tx.query(
      `INSERT INTO users (email, password_hash, email_verified, language) VALUES ($1, NULL, true, $2) RETURNING id`,
      [address, language],
    );
    return row.id;
  }

  /**
   * A provider vouches for the address of an account whose owner never confirmed it. Whoever
   * registered it may not own the mailbox (they could have chosen the password for the real
   * owner's address), so the password and every session go: the provider's user now owns it.
   */
  async confirmByProvider(userId: number, tx: EntityManager): Promise<void> {
    await tx.query(`UPDATE users SET email_verified = true, password_hash = NULL WHERE id = $1 AND NOT email_verified`, [userId]);
    await tx.query(`DELETE FROM auth_tokens WHERE user_id = $1`, [userId]);
  }

  async hasPassword(userId: number, tx?: EntityManager): Promise<boolean> {
    const [row] = await (tx ?? this.db).query(`SELECT password_hash IS NOT NULL AS has FROM users WHERE id = $1`, [userId]);
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
    const [[row]]: [Array<{ language: string }>] = await this.db.query(`UPDATE users SET last_login = now() WHERE id = $1 RETURNING language`, [userId]); // [rows, count]
    return { token, redirect_url: await this.landing(userId, row?.language ?? 'en'), language: row?.language === 'ja' ? 'ja' : 'en' };
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
