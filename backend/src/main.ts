import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from './config/config';
import { openDatabase } from './database/embedded-postgres';
import { createApp } from './bootstrap';
import { seedDemo } from './database/seed';

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
  const database = await openDatabase(config.databaseUrl, config.dataDir, config.databasePoolSize);
  const app = await createApp({ config, database, runWorkers: config.runWorker });
  await app.init();
  if (config.seedDemo) await seedDemo(app);
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
  Logger.log(`Listening on http://localhost:${config.port} (${database.embedded ? 'embedded PGlite' : 'PostgreSQL'})`, 'Main');
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
