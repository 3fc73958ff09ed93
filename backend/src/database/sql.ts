import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { APP_OPTIONS, type AppOptions } from '../app-options';
import { statementNamer } from './db';

export { MAX_PREPARED_STATEMENTS, statementNamer, forgetPrepared } from './db';

/**
 * Plain statements outside a transaction, straight on the connection pool TypeORM owns: one
 * `pool.query` per statement, where `DataSource.query` builds a query runner, takes and gives
 * back a connection and broadcasts before/after events around every statement. Reads of every
 * list and packer go through here, as named prepared statements (DATABASE_PREPARE); writes that
 * belong together still use a TypeORM transaction (the same pool, so the embedded database's
 * single connection is shared fairly).
 *
 * Answers the rows, as `DataSource.query` does for a SELECT. Columns come back as node-postgres
 * reads them: cast `date` columns to text (`birthday::text`) where a 'YYYY-MM-DD' string is meant.
 */
@Injectable()
export class Sql {
  private pool?: Pool;
  private readonly name: (text: string) => string | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_OPTIONS) options: AppOptions,
  ) {
    this.name = options.config.databasePrepare ? statementNamer(undefined, 'legacy') : () => undefined;
  }

  // Rows are typed by the caller (as with DataSource.query, whose rows are `any`).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async query<T = any>(text: string, params?: readonly unknown[]): Promise<T[]> {
    this.pool ??= (this.dataSource.driver as PostgresDriver).master as Pool;
    const name = this.name(text);
    const result = await this.pool.query({ text, values: params as unknown[] | undefined, ...(name ? { name } : {}) });
    return result.rows as T[];
  }
}
export { Db } from './db';
