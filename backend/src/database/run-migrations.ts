import type { DataSource } from 'typeorm';

/** Any number constant to all instances: the advisory lock that serialises migrations. */
const MIGRATION_LOCK = 7_320_114;

/**
 * Runs pending migrations. On PostgreSQL several instances may start at once, so they take
 * turns under an advisory lock; the embedded database has one process and one connection.
 *
 * It lives beside the migrations, not on `Db`: it runs before the application's services exist
 * (the operator commands have none), and the lock is a session's, held on one dedicated
 * connection of TypeORM's migration runner while the migrations run on others.
 */
export async function runMigrations(dataSource: DataSource, embedded: boolean): Promise<void> {
  if (embedded) {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}
