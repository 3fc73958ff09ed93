import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getDataSourceToken } from '@nestjs/typeorm';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap';
import type { DomainEvents } from '../src/common/events/domain-events';
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
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://app.test', SEED_DEMO: 'false', SERVE_FRONTEND: 'false', RUN_WORKER: String(runWorkers) });
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
