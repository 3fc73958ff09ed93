import { Injectable } from '@nestjs/common';
import * as crypto from 'node:crypto';
import { Db, type Tx } from '../../database/db';
import { type AccountKeyPurpose } from './entities/account-key.entity';
import { sha256 } from './token.service';

const LIFETIME_MS: Record<AccountKeyPurpose, number> = {
  verify: 3 * 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

/** Single-use keys for e-mail verification and password reset links (OWASP style). */
@Injectable()
export class AccountKeysService {
  constructor(private readonly db: Db) {}

  async create(userId: number, purpose: AccountKeyPurpose, tx?: Tx): Promise<string> {
    const key = crypto.randomBytes(32).toString('base64url');
    await this.db.exec(
      `INSERT INTO account_keys (user_id, purpose, key_hash, expires_at) VALUES (:userId, :purpose, :keyHash, :expiresAt)`,
      { userId, purpose, keyHash: sha256(key), expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]) },
      tx,
    );
    return key;
  }

  /**
   * The e-mail address of the active user whose key this is, while the key is valid; null for
   * every failure alike (unknown user, wrong, used or expired key, inactive user): one statement,
   * so no answer and no timing tells them apart. Does not use the key up.
   */
  async validFor(userId: number, purpose: AccountKeyPurpose, key: string): Promise<string | null> {
    const row = await this.db.row<{ email: string }>(
      `SELECT u.email FROM account_keys k JOIN users u ON u.id = k.user_id
        WHERE k.user_id = :userId AND k.purpose = :purpose AND k.key_hash = :keyHash AND k.used_at IS NULL AND k.expires_at > now()
          AND u.is_active
        LIMIT 1`,
      { userId, purpose, keyHash: sha256(key) },
    );
    return row?.email ?? null;
  }

  /** Uses the key up, atomically: true for exactly one caller while it is valid. */
  async consume(userId: number, purpose: AccountKeyPurpose, key: string, tx: Tx): Promise<boolean> {
    const used = await this.db.exec(
      `UPDATE account_keys SET used_at = now()
        WHERE user_id = :userId AND purpose = :purpose AND key_hash = :keyHash AND used_at IS NULL AND expires_at > now()`,
      { userId, purpose, keyHash: sha256(key) },
      tx,
    );
    return used > 0;
  }

  /** True when the key was valid and has been used (a link opened a second time). */
  async wasUsed(userId: number, purpose: AccountKeyPurpose, key: string): Promise<boolean> {
    const used = await this.db.row<{ one: number }>(
      `SELECT 1 AS one FROM account_keys WHERE user_id = :userId AND purpose = :purpose AND key_hash = :keyHash AND used_at IS NOT NULL`,
      { userId, purpose, keyHash: sha256(key) },
    );
    return used !== undefined;
  }

  async revokeAll(userId: number, purpose: AccountKeyPurpose, tx: Tx): Promise<void> {
    await this.db.exec(`UPDATE account_keys SET used_at = now() WHERE user_id = :userId AND purpose = :purpose AND used_at IS NULL`, { userId, purpose }, tx);
  }
}
