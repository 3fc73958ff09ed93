/**
 * The entry of an operator command (`npm run account:plan`, `npm run account:role`): loads the
 * server's configuration (exit 2 on a configuration error), runs the command, exits with its code.
 */
import 'reflect-metadata';
import { type AppConfig, ConfigError, loadConfig } from './config/config';

export function runOperatorCommand(command: (args: string[], config: AppConfig) => Promise<number>): void {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`Configuration error: ${err.message}`);
    process.exit(2);
  }
  command(process.argv.slice(2), config).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
