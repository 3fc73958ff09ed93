/**
 * `npm run account:plan -- <email> [plan]`: the operator's command for an account's plan.
 * With a plan (`free`, `basic`, `premium`, `enterprise`) it sets it; without, it prints the
 * current one. It uses the server's configuration (DATABASE_URL, or the embedded database in
 * DATA_DIR) and brings the schema up to date first, as the server would.
 *
 * The embedded database is one process's: while a server runs on it (its PORT answers), the
 * command refuses and asks to stop the server first. With DATABASE_URL it runs beside servers.
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { type AppConfig, ConfigError, loadConfig } from './config/config';
import { runMigrations } from './bootstrap';
import { dataSourceOptions } from './database/data-source-options';
import { openDatabase } from './database/embedded-postgres';
import { AccountPlansService, setAccountPlan } from './modules/auth/account-plans.service';
import { ACCOUNT_PLANS } from './modules/auth/entities/user.entity';

export const USAGE = `Usage: npm run account:plan -- <email> [${ACCOUNT_PLANS.join('|')}]`;

async function serverAnswers(config: AppConfig): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}/healthz`, { signal: AbortSignal.timeout(1500) });
    return res.status < 500;
  } catch {
    return false;
  }
}

/** Runs the command; answers the exit code (0 done, 1 no such account or database busy, 2 usage). */
export async function accountPlanCommand(args: readonly string[], config: AppConfig, print: (line: string) => void = console.log): Promise<number> {
  const [email, plan, ...rest] = args;
  if (!email || rest.length || !email.includes('@') || (plan !== undefined && !AccountPlansService.isPlan(plan))) {
    print(USAGE);
    return 2;
  }
  if (!config.databaseUrl && (await serverAnswers(config))) {
    print(`A server is running on port ${config.port} with the embedded database in ${config.dataDir}. Stop it first (the embedded database is one process's), then run this again.`);
    return 1;
  }
  const database = await openDatabase(config.databaseUrl, config.dataDir, 1);
  const db = new DataSource({ ...dataSourceOptions({ url: database.url, embedded: database.embedded, poolSize: 1 }), logging: false });
  try {
    await db.initialize();
    await runMigrations(db, database.embedded);
    const address = email.trim().toLowerCase();
    if (plan === undefined) {
      const rows: Array<{ plan: string }> = await db.query(`SELECT plan FROM users WHERE email = $1`, [address]);
      if (!rows.length) {
        print(`No account has the address ${address}.`);
        return 1;
      }
      print(`${address}: ${rows[0].plan}`);
      return 0;
    }
    const done = await setAccountPlan(async (text, params) => {
      // DataSource.query answers [rows, count] for an UPDATE … RETURNING.
      const answer: unknown = await db.query(text, params);
      return (Array.isArray(answer) && Array.isArray(answer[0]) ? answer[0] : answer) as Array<{ id: number; previous: string }>;
    }, address, plan);
    if (!done) {
      print(`No account has the address ${address}.`);
      return 1;
    }
    print(`${address}: ${done.previous} → ${plan}`);
    return 0;
  } finally {
    if (db.isInitialized) await db.destroy();
    await database.close();
  }
}

if (require.main === module) {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`Configuration error: ${err.message}`);
    process.exit(2);
  }
  accountPlanCommand(process.argv.slice(2), config).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
