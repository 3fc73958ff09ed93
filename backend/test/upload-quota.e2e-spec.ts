import * as fs from 'node:fs';
import * as path from 'node:path';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { sample, upload } from './helpers/books';
import { auth, signUp, startTestApp, type TestApp } from './helpers/test-app';

/** Each user's uploads per 24 hours: UPLOAD_DAILY_FILES files and UPLOAD_DAILY_BYTES bytes. */
describe('upload quota', () => {
  let t: TestApp;
  let db: DataSource;
  const small = sample('prefecture-health-insurance.csv');
  // About 600 KB: two of them pass the 1 MiB of the day.
  const large = Buffer.from(['day,value', ...Array.from({ length: 70_000 }, (_, i) => `${i},${(i * 7) % 1000}`)].join('\n'));
  expect(large.length).toBeGreaterThan(512 * 1024);
  const message = 'Upload limit reached: at most 3 files and 1 MB per 24 hours. Try again later.';

  beforeAll(async () => {
    t = await startTestApp({ UPLOAD_DAILY_FILES: '3', UPLOAD_DAILY_BYTES: String(1024 * 1024) });
    db = t.app.get(getDataSourceToken());
  });
  afterAll(() => t.close());

  async function uploader(email: string): Promise<{ token: string; userId: number }> {
    const user = await signUp(t, email);
    await request(t.http).post('/api/user/profile/').set(auth(user.token)).field('nickName', email.split('@')[0]).expect(201);
    return user;
  }
  /** The data files stored for a user (keys `files/<userId>/…`, without their `.content-type` companions; Book generation stores other files elsewhere). */
  const storedFiles = (userId: number) => {
    const dir = path.join(t.dataDir, 'files', 'files', String(userId));
    return fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((name) => !name.endsWith('.content-type'))
          .map((name) => `files/${userId}/${name}`)
          .sort()
      : [];
  };
  const recordedFiles = async (userId: number) =>
    ((await db.query(`SELECT storage_key FROM uploaded_files WHERE user_id = $1 ORDER BY storage_key`, [userId])) as Array<{ storage_key: string }>).map(
      (r) => r.storage_key,
    );

  it('refuses the upload past the daily number of files with 429, a clear message and Retry-After; others are not affected', async () => {
    const user = await uploader('busy@example.com');
    for (let i = 0; i < 3; i++) await upload(t, user.token, `data-${i}.csv`, small, { title: `データ ${i}` }).expect(201);
    const res = await upload(t, user.token, 'data-3.csv', small, { title: 'データ 3' }).expect(429);
    expect(res.body).toEqual({ detail: message, code: 'uploadQuota', params: { files: 3, megabytes: 1 } });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // Nothing of the refused upload is kept: the stored files are the three recorded ones.
    const recorded = await recordedFiles(user.userId);
    expect(recorded).toHaveLength(3);
    expect(storedFiles(user.userId)).toEqual(recorded);
    // Someone else still uploads.
    const other = await uploader('calm@example.com');
    await upload(t, other.token, 'mine.csv', small).expect(201);
    // A day later the oldest uploads have left the window.
    await db.query(`UPDATE uploaded_files SET created_on = created_on - interval '25 hours' WHERE user_id = $1`, [user.userId]);
    await upload(t, user.token, 'next-day.csv', small).expect(201);
  });

  it('refuses the upload that would pass the daily bytes', async () => {
    const user = await uploader('bulky@example.com');
    await upload(t, user.token, 'first.csv', large).expect(201);
    const res = await upload(t, user.token, 'second.csv', large).expect(429);
    expect(res.body).toEqual({ detail: message, code: 'uploadQuota', params: { files: 3, megabytes: 1 } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // A small one still fits.
    await upload(t, user.token, 'small.csv', small).expect(201);
  });
});
