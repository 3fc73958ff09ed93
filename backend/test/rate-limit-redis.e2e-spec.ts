import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { spawnSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { createApp } from '../src/bootstrap';
import { loadConfig } from '../src/config/config';
import type { DatabaseHandle } from '../src/database/embedded-postgres';
import { freshDatabase } from './helpers/test-app';

/** The Redis of the tests (CI and the development machine run one on 127.0.0.1:6379). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers PING (decided before the tests are collected, so they skip cleanly without it). */
function redisAnswers(url: string): boolean {
  const { hostname, port } = new URL(url);
  const probe = `const s=require('node:net').connect(${Number(port) || 6379},${JSON.stringify(hostname)});s.setTimeout(1000,()=>process.exit(1));s.on('error',()=>process.exit(1));s.on('connect',()=>s.write('PING\\r\\n'));s.on('data',(d)=>process.exit(String(d).startsWith('+PONG')?0:1));`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 3000 }).status === 0;
}

const reachable = redisAnswers(REDIS_URL);
if (!reachable) console.warn(`Redis at ${REDIS_URL} does not answer: the shared rate-limit tests are skipped`);

/** A client address of its own per run, so that runs sharing the Redis (both databases at once in CI) do not meet. */
const clientIp = () => `198.18.${crypto.randomInt(0, 256)}.${crypto.randomInt(1, 255)}`;

/**
 * The failed-login limit (AUTH_RATE_LIMIT_PER_EMAIL, 10 per 10 minutes per address and client)
 * with two API processes on one database, as behind a load balancer: with REDIS_URL both count
 * on the same counter; without it each counts on its own; with Redis down they still answer.
 */
describe('rate limits shared through Redis', () => {
  let database: DatabaseHandle;
  let dataDir: string;
  const apps: NestFastifyApplication[] = [];

  beforeAll(async () => {
    database = await freshDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-redis-'));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string>) => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://app.test',
      SEED_DEMO: 'false',
      SERVE_FRONTEND: 'false',
      APP_SECRET: 'x'.repeat(40),
      ...env,
    });
    const app = await createApp({ config, database, runWorkers: false });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    apps.push(app);
    return app.getHttpServer();
  };

  /** A failed login for `email` from `ip` (the apps trust X-Forwarded-For from loopback, as behind nginx). */
  const guess = (http: Parameters<typeof request>[0], email: string, ip: string) =>
    request(http)
      .post('/api/user/login/')
      .set('X-Forwarded-For', ip)
      .send({ email, password: `guess-${crypto.randomUUID()}` });

  (reachable ? it : it.skip)('two processes with REDIS_URL count failed logins on one counter: the 11th, on either, is 429 with Retry-After', async () => {
    const [a, b] = [await start({ REDIS_URL }), await start({ REDIS_URL })];
    const email = `shared-${crypto.randomUUID()}@example.com`;
    const ip = clientIp();
    for (let i = 0; i < 10; i++) await guess(i % 2 ? b : a, email, ip).expect(400);
    for (const http of [a, b]) {
      const refused = await guess(http, email, ip).expect(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500); // the 10-minute window
      expect(refused.body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
    }
    // The limit is per address and client: the same address from another client is still checked.
    await guess(a, email, clientIp()).expect(400);
  });

  it('without REDIS_URL each process counts on its own (the reason for the shared store)', async () => {
    const [a, b] = [await start({}), await start({})];
    const email = `alone-${crypto.randomUUID()}@example.com`;
    const ip = clientIp();
    for (let i = 0; i < 10; i++) await guess(a, email, ip).expect(400);
    await guess(a, email, ip).expect(429);
    await guess(b, email, ip).expect(400);
  });

  it('with Redis unreachable the limits still hold in each process, and no request fails', async () => {
    const http = await start({ REDIS_URL: 'redis://127.0.0.1:9' }); // the discard port: nothing answers there
    const email = `outage-${crypto.randomUUID()}@example.com`;
    const ip = clientIp();
    for (let i = 0; i < 10; i++) await guess(http, email, ip).expect(400);
    const refused = await guess(http, email, ip).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The other limits of the site work too: the per-IP limit of forgot-password answers.
    await request(http).post('/api/user/forgot-password/').set('X-Forwarded-For', ip).send({ email }).expect(200);
  });
});
