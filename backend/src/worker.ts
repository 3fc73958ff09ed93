import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger as PinoLogger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { runMigrations } from './database/run-migrations';
import { loadConfig } from './config/config';
import { openDatabase } from './database/embedded-postgres';

/** Background jobs only (mail, account purge, Book generation); scale separately from the API. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    // The embedded database can be opened by one process only: the API runs the jobs itself.
    console.error('The worker needs DATABASE_URL (PostgreSQL); with the embedded database the API process runs the jobs.');
    process.exit(2);
  }
  const database = await openDatabase(config.databaseUrl, config.dataDir, config.databasePoolSize);
  const app = await NestFactory.createApplicationContext(AppModule.register({ config, database, runWorkers: true }), { bufferLogs: true });
  await runMigrations(app.get(DataSource), false);
  app.useLogger(app.get(PinoLogger));
  app.enableShutdownHooks();
  await app.init();
  Logger.log('Worker running', 'Worker');
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
