import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import * as path from 'node:path';
import { type AppConfig, ConfigError, loadConfig } from './config/config';
import { DatabaseBusyError } from './database/data-dir-lock';
import { openDatabase } from './database/embedded-postgres';
import { createApp } from './bootstrap';
import { seedDemo, seedDemoLife } from './database/seed';
import { startupSummary } from './startup-summary';
import { isPrepared } from './prepare';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  if (!config.databaseUrl) prepareEmbedded(config);
  const database = await openDatabase(config.databaseUrl, config.dataDir, config.databasePoolSize);
  const app = await createApp({ config, database, runWorkers: config.runWorker });
  await app.init();
  // On a database of its own (DATABASE_URL) the server seeds; the demo's life follows once a worker has made its Books.
  if (config.seedDemo && (await seedDemo(app))) seedDemoLife(app).catch((err: unknown) => Logger.error(`Demo life not seeded: ${String(err)}`, 'Seed'));
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    Logger.log(`${signal} received, shutting down`, 'Main');
    const force = setTimeout(() => process.exit(1), 20_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  await app.listen(config.port, config.host);
  if (config.prettyLogs) console.log(startupSummary(config, database.embedded));
  else Logger.log(`Listening on http://localhost:${config.port} (${database.embedded ? 'embedded PGlite' : 'PostgreSQL'})`, 'Main');
}

/**
 * Migrations and the demo content of the embedded database run in a child process (prepare.ts),
 * so the memory they make PGlite grow is not this server's for the rest of its life. Skipped
 * when the data directory is already prepared for this version.
 */
function prepareEmbedded(config: AppConfig): void {
  const script = path.join(__dirname, 'prepare.js');
  if (isPrepared(config) || !fs.existsSync(script)) return;
  // One line for this step, as for the builds (the child logs from warnings up at the default level, prepare.ts).
  const started = Date.now();
  const line = 'Preparing the embedded database (migrations, demo content)';
  if (config.prettyLogs) console.log(`${line}…`);
  const result = spawnSync(process.execPath, [script], { stdio: 'inherit' }); // the child inherits this environment
  if (result.status !== 0) {
    console.error('Preparing the embedded database failed (see above).');
    process.exit(1);
  }
  if (config.prettyLogs) console.log(`${line}: done in ${Math.round((Date.now() - started) / 1000)} s`);
}

void main().catch((err) => {
  // Another process holds the embedded database: its message says which, and what to do.
  console.error(err instanceof DatabaseBusyError ? err.message : err);
  process.exit(1);
});
