/**
 * `npm run account:role -- <email> [none|moderator|admin]`: the operator's command for an
 * account's moderation role (safety module's account_roles). With a role it sets it (`none`
 * removes it); without, it prints the current one. The same safety as account:plan: the server's
 * configuration, the schema brought up to date, and a refusal while a server holds the embedded
 * database (onConfiguredDatabase).
 */
import type { AppConfig } from './config/config';
import { onConfiguredDatabase } from './account-plan-command';
import type { Db } from './database/db';

export const ACCOUNT_ROLES = ['none', 'moderator', 'admin'] as const;
type Role = (typeof ACCOUNT_ROLES)[number];

// Printed on the operator's terminal (not an API message).
const usage = `Usage: npm run account:role -- <email> [${ACCOUNT_ROLES.join('|')}]`;

/** Answers the exit code (0 done, 1 no such account or database busy, 2 usage). `connection` as in accountPlanCommand. */
export async function accountRoleCommand(
  args: readonly string[],
  config: AppConfig,
  print: (line: string) => void = console.log,
  connection?: Db,
): Promise<number> {
  const [email, role, ...rest] = args;
  if (!email || rest.length || !email.includes('@') || (role !== undefined && !(ACCOUNT_ROLES as readonly string[]).includes(role))) {
    print(usage);
    return 2;
  }
  const run = (db: Db) => apply(db, email, role as Role | undefined, print);
  return connection ? run(connection) : onConfiguredDatabase(config, print, run);
}

async function apply(db: Db, email: string, role: Role | undefined, print: (line: string) => void): Promise<number> {
  const address = email.trim().toLowerCase();
  const user = await db.row<{ id: number; role: Role | null }>(
    `SELECT u.id, r.role FROM users u LEFT JOIN account_roles r ON r.user_id = u.id WHERE u.email = :address`,
    { address },
  );
  if (!user) {
    print(`No account has the address ${address}.`);
    return 1;
  }
  const previous = user.role ?? 'none';
  if (role === undefined) {
    print(`${address}: ${previous}`);
    return 0;
  }
  if (role === 'none') await db.exec(`DELETE FROM account_roles WHERE user_id = :userId`, { userId: user.id });
  else
    await db.exec(`INSERT INTO account_roles (user_id, role) VALUES (:userId, :role) ON CONFLICT (user_id) DO UPDATE SET role = EXCLUDED.role`, {
      userId: user.id,
      role,
    });
  print(`${address}: ${previous} → ${role}`);
  return 0;
}
