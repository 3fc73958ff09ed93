/**
 * `npm run account:plan -- <email> [plan]`: the operator's command for an account's plan.
 * With a plan (`free`, `basic`, `premium`, `enterprise`) it sets it; without, it prints the
 * current one. It uses the server's configuration (DATABASE_URL, or the embedded database in
 * DATA_DIR) and brings the schema up to date first, as the server would.
 *
 * The embedded database is one process's: while a server holds it (its lock file in DATA_DIR,
 * data-dir-lock.ts, names a live process), the command refuses and says how to proceed. With
 * DATABASE_URL it runs beside the servers.
 */
import { DataSource } from 'typeorm';
import type { AppOptions } from './app-options';
import type { AppConfig } from './config/config';
import { dataSourceOptions } from './database/data-source-options';
import { DatabaseBusyError } from './database/data-dir-lock';
import { Db } from './database/db';
import { type DatabaseHandle, openDatabase } from './database/embedded-postgres';
import { runMigrations } from './database/run-migrations';
import { AccountPlansService, setAccountPlan } from './modules/auth/account-plans.service';
import { ACCOUNT_PLANS, type AccountPlan } from './modules/auth/entities/user.entity';

// Printed on the operator's terminal (not an API message).
const usage = `Usage: npm run account:plan -- <email> [${ACCOUNT_PLANS.join('|')}]`;

/**
 * Runs the command; answers the exit code (0 done, 1 no such account or database busy, 2 usage).
 * `connection`: run on this `Db` instead of opening the configured database (tests on the
 * embedded database, whose one connection the test server holds).
 */
export async function accountPlanCommand(
  args: readonly string[],
  config: AppConfig,
  print: (line: string) => void = console.log,
  connection?: Db,
): Promise<number> {
  const [email, plan, ...rest] = args;
  if (!email || rest.length || !email.includes('@') || (plan !== undefined && !AccountPlansService.isPlan(plan))) {
    print(usage);
    return 2;
  }
  if (connection) return apply(connection, email, plan, print);
  return onConfiguredDatabase(config, print, (query) => apply(query, email, plan, print));
}

/**
 * Runs an operator command's `run` on the configured database (schema brought up to date first);
 * answers 1 with the reason when a server holds the embedded database. Shared by account:plan and
 * account:role.
 */
export async function onConfiguredDatabase(config: AppConfig, print: (line: string) => void, run: (db: Db) => Promise<number>): Promise<number> {
  let database: DatabaseHandle;
  try {
    database = await openDatabase(config.databaseUrl, config.dataDir, 1);
  } catch (err) {
    if (!(err instanceof DatabaseBusyError)) throw err;
    print(err.message);
    return 1;
  }
  // Two connections on PostgreSQL: runMigrations holds one for its advisory lock while the migrations run on another.
  const dataSource = new DataSource({ ...dataSourceOptions({ url: database.url, embedded: database.embedded, poolSize: 2 }), logging: false });
  try {
    await dataSource.initialize();
    await runMigrations(dataSource, database.embedded);
    // A command runs a few statements once: nothing to prepare.
    return await run(new Db(dataSource, { config: { databasePrepare: false } } as Pick<AppOptions, 'config'>));
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await database.close();
  }
}

async function apply(db: Db, email: string, plan: AccountPlan | undefined, print: (line: string) => void): Promise<number> {
  const address = email.trim().toLowerCase();
  if (plan === undefined) {
    const row = await db.row<{ plan: string }>(`SELECT plan FROM users WHERE email = :address`, { address });
    if (!row) {
      print(`No account has the address ${address}.`);
      return 1;
    }
    print(`${address}: ${row.plan}`);
    return 0;
  }
  const done = await setAccountPlan(db, address, plan);
  if (!done) {
    print(`No account has the address ${address}.`);
    return 1;
  }
  print(`${address}: ${done.previous} → ${plan}`);
  return 0;
}
