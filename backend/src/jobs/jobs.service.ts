import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PgBoss } from 'pg-boss';
import { APP_OPTIONS, type AppOptions } from '../app-options';
import { Db, type Tx } from '../database/db';
import { listen, type ListenHandle } from './listener';

interface JobDefinition {
  handler: (data: object) => Promise<void>;
  retryLimit: number;
  cron?: string;
  /** A domain event whose subscriber this queue is (pg-boss's subscription table). */
  event?: string;
}

/** pg-boss's schema, and the channel its workers LISTEN on (pg-boss's notifyChannelSql for it). */
const SCHEMA = 'pgboss';
const CHANNEL_SQL = `('pgboss_' || left(encode(sha224('${SCHEMA}'::bytea), 'hex'), 24))`;

/**
 * One job per subscriber of `:event`, from the subscription table, with the queue's own settings, as
 * pg-boss's send() would write it (plans.insertJobs), and a NOTIFY per queue that commits with it.
 */
const PUBLISH_SQL = `
  WITH queued AS (
    INSERT INTO ${SCHEMA}.job (name, data, start_after, created_on, keep_until, expire_seconds, deletion_seconds,
                               retry_limit, retry_delay, retry_backoff, retry_delay_max, policy, dead_letter, heartbeat_seconds)
    SELECT q.name, :data::jsonb, ${SCHEMA}.job_now(), ${SCHEMA}.job_now(), ${SCHEMA}.job_now() + q.retention_seconds * interval '1s',
           q.expire_seconds, q.deletion_seconds, q.retry_limit, q.retry_delay, q.retry_backoff, q.retry_delay_max, q.policy,
           q.dead_letter, q.heartbeat_seconds
      FROM ${SCHEMA}.subscription s JOIN ${SCHEMA}.queue q ON q.name = s.name
     WHERE s.event = :event
    ON CONFLICT DO NOTHING
    RETURNING name
  )
  SELECT name, pg_notify(${CHANNEL_SQL}, name)::text AS notified FROM queued`;

/** For each of the given queues with jobs waiting: whether one is due now, or in how many seconds. */
const SWEEP_SQL = `
  SELECT name, extract(epoch FROM min(start_after) - ${SCHEMA}.job_now())::float8 AS wait
    FROM ${SCHEMA}.job
   WHERE name = ANY(:queues) AND state < 'active' AND NOT blocked
   GROUP BY name`;

/** A worker's own poll: only a backstop, the sweep below and NOTIFY wake it. */
const WORKER_POLL_SECONDS = 3600;
/**
 * A running job's heartbeat (pg-boss's `heartbeatSeconds`): its worker touches the job every half
 * of it, and the supervisor fails a job not touched for this long back to `retry`. A worker killed
 * mid-job (kill -9, a lost machine) then costs that job this many seconds plus one supervisor
 * pass, not the 15 minutes of the job's expiry.
 */
export const JOB_HEARTBEAT_SECONDS = 20;
/** The sweep's interval while the LISTEN connection is down. */
const SWEEP_WITHOUT_LISTENER_SECONDS = 2;

/**
 * Durable background jobs on pg-boss, in the application's own database (and, with the embedded
 * PGlite, over the application's single connection). Handlers are registered by the modules;
 * workers run in the API process unless RUN_WORKER=false, and always in `worker.ts`.
 *
 * Waking up: every queue has pg-boss's `notify` on, so a job's INSERT sends a NOTIFY in its own
 * transaction (none for a rollback), and the process's one LISTEN connection wakes the worker of
 * that queue: a job is fetched as soon as it commits, and an idle worker sends nothing. A worker
 * that handled a job fetches again at once, until its queue is empty. What no notification
 * announces (a retry coming due after its backoff, a job left active by a process that died, one
 * committed while the listener was reconnecting) is found by one sweep over all of the process's
 * queues every JOBS_POLL_SECONDS (sooner when a retry is due earlier): one statement, however
 * many queues, where pg-boss's own per-worker polling costs a statement per queue and interval.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly definitions = new Map<string, JobDefinition>();
  /** Queue → its worker's id in pg-boss (workers in this process only). */
  private readonly workers = new Map<string, string>();
  private boss?: PgBoss;
  private listening = false;
  private sweepTimer?: NodeJS.Timeout;
  private sweepAt = Infinity;
  private sweeping?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly db: Db,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
  ) {}

  /** Declare a queue and its handler. Call from a constructor or onModuleInit. */
  define<T extends object>(name: string, handler: (data: T) => Promise<void>, opts: { retryLimit?: number; cron?: string } = {}): void {
    this.definitions.set(name, { handler: handler as (data: object) => Promise<void>, retryLimit: opts.retryLimit ?? 5, cron: opts.cron });
  }

  /**
   * Declare queue `queue` as a subscriber of domain event `event` (EventsService.subscribe): at
   * start the subscription is written to the database, so every process publishing `event` —
   * one running older code included — queues a job for it.
   */
  defineSubscriber<T extends object>(event: string, queue: string, handler: (data: T) => Promise<void>, opts: { retryLimit?: number } = {}): void {
    this.definitions.set(queue, { handler: handler as (data: object) => Promise<void>, retryLimit: opts.retryLimit ?? 5, event });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.options.database) return; // OpenAPI generation: no database at all
    const url = this.options.database.url;
    this.boss = new PgBoss({
      db: {
        // pg-boss's own statements (positional, its texts) on the application's pool.
        ...this.db.foreignExecutor(),
        listen: (channel: string, onNotification: (payload: string) => void, onReconnect: () => void): Promise<ListenHandle> =>
          listen(
            url,
            channel,
            onNotification,
            () => (onReconnect(), this.sweepSoon(0)),
            (up) => this.listenerState(up),
          ),
      },
      backend: this.options.database.embedded ? 'pglite' : 'postgres',
      schedule: this.options.runWorkers,
      supervise: this.options.runWorkers,
      useListenNotify: this.options.runWorkers,
      // pg-boss's own loops, one statement each per interval whatever the number of queues: the
      // worker that turns cron schedules into jobs (our crons run every 10 minutes and daily),
      // and the flow pass (no flows here); 5 s each by default.
      cronWorkerIntervalSeconds: Math.min(45, this.options.config.jobsPollSeconds),
      // The supervisor's pass (expired jobs, jobs whose heartbeat stopped): twice the sweep's
      // interval, pg-boss's 60 s by default.
      superviseIntervalSeconds: 2 * this.options.config.jobsPollSeconds,
      monitorIntervalSeconds: 2 * this.options.config.jobsPollSeconds,
      flowIntervalSeconds: this.options.config.jobsPollSeconds,
    } as ConstructorParameters<typeof PgBoss>[0]);
    this.boss.on('error', (err: unknown) => this.logger.error({ err }, 'pg-boss error'));
    this.boss.on('warning', (warning: unknown) => this.logger.warn({ warning }, 'pg-boss warning'));
    await this.boss.start();
    await this.createQueues();
    if (!this.options.runWorkers) return;
    for (const [name, def] of this.definitions) {
      const id = await this.boss.work(
        name,
        { pollingIntervalSeconds: WORKER_POLL_SECONDS, notifyPollingIntervalSeconds: WORKER_POLL_SECONDS, batchSize: 1 },
        async (jobs: Array<{ data: object }>) => {
          try {
            for (const job of jobs) await def.handler(job.data);
          } catch (err) {
            this.sweepSoon(1); // learn when its retry is due
            throw err;
          } finally {
            // Fetch again at once: jobs committed together sent one notification between them.
            const worker = this.workers.get(name);
            if (worker) this.boss?.notifyWorker(worker);
          }
        },
      );
      this.workers.set(name, id);
      if (def.cron) await this.boss.schedule(name, def.cron, {});
    }
    this.sweepSoon(this.listening ? this.options.config.jobsPollSeconds : SWEEP_WITHOUT_LISTENER_SECONDS);
    // Debug: at the default level `npm start` shows its build lines and the summary, nothing else.
    this.logger.debug(`workers running for ${[...this.definitions.keys()].join(', ')}`);
  }

  /**
   * Creates the queues this process defines, with `notify` on (turned on where an older version
   * created them without), and writes this process's subscriptions.
   */
  private async createQueues(): Promise<void> {
    const boss = this.boss!;
    const names = [...this.definitions.keys()];
    const existing = new Map((await boss.getQueues(names)).map((q) => [q.name, q]));
    for (const [name, def] of this.definitions) {
      const queue = existing.get(name);
      if (!queue)
        await boss.createQueue(name, { retryLimit: def.retryLimit, retryDelay: 5, retryBackoff: true, notify: true, heartbeatSeconds: JOB_HEARTBEAT_SECONDS });
      else if (!queue.notify || queue.heartbeatSeconds !== JOB_HEARTBEAT_SECONDS)
        await boss.updateQueue(name, { notify: true, heartbeatSeconds: JOB_HEARTBEAT_SECONDS });
      if (def.event) await boss.subscribe(def.event, name);
      // Warms pg-boss's queue cache now: a cold cache makes send() look the queue up on a pooled
      // connection, which inside a transaction on the one-connection embedded database waits forever.
      await boss.getJobById(name, '00000000-0000-0000-0000-000000000000');
    }
  }

  private listenerState(up: boolean): void {
    const was = this.listening;
    this.listening = up;
    if (was && !up) this.sweepSoon(SWEEP_WITHOUT_LISTENER_SECONDS);
  }

  /** The next sweep in `seconds`, unless one is due sooner. */
  private sweepSoon(seconds: number): void {
    if (this.stopped || !this.options.runWorkers) return;
    const at = Date.now() + seconds * 1000;
    if (this.sweepTimer && at >= this.sweepAt) return;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepAt = at;
    this.sweepTimer = setTimeout(
      () => {
        this.sweepTimer = undefined;
        this.sweepAt = Infinity;
        this.sweeping = this.sweep().catch((err: unknown) => this.logger.error({ err }, 'job sweep failed'));
      },
      Math.max(0, seconds * 1000),
    );
    this.sweepTimer.unref();
  }

  /** One statement: wakes the workers of queues with a job due, and plans the next sweep. */
  private async sweep(): Promise<void> {
    const poll = this.listening ? this.options.config.jobsPollSeconds : SWEEP_WITHOUT_LISTENER_SECONDS;
    try {
      const rows = await this.db.rows<{ name: string; wait: number }>(SWEEP_SQL, { queues: [...this.workers.keys()] });
      let next = poll;
      for (const { name, wait } of rows) {
        const worker = this.workers.get(name);
        if (wait <= 0 && worker) this.boss?.notifyWorker(worker);
        else if (wait > 0) next = Math.min(next, wait + 0.05);
      }
      this.sweepSoon(next);
    } catch (err) {
      this.sweepSoon(poll);
      throw err;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    await this.sweeping;
    await this.boss?.stop({ graceful: true, timeout: 10_000 });
  }

  /**
   * Enqueue a job. Pass an open transaction to enqueue atomically with the rows written in it.
   */
  async send(name: string, data: object, tx?: Tx): Promise<void> {
    if (!this.boss) throw new Error('job queue not started');
    // In a transaction: its own connection, so the job commits or rolls back with it.
    await this.boss.send(name, data, tx?.queryRunner ? { db: this.db.foreignExecutor(tx) } : {});
  }

  /**
   * Queues a job for every subscriber of `event` in the database — whichever process registered
   * it — in transaction `tx`: one statement, whose NOTIFYs wake the subscribers' workers when it
   * commits. Answers the queues.
   */
  async publish(event: string, data: object, tx: Tx): Promise<string[]> {
    const rows = await this.db.rows<{ name: string }>(PUBLISH_SQL, { event, data: JSON.stringify(data) }, tx);
    return rows.map((row) => row.name);
  }
}
