/**
 * `npm run account:role -- <email> [role]` (see account-role-command.ts): sets or shows the role
 * of an account, with the server's configuration.
 */
import 'reflect-metadata';
import { accountRoleCommand } from './account-role-command';
import { type AppConfig, ConfigError, loadConfig } from './config/config';

let config: AppConfig;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`Configuration error: ${err.message}`);
  process.exit(2);
}
accountRoleCommand(process.argv.slice(2), config).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
