/**
 * `node dist/prepare.js`: brings the embedded database up to date (migrations, then the demo
 * content when SEED_DEMO is on) and exits. main.ts runs it as a child process before it opens
 * the embedded database itself, when the data directory is not prepared for this version yet.
 *
 * Why a child: PGlite's WebAssembly memory only grows. Index builds of the migrations and the
 * demo Books' generation grow it by 50-100 MB that the server would then carry for the rest of
 * its life (measured: idle RSS 327-375 MB after a first start in-process, 271 MB after a later
 * start). Done here, that memory leaves with the child; so does the generation of the demo
 * Books, which the child's own workers finish before it exits.
 */
import 'reflect-metadata';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createApp } from './bootstrap';
import { type AppConfig, loadConfig } from './config/config';
import { MIGRATIONS } from './database/entities';
import { DatabaseBusyError } from './database/data-dir-lock';
import { openDatabase } from './database/embedded-postgres';
import { seedDemo, seedDemoLife } from './database/seed';
import type { DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';

/** What a prepared data directory records: the migrations applied and whether the demo was seeded. */
export function preparedStamp(config: Pick<AppConfig, 'seedDemo'>): string {
  return `${MIGRATIONS.map((m) => m.name).join(',')}\nseed=${config.seedDemo}\n`;
}

export const stampFile = (config: Pick<AppConfig, 'dataDir'>) => path.join(config.dataDir, 'db', '.monobook-prepared');

/** True when the embedded database in DATA_DIR was prepared by this version with these settings. */
export function isPrepared(config: Pick<AppConfig, 'dataDir' | 'seedDemo'>): boolean {
  try {
    return fs.readFileSync(stampFile(config), 'utf8') === preparedStamp(config);
  } catch {
    return false;
  }
}

/** Waits (up to a minute) until no job is due: what is left over, the server's workers do. */
async function jobsDrained(db: DataSource, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const [{ n }] = await db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now()`,
    );
    if (n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function main(): Promise<void> {
  const loaded = loadConfig();
  // The server prints one line for this step: at the default level (info) only warnings and errors from here; debug and trace as asked.
  const config: AppConfig = { ...loaded, logLevel: loaded.logLevel === 'info' ? 'warn' : loaded.logLevel };
  if (config.databaseUrl) throw new Error('prepare.js is for the embedded database only');
  const database = await openDatabase(undefined, config.dataDir);
  try {
    // Workers only to turn the demo uploads into Books here rather than in the server.
    const app = await createApp({ config, database, runWorkers: config.seedDemo }); // runs the migrations
    await app.init();
    if (config.seedDemo) {
      if (await seedDemo(app)) {
        await jobsDrained(app.get<DataSource>(getDataSourceToken()));
        await seedDemoLife(app);
      }
      await jobsDrained(app.get<DataSource>(getDataSourceToken()));
    }
    await app.close();
  } finally {
    await database.close();
  }
  fs.writeFileSync(stampFile(config), preparedStamp(config));
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof DatabaseBusyError ? err.message : err);
      process.exit(1);
    },
  );
}
