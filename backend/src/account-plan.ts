/**
 * `npm run account:plan -- <email> [plan]` (see account-plan-command.ts): sets or shows the plan
 * of an account, with the server's configuration.
 */
import 'reflect-metadata';
import { accountPlanCommand } from './account-plan-command';
import { type AppConfig, ConfigError, loadConfig } from './config/config';

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
