import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import * as path from 'node:path';
import { type AppConfig, ConfigError, loadConfig } from './config/config';
import { openDatabase } from './database/embedded-postgres';
import { createApp } from './bootstrap';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo, seedDemoLife } from './database/seed';
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
  const result = spawnSync(process.execPath, [script], { stdio: 'inherit' }); // the child inherits this environment
  if (result.status !== 0) {
    console.error('Preparing the embedded database failed (see above).');
    process.exit(1);
  }
}

/** What a person at a terminal needs after `npm start`: where to go, where the data and the mail are. */
function startupSummary(config: AppConfig, embedded: boolean): string {
  const local = (dir: string) => {
    const relative = path.relative(process.cwd(), dir);
    return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? `./${relative}` : dir;
  };
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const db = embedded
    ? `embedded PGlite in ${local(path.join(config.dataDir, 'db'))}`
    : (() => {
        const url = new URL(config.databaseUrl!);
        return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
      })();
  const mail = config.mail.smtpUrl
    ? `SMTP ${new URL(config.mail.smtpUrl).host}`
    : `.eml files in ${local(config.mail.outboxDir)}`;
  const files = config.storage.driver === 's3' ? `S3 bucket ${config.storage.s3.bucket}` : local(config.storage.localDir);
  return [
    '',
    `Monobook is running at http://${host}:${config.port}`,
    `  database  ${db}`,
    `  mail      ${mail}`,
    `  files     ${files}`,
    `  API docs  http://${host}:${config.port}/api/docs`,
    `  logs      level ${config.logLevel} (LOG_LEVEL=warn hides the request lines, LOG_FORMAT=json for JSON)`,
    // The demo users exist only in a database they were seeded into; SEED_DEMO=false has none.
    ...(config.seedDemo ? [`  demo      ${DEMO_USERS.map((u) => u.email).join(', ')} (password ${DEMO_PASSWORD})`] : []),
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
