import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import * as crypto from 'node:crypto';
import { EntityManager, Repository } from 'typeorm';
import { AccountKey, type AccountKeyPurpose } from './entities/account-key.entity';
import { sha256 } from './token.service';

const LIFETIME_MS: Record<AccountKeyPurpose, number> = {
  verify: 3 * 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

/** Single-use keys for e-mail verification and password reset links (OWASP style). */
@Injectable()
export class AccountKeysService {
  constructor(@InjectRepository(AccountKey) private readonly keys: Repository<AccountKey>) {}

  async create(userId: number, purpose: AccountKeyPurpose, manager?: EntityManager): Promise<string> {
    const key = crypto.randomBytes(32).toString('base64url');
    const repo = manager ? manager.getRepository(AccountKey) : this.keys;
    await repo.insert({ userId, purpose, keyHash: sha256(key), expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]) });
    return key;
  }

  /**
   * The e-mail address of the active user whose key this is, while the key is valid; null for
   * every failure alike (unknown user, wrong, used or expired key, inactive user): one statement,
   * so no answer and no timing tells them apart. Does not use the key up.
   */
  async validFor(userId: number, purpose: AccountKeyPurpose, key: string): Promise<string | null> {
    const rows: Array<{ email: string }> = await this.keys.query(
      `SELECT u.email FROM account_keys k JOIN users u ON u.id = k.user_id
        WHERE k.user_id = $1 AND k.purpose = $2 AND k.key_hash = $3 AND k.used_at IS NULL AND k.expires_at > now()
          AND u.is_active
        LIMIT 1`,
      [userId, purpose, sha256(key)],
    );
    return rows[0]?.email ?? null;
  }

  /** Uses the key up, atomically: true for exactly one caller while it is valid. */
  async consume(userId: number, purpose: AccountKeyPurpose, key: string, manager: EntityManager): Promise<boolean> {
    const [rows] = await manager.query(
      `UPDATE account_keys SET used_at = now()
        WHERE user_id = $1 AND purpose = $2 AND key_hash = $3 AND used_at IS NULL AND expires_at > now()
        RETURNING id`,
      [userId, purpose, sha256(key)],
    );
    return rows.length > 0;
  }

  /** True when the key was valid and has been used (a link opened a second time). */
  async wasUsed(userId: number, purpose: AccountKeyPurpose, key: string): Promise<boolean> {
    const rows = await this.keys.query(
      `SELECT 1 FROM account_keys WHERE user_id = $1 AND purpose = $2 AND key_hash = $3 AND used_at IS NOT NULL`,
      [userId, purpose, sha256(key)],
    );
    return rows.length > 0;
  }

  async revokeAll(userId: number, purpose: AccountKeyPurpose, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE account_keys SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`, [userId, purpose]);
  }
}
