import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The journey server's database URL when it runs on PostgreSQL (scripts/e2e-server.mjs leaves it
 * in its DATA_DIR), or undefined on the embedded database (the server's alone: an operator
 * command refuses beside a running server) or against E2E_BASE_URL.
 */
export function operatorDatabaseUrl(): string | undefined {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir || process.env.E2E_BASE_URL) return undefined;
  const file = path.join(dir, 'database-url');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : undefined;
}

/** `npm run account:role -- <email> <role>` as an operator runs it (the built command), on the journey server's database. */
export function accountRole(databaseUrl: string, email: string, role: 'none' | 'moderator' | 'admin'): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'monobook-operator-'));
  try {
    const command = fileURLToPath(new URL('../../../backend/dist/account-role.js', import.meta.url));
    return execFileSync(process.execPath, [command, email, role], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
