import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ClientBase, Pool, PoolClient, QueryResult } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { APP_OPTIONS, type AppOptions } from '../app-options';
import { bindNamed, namedCompiler, SqlParamError } from './named-params';

export { SqlParamError };

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
export function statementNamer(max = MAX_PREPARED_STATEMENTS, prefix = 'mb'): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `${prefix}${names.size + 1}`;
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
 * A transaction: the `EntityManager` of `Db.transaction` (or of TypeORM's own `transaction`). It
 * is what modules hand each other so that a write and what goes with it (the outbox's event, a
 * counter, another module's row) commit together.
 */
export type Tx = EntityManager;

/** Named parameters of a statement: `:name` in the text, `name` here. */
export type SqlParams = Readonly<Record<string, unknown>>;

/**
 * The one way the application reaches its database (docs/architecture.md, "One way to write SQL").
 *
 * - **Text with named parameters**: `db.rows<Row>('SELECT … WHERE p.user_id = :viewer', { viewer })`.
 *   Fragments from other modules are strings that name their parameters too, so they compose by
 *   interpolation and the statement's one object carries every value (named-params.ts).
 * - **Typed rows**: the caller says what a row is; there is no default.
 * - **An optional transaction** as the last argument: the same call runs on the pool or on the
 *   transaction's connection, so no caller branches on `tx ? tx.query : …`.
 * - **Named prepared statements** (DATABASE_PREPARE, on by default): each distinct text is parsed
 *   once per connection, inside transactions too.
 *
 * TypeORM stays for the entities, the migrations and the transaction's lifecycle
 * (`Db.transaction`, the outbox's check that it runs inside one).
 */
@Injectable()
export class Db {
  private pool?: Pool;
  private readonly name: (text: string) => string | undefined;
  private readonly compile = namedCompiler();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_OPTIONS) options: Pick<AppOptions, 'config'>,
  ) {
    this.name = options.config.databasePrepare ? statementNamer() : () => undefined;
  }

  /**
   * A Db over a bare pool, without Nest or TypeORM (the bench's floor servers run the app's own
   * services over it). `transaction` is not available there.
   */
  static overPool(pool: Pool, prepare = true): Db {
    const db = new Db(undefined as unknown as DataSource, { config: { databasePrepare: prepare } } as Pick<AppOptions, 'config'>);
    db.pool = pool;
    return db;
  }

  /** Every row the statement answers. */
  async rows<T extends object>(text: string, params: SqlParams = {}, tx?: Tx): Promise<T[]> {
    return (await this.run(text, params, tx)).rows as T[];
  }

  /** The first row, or undefined. */
  async row<T extends object>(text: string, params: SqlParams = {}, tx?: Tx): Promise<T | undefined> {
    return (await this.run(text, params, tx)).rows[0] as T | undefined;
  }

  /** Runs a statement for its effect; answers how many rows it touched. */
  async exec(text: string, params: SqlParams = {}, tx?: Tx): Promise<number> {
    return (await this.run(text, params, tx)).rowCount ?? 0;
  }

  /** Runs `work` in one transaction (TypeORM's, so the outbox and repositories take the same `tx`). */
  transaction<R>(work: (tx: Tx) => Promise<R>): Promise<R> {
    return this.dataSource.transaction(work);
  }

  /**
   * For a library that brings its own positional statements (pg-boss's `executeSql` adapter): runs
   * them as given, on the pool or on the transaction's connection (so a job sent in `tx` commits
   * or rolls back with it). The application's own statements never go through here.
   */
  foreignExecutor(tx?: Tx): { executeSql(text: string, values?: unknown[]): Promise<QueryResult> } {
    return {
      executeSql: (text, values) => {
        if (tx) return this.connectionOf(tx).query(text, values);
        this.pool ??= (this.dataSource.driver as PostgresDriver).master as Pool;
        return this.pool.query(text, values);
      },
    };
  }

  private connectionOf(tx: Tx): PoolClient {
    const client = tx.queryRunner?.connection ? (tx.queryRunner as unknown as { databaseConnection?: PoolClient }).databaseConnection : undefined;
    if (!client) throw new SqlParamError('the transaction has no connection (is it finished?)');
    return client;
  }

  private run(source: string, params: SqlParams, tx?: Tx): Promise<QueryResult> {
    const compiled = this.compile(source);
    const values = bindNamed(compiled, params);
    const name = this.name(compiled.text);
    const query = { text: compiled.text, values, ...(name ? { name } : {}) };
    if (tx) return this.connectionOf(tx).query(query);
    this.pool ??= (this.dataSource.driver as PostgresDriver).master as Pool;
    return this.pool.query(query);
  }
}
