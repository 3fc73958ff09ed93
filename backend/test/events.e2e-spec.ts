import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { getDataSourceToken } from '@nestjs/typeorm';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap';
import type { DomainEventName, DomainEvents } from '../src/common/events/domain-events';
import { EventsService } from '../src/common/events/events.service';
import { loadConfig } from '../src/config/config';
import type { DatabaseHandle } from '../src/database/embedded-postgres';
import { JobsService } from '../src/jobs/jobs.service';
import { createBook, createUser } from './helpers/factories';
import { auth, freshDatabase } from './helpers/test-app';

type Followed = DomainEvents['book.followed'];

/**
 * Durable events: a follow commits together with its event; a rolled-back change sends none;
 * an event committed by a process that stops before handling it is handled by the next
 * process, exactly once, however often it is delivered.
 */
describe('durable domain events', () => {
  let database: DatabaseHandle;
  let dataDir: string;
  const calls: Followed[] = [];

  beforeAll(async () => {
    database = await freshDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-events-'));
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** An app with a test subscriber to book.followed whose effect has a unique key. */
  async function start(runWorkers: boolean): Promise<NestFastifyApplication> {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://app.test',
      SEED_DEMO: 'false',
      SERVE_FRONTEND: 'false',
      RUN_WORKER: String(runWorkers),
    });
    const app = await createApp({ config, database, runWorkers });
    const db = app.get<DataSource>(getDataSourceToken());
    app.get(EventsService).subscribe('book.followed', 'test-effects', async (payload) => {
      calls.push(payload);
      await db.query(`INSERT INTO test_event_effects (user_id, book_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [payload.userId, payload.bookId]);
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    await db.query(`CREATE TABLE IF NOT EXISTS test_event_effects (user_id int, book_id int, PRIMARY KEY (user_id, book_id))`);
    return app;
  }

  async function effects(app: NestFastifyApplication): Promise<Array<{ user_id: number; book_id: number }>> {
    return app.get<DataSource>(getDataSourceToken()).query(`SELECT user_id, book_id FROM test_event_effects ORDER BY user_id, book_id`);
  }

  async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('sends nothing when the publishing transaction rolls back', async () => {
    const app = await start(true);
    try {
      const db = app.get<DataSource>(getDataSourceToken());
      const events = app.get(EventsService);
      await expect(
        db.transaction(async (tx) => {
          await events.publish('book.followed', { userId: 900, bookId: 900 }, tx);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      await db.transaction((tx) => events.publish('book.followed', { userId: 901, bookId: 901 }, tx));
      await waitFor(async () => (await effects(app)).length > 0, 'the committed event');
      await new Promise((r) => setTimeout(r, 1500)); // time enough for a wrongly queued job to run too
      expect(await effects(app)).toEqual([{ user_id: 901, book_id: 901 }]);
      expect(calls.filter((c) => c.userId === 900)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('refuses to publish outside a transaction', async () => {
    const app = await start(false);
    try {
      const db = app.get<DataSource>(getDataSourceToken());
      await expect(app.get(EventsService).publish('book.followed', { userId: 1, bookId: 1 }, db.manager)).rejects.toThrow(/inside the caller's transaction/);
    } finally {
      await app.close();
    }
  });

  it('handles an event committed before a stop exactly once after the restart, even when delivered twice', async () => {
    // The process that commits the follow stops before any worker sees the event.
    const api = await start(false);
    const owner = await createUser(api, { nickName: 'Owner' });
    const follower = await createUser(api, { nickName: 'Follower' });
    const bookId = await createBook(api, { contributors: [owner.userId] });
    await request(api.getHttpServer()).post('/api/user/followingpage/').set(auth(follower.token)).send({ pageId: bookId }).expect(201);
    expect(await effects(api)).toEqual([{ user_id: 901, book_id: 901 }]);
    await api.close();

    const worker = await start(true);
    try {
      await waitFor(async () => (await effects(worker)).some((e) => e.book_id === bookId), 'the follow event after the restart');
      // At-least-once delivery: the same event again changes nothing.
      await worker.get(JobsService).send('event.book.followed.test-effects', { userId: follower.userId, bookId });
      await waitFor(async () => calls.filter((c) => c.bookId === bookId).length >= 2, 'the redelivery');
      expect((await effects(worker)).filter((e) => e.book_id === bookId)).toEqual([{ user_id: follower.userId, book_id: bookId }]);
    } finally {
      await worker.close();
    }
  });
});

/**
 * Statements sent on every connection of this process (node-postgres's Client.prototype.query:
 * the pool, pg-boss through it, the LISTEN connection), from `start()` on.
 */
function statementCounter(): { start(): void; stop(): number } {
  const proto = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let count = 0;
  return {
    start() {
      count = 0;
      proto.query = function (this: unknown, ...args: unknown[]) {
        count++;
        return original.apply(this, args);
      };
    },
    stop() {
      proto.query = original;
      return count;
    },
  };
}

const ALL_EVENTS: DomainEventName[] = [
  'book.generated',
  'book.posted',
  'book.followed',
  'book.owned',
  'profile.updated',
  'post.liked',
  'post.commented',
  'post.reposted',
  'user.followed',
  'user.follow_requested',
];

/**
 * Several processes on one database (a rolling deploy: an API still running older code beside a
 * newer worker). The subscribers of an event are the database's, not the publisher's; a job wakes
 * its worker when it commits, and an idle worker process costs the database a few statements a
 * minute, however many queues it has. On the embedded database the instances share its one
 * session, so they run without named prepared statements (DATABASE_PREPARE=false: their names
 * would collide).
 */
describe('events and jobs across processes', () => {
  let database: DatabaseHandle;
  let dataDir: string;
  const running: NestFastifyApplication[] = [];

  beforeAll(async () => {
    database = await freshDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-events-x-'));
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(async () => {
    for (const app of running.splice(0).reverse()) await app.close();
  });

  async function start(runWorkers: boolean, register: (app: NestFastifyApplication) => void = () => undefined): Promise<NestFastifyApplication> {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://app.test',
      SEED_DEMO: 'false',
      SERVE_FRONTEND: 'false',
      RUN_WORKER: String(runWorkers),
      DATABASE_PREPARE: 'false',
    });
    const app = await createApp({ config, database, runWorkers });
    running.push(app);
    register(app);
    await app.init();
    return app;
  }

  const publish = <K extends DomainEventName>(app: NestFastifyApplication, name: K, payload: DomainEvents[K]) =>
    app.get<DataSource>(getDataSourceToken()).transaction((tx) => app.get(EventsService).publish(name, payload, tx));

  async function waitFor(check: () => boolean, what: string, ms = 20_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('delivers an event published by one instance to a subscriber that only another, newer instance has, and nothing of a rolled-back publish', async () => {
    const older = await start(true); // knows no subscriber "only-in-newer"
    const delivered: Array<DomainEvents['book.posted']> = [];
    await start(true, (app) => app.get(EventsService).subscribe('book.posted', 'only-in-newer', async (p) => void delivered.push(p)));
    expect(older.get(EventsService).subscribers('book.posted')).not.toContain('event.book.posted.only-in-newer');

    const db = older.get<DataSource>(getDataSourceToken());
    await expect(
      db.transaction(async (tx) => {
        await older.get(EventsService).publish('book.posted', { bookId: 1, userId: 1 }, tx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const committed = Date.now();
    await publish(older, 'book.posted', { bookId: 2, userId: 2 });
    await waitFor(() => delivered.length > 0, 'the event in the other instance');
    expect(Date.now() - committed).toBeLessThan(1000); // woken by the commit, not by a 30 s poll
    await new Promise((r) => setTimeout(r, 1000));
    expect(delivered).toEqual([{ bookId: 2, userId: 2 }]);
  });

  it('wakes the worker of a plain job queue in another instance when the job commits', async () => {
    const done: number[] = [];
    await start(true, (app) => app.get(JobsService).define<{ n: number }>('test-plain-jobs', async ({ n }) => void done.push(n)));
    const sender = await start(false);
    const sent = Date.now();
    await sender.get<DataSource>(getDataSourceToken()).transaction((tx) => sender.get(JobsService).send('test-plain-jobs', { n: 7 }, tx));
    await waitFor(() => done.length > 0, 'the job');
    expect(Date.now() - sent).toBeLessThan(1000);
    expect(done).toEqual([7]);
  });

  it('handles events within a second (p50) of their commit with 30 subscriber queues', async () => {
    const committedAt = new Map<number, number>();
    const handled: Array<[number, number]> = []; // [event, when its handler started]
    const worker = await start(true, (app) => {
      for (let i = 0; i < 30; i++) {
        app.get(EventsService).subscribe(ALL_EVENTS[i % ALL_EVENTS.length], `latency-${i}`, async (payload) => {
          handled.push([(payload as { bookId: number }).bookId, Date.now()]);
        });
      }
    });
    const api = await start(false);
    // Every job waiting was fetched at start: from here on only notifications wake the workers.
    await new Promise((r) => setTimeout(r, 500));
    const events = 20;
    for (let i = 0; i < events; i++) {
      const name = ALL_EVENTS[i % ALL_EVENTS.length];
      await publish(api, name, {
        bookId: i,
        userId: 1,
        postId: 1,
        authorId: 1,
        likeId: 1,
        commentId: 1,
        repostId: 1,
        fileId: 1,
        followerId: 1,
        followedId: 1,
        requestId: 1,
        fromId: 1,
        toId: 1,
        joinedExisting: false,
        source: 'free',
        sex: 'm',
      } as never);
      committedAt.set(i, Date.now());
      await new Promise((r) => setTimeout(r, 50));
    }
    await waitFor(() => handled.length >= events * 3, 'every delivery');
    expect(
      worker
        .get(EventsService)
        .subscribers('book.followed')
        .filter((queue) => queue.includes('.latency-')),
    ).toHaveLength(3);
    // A handler may start before the publisher's await of the COMMIT has resumed: that counts as 0.
    const sorted = handled.map(([event, at]) => Math.max(0, at - committedAt.get(event)!)).sort((a, b) => a - b);
    expect(sorted).toHaveLength(events * 3);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(1000);
  });

  it('retries a failed handler after its backoff, with no notification to wake it', async () => {
    let calls = 0;
    await start(true, (app) =>
      app.get(EventsService).subscribe('book.owned', 'fails-once', async () => {
        if (++calls === 1) throw new Error('not yet');
      }),
    );
    await publish(running[0], 'book.owned', { userId: 1, bookId: 1, source: 'free' });
    await waitFor(() => calls >= 2, 'the retry', 30_000); // retryDelay 5 s: found by the sweep, not the 30 s poll
    expect(calls).toBe(2);
  });

  // PostgreSQL only: PGlite has one session, no backend of its own to end for the listener.
  (process.env.DATABASE_URL ? it : it.skip)('still delivers when the LISTEN connection is cut, and listens again', async () => {
    const delivered: number[] = [];
    const worker = await start(true, (app) => app.get(EventsService).subscribe('book.owned', 'survives-cut', async (p) => void delivered.push(p.bookId)));
    const db = worker.get<DataSource>(getDataSourceToken());
    const cut = await db.query(`SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`);
    expect(cut).toEqual([{ ok: true }]);
    await publish(worker, 'book.owned', { userId: 1, bookId: 1, source: 'free' }); // maybe while it reconnects
    await waitFor(() => delivered.includes(1), 'the event published around the cut', 10_000);
    const listening = async () =>
      (await db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`))[0].n;
    await new Promise((r) => setTimeout(r, 2500)); // the first reconnection is 1 s after the cut
    expect(await listening()).toBe(1);
    const sent = Date.now();
    await publish(worker, 'book.owned', { userId: 1, bookId: 2, source: 'free' });
    await waitFor(() => delivered.includes(2), 'the event after the reconnection');
    expect(Date.now() - sent).toBeLessThan(1000);
  });

  it('sends a bounded number of statements at idle, no more with 60 subscriber queues than with none', async () => {
    const idleStatements = async (queues: number): Promise<number> => {
      await start(true, (app) => {
        for (let i = 0; i < queues; i++) app.get(EventsService).subscribe(ALL_EVENTS[i % ALL_EVENTS.length], `idle-${i}`, async () => undefined);
      });
      await new Promise((r) => setTimeout(r, 1500)); // the workers' first fetch
      const counter = statementCounter();
      counter.start();
      await new Promise((r) => setTimeout(r, 5000));
      const count = counter.stop();
      for (const app of running.splice(0).reverse()) await app.close();
      return count;
    };
    // Before: every queue polled every 0.5 s, 2 statements a second per queue (some 600 here).
    const none = await idleStatements(0);
    const sixty = await idleStatements(60);
    expect(none).toBeLessThanOrEqual(12);
    expect(sixty).toBeLessThanOrEqual(12);
    // (and the counter does see the application's statements: a publish is BEGIN, INSERT, COMMIT)
    const app = await start(false);
    const counter = statementCounter();
    counter.start();
    await publish(app, 'book.owned', { userId: 1, bookId: 1, source: 'free' });
    expect(counter.stop()).toBeGreaterThanOrEqual(3);
  });
});
