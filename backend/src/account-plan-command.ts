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
import type { AppConfig } from './config/config';
import { runMigrations } from './bootstrap';
import { dataSourceOptions } from './database/data-source-options';
import { DatabaseBusyError } from './database/data-dir-lock';
import { type DatabaseHandle, openDatabase } from './database/embedded-postgres';
import { AccountPlansService, setAccountPlan } from './modules/auth/account-plans.service';
import { ACCOUNT_PLANS, type AccountPlan } from './modules/auth/entities/user.entity';

// Printed on the operator's terminal (not an API message).
const usage = `Usage: npm run account:plan -- <email> [${ACCOUNT_PLANS.join('|')}]`;

export type Query = (text: string, params: unknown[]) => Promise<unknown>;

/** DataSource.query answers [rows, count] for an UPDATE … RETURNING: the rows either way. */
export const rowsOf = <T>(answer: unknown): T[] => (Array.isArray(answer) && Array.isArray(answer[0]) ? answer[0] : answer) as T[];

/**
 * Runs the command; answers the exit code (0 done, 1 no such account or database busy, 2 usage).
 * `connection`: run on this connection instead of opening the configured database (tests on the
 * embedded database, whose one connection the test server holds).
 */
export async function accountPlanCommand(
  args: readonly string[],
  config: AppConfig,
  print: (line: string) => void = console.log,
  connection?: Query,
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
export async function onConfiguredDatabase(config: AppConfig, print: (line: string) => void, run: (query: Query) => Promise<number>): Promise<number> {
  let database: DatabaseHandle;
  try {
    database = await openDatabase(config.databaseUrl, config.dataDir, 1);
  } catch (err) {
    if (!(err instanceof DatabaseBusyError)) throw err;
    print(err.message);
    return 1;
  }
  // Two connections on PostgreSQL: runMigrations holds one for its advisory lock while the migrations run on another.
  const db = new DataSource({ ...dataSourceOptions({ url: database.url, embedded: database.embedded, poolSize: 2 }), logging: false });
  try {
    await db.initialize();
    await runMigrations(db, database.embedded);
    return await run((text, params) => db.query(text, params));
  } finally {
    if (db.isInitialized) await db.destroy();
    await database.close();
  }
}

async function apply(query: Query, email: string, plan: AccountPlan | undefined, print: (line: string) => void): Promise<number> {
  const address = email.trim().toLowerCase();
  if (plan === undefined) {
    const rows = rowsOf<{ plan: string }>(await query(`SELECT plan FROM users WHERE email = $1`, [address]));
    if (!rows.length) {
      print(`No account has the address ${address}.`);
      return 1;
    }
    print(`${address}: ${rows[0].plan}`);
    return 0;
  }
  const done = await setAccountPlan(async (text, params) => rowsOf(await query(text, params)), address, plan);
  if (!done) {
    print(`No account has the address ${address}.`);
    return 1;
  }
  print(`${address}: ${done.previous} → ${plan}`);
  return 0;
}
