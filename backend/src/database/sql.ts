import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ClientBase, Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { APP_OPTIONS, type AppOptions } from '../app-options';

/**
 * How many distinct statement texts get a name (and so a server-side prepared statement on every
 * connection that runs them). The application has a fixed set of texts, well under this; the cap
 * only bounds memory on both sides should a text ever be built from data.
 */
export const MAX_PREPARED_STATEMENTS = 300;

/**
 * Names for statement texts: the same text always gets the same name, so node-postgres parses it
 * once per connection and afterwards only binds and executes it (measured: 224 → 91 µs per small
 * query on PostgreSQL, 680 → 269 µs on PGlite's socket). Texts beyond the cap stay unnamed.
 */
export function statementNamer(max = MAX_PREPARED_STATEMENTS): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `mb${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
}

/**
 * For a pool's `onConnect` on the embedded database. PGlite has one session, whatever the number
 * of socket connections to it: a new connection (after the pool dropped one) finds the previous
 * connection's prepared statements still there, while node-postgres's new client believes there
 * are none and would fail on "prepared statement already exists".
 */
export async function forgetPrepared(client: ClientBase): Promise<void> {
  await client.query('DEALLOCATE ALL');
}

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
    this.name = options.config.databasePrepare ? statementNamer() : () => undefined;
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
