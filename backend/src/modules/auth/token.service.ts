import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import * as crypto from 'node:crypto';
import { Repository } from 'typeorm';
import { AccessService } from '../../common/access/access.service';
import { type AuthUser } from '../../common/auth/auth-user';
import { TokenResolver } from '../../common/auth/token-auth.guard';
import { Sql } from '../../database/sql';
import { AuthToken } from './entities/auth-token.entity';

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** DRF-style session tokens: 40 hex characters handed out once, stored only as a hash. */
@Injectable()
export class TokenService extends TokenResolver {
  constructor(
    @InjectRepository(AuthToken) private readonly tokens: Repository<AuthToken>,
    private readonly sql: Sql,
    access: AccessService,
  ) {
    super();
    // A deleted account (or one whose deletion was requested) counts as a visitor in every access check.
    access.setStandingCheck(async (userId, tx) => {
      const sql = `SELECT 1 FROM users WHERE id = $1 AND is_active`;
      const rows: unknown[] = tx ? await tx.query(sql, [userId]) : await this.sql.query(sql, [userId]);
      return rows.length > 0;
    });
  }

  async issue(userId: number): Promise<string> {
    const key = crypto.randomBytes(20).toString('hex');
    await this.tokens.insert({ userId, keyHash: sha256(key) });
    return key;
  }

  async resolve(key: string): Promise<AuthUser | 'inactive' | null> {
    if (!/^[0-9a-f]{40}$/i.test(key)) return null;
    const rows: Array<{ token_id: number; id: number; email: string; language: string; is_active: boolean }> = await this.sql.query(
      `SELECT t.id AS token_id, u.id, u.email, u.language, u.is_active
         FROM auth_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.key_hash = $1`,
      [sha256(key.toLowerCase())],
    );
    const row = rows[0];
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
    const rows: Array<{ id: number }> = await this.sql.query(
      `SELECT t.id FROM auth_tokens t JOIN users u ON u.id = t.user_id WHERE t.id = ANY($1::int[]) AND u.is_active`,
      [[...new Set(tokenIds)]],
    );
    return new Set(rows.map((r) => r.id));
  }

  async revoke(tokenId: number): Promise<void> {
    await this.tokens.delete({ id: tokenId });
  }

  async revokeAll(userId: number): Promise<void> {
    await this.tokens.delete({ userId });
  }
}
