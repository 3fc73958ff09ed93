import type { AuthUser } from '../auth/auth-user';
import type { Db, Tx } from '../../database/db';

/**
 * The one shape of an access contribution read from a module's own table: of `ids`, those the
 * statement `sql` answers for the viewer. `sql` selects a column `id` and names the asked ids
 * `:ids` (an int[]) and the viewer `:viewer`, e.g.
 * `SELECT id FROM posts WHERE id = ANY(:ids::int[]) AND user_id = :viewer`. A visitor is granted
 * nothing (no statement). Runs in the caller's transaction when one is given, so a check made
 * inside a write sees the write's rows and locks.
 */
export async function idsWhere(db: Db, sql: string, ids: readonly number[], viewer: AuthUser | undefined, tx?: Tx): Promise<number[]> {
  if (!viewer) return [];
  const rows = await db.rows<{ id: number }>(sql, { ids, viewer: viewer.id }, tx);
  return rows.map((r) => r.id);
}
