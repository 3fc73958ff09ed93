import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PgBoss } from 'pg-boss';
import type { Pool } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { APP_OPTIONS, type AppOptions } from '../app-options';

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

interface JobDefinition {
  handler: (data: object) => Promise<void>;
  retryLimit: number;
  cron?: string;
}

/**
 * Durable background jobs on pg-boss, in the application's own database (and, with the embedded
 * PGlite, over the application's single connection). Handlers are registered by the modules;
 * workers run in the API process unless RUN_WORKER=false, and always in `worker.ts`.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly definitions = new Map<string, JobDefinition>();
  private boss?: PgBoss;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
  ) {}

  /** Declare a queue and its handler. Call from a constructor or onModuleInit. */
  define<T extends object>(name: string, handler: (data: T) => Promise<void>, opts: { retryLimit?: number; cron?: string } = {}): void {
    this.definitions.set(name, { handler: handler as (data: object) => Promise<void>, retryLimit: opts.retryLimit ?? 5, cron: opts.cron });
  }

  private pool(): Pool {
    return (this.dataSource.driver as unknown as { master: Pool }).master;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.options.database) return; // OpenAPI generation: no database at all
    const pool = this.pool();
    this.boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values as unknown[]) },
      backend: this.options.database.embedded ? 'pglite' : 'postgres',
      schedule: this.options.runWorkers,
      supervise: this.options.runWorkers,
    } as ConstructorParameters<typeof PgBoss>[0]);
    this.boss.on('error', (err: unknown) => this.logger.error({ err }, 'pg-boss error'));
    await this.boss.start();
    for (const [name, def] of this.definitions) {
      await this.boss.createQueue(name, { retryLimit: def.retryLimit, retryDelay: 5, retryBackoff: true });
      // Warms pg-boss's queue cache now: a cold cache makes send() look the queue up on a pooled
      // connection, which inside a transaction on the one-connection embedded database waits forever.
      await this.boss.getJobById(name, '00000000-0000-0000-0000-000000000000');
    }
    if (!this.options.runWorkers) return;
    for (const [name, def] of this.definitions) {
      await this.boss.work(name, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs: Array<{ data: object }>) => {
        for (const job of jobs) await def.handler(job.data);
      });
      if (def.cron) await this.boss.schedule(name, def.cron, {});
    }
    this.logger.log(`workers running for ${[...this.definitions.keys()].join(', ')}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.boss?.stop({ graceful: true, timeout: 10_000 });
  }

  /**
   * Enqueue a job. Pass the EntityManager of an open transaction to enqueue atomically with
   * the rows written in it.
   */
  async send(name: string, data: object, manager?: EntityManager): Promise<void> {
    if (!this.boss) throw new Error('job queue not started');
    let db: SqlExecutor | undefined;
    if (manager?.queryRunner) {
      // The transaction's own pg client, so the job commits or rolls back with it.
      const client = (await manager.queryRunner.connect()) as { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
      db = { executeSql: (text, values) => client.query(text, values) };
    }
    await this.boss.send(name, data, db ? { db } : {});
  }
}
