import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner.js';
import { Db } from '../../src/database/db';

export interface StatementCounter {
  /** Statements run since the counter started or was last reset. */
  readonly count: number;
  reset(): void;
  /** Puts the query methods back (call it in afterAll or a finally). */
  stop(): void;
}

/**
 * Counts the SQL statements the app runs from now on: those through TypeORM's query runners and
 * the statements of `Db` (which go to the pool, or to a transaction's connection, without a query
 * runner: src/database/db.ts).
 * The token check is one of them unless the token cache already knows the token (a test app
 * with AUTH_TOKEN_CACHE=false counts it on every request).
 */
export function countStatements(): StatementCounter {
  const original = PostgresQueryRunner.prototype.query;
  const dbProto = Db.prototype as unknown as { run: (...args: unknown[]) => unknown };
  const originalDb = dbProto.run;
  let count = 0;
  dbProto.run = function (this: Db, ...args: unknown[]) {
    count++;
    return originalDb.apply(this, args);
  };
  PostgresQueryRunner.prototype.query = function (this: PostgresQueryRunner, ...args: Parameters<typeof original>) {
    count++;
    return original.apply(this, args);
  } as typeof original;
  return {
    get count() {
      return count;
    },
    reset() {
      count = 0;
    },
    stop() {
      PostgresQueryRunner.prototype.query = original;
      dbProto.run = originalDb;
    },
  };
}
