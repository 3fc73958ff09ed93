import request from 'supertest';
import { DataSource } from 'typeorm';
import { createBook, createUser, type UserFixture } from './helpers/factories';
import { auth, startTestApp, type TestApp } from './helpers/test-app';
import { validationErrors } from './helpers/errors';

const api = (p: string) => `/api/user/${p}`;
const LIMIT = 5;

/** POST access-log/: only visits of objects that exist are logged; nulls refused; rate limited per user or IP. */
describe('access-log/', () => {
  let t: TestApp;
  let hanako: UserFixture;
  let taro: UserFixture;
  let gone: UserFixture;
  let bookId: number;
  let profileId: number;
  let goneProfileId: number;

  const logged = async () => Number((await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM access_logs`))[0].n);
  const profileOf = async (userId: number) => Number((await t.app.get(DataSource).query(`SELECT id FROM profiles WHERE user_id = $1`, [userId]))[0].id);

  beforeAll(async () => {
    t = await startTestApp({ ACCESS_LOG_RATE_LIMIT: String(LIMIT) });
    hanako = await createUser(t.app, { nickName: '花子' });
    taro = await createUser(t.app, { nickName: 'たろう' });
    gone = await createUser(t.app, { nickName: 'gone' });
    bookId = await createBook(t.app, { contributors: [hanako.userId] });
    profileId = await profileOf(hanako.userId);
    goneProfileId = await profileOf(gone.userId);
    // A deletion request hides the profile at once (as the account's profile: active false).
    await t.app.get(DataSource).query(`UPDATE profiles SET active = false WHERE id = $1`, [goneProfileId]);
  });
  afterAll(() => t?.close());

  it('logs a visit of a profile or a Book that exists', async () => {
    const before = await logged();
    await request(t.http).post(api('access-log/')).set(auth(hanako.token)).send({ type: 'profile', profile_id: profileId }).expect(201, { detail: 'Logged.' });
    await request(t.http).post(api('access-log/')).set(auth(hanako.token)).send({ type: 'page', page_id: bookId }).expect(201, { detail: 'Logged.' });
    expect(await logged()).toBe(before + 2);
  });

  it("refuses an id that names nothing with DRF's 400 on that field, and logs nothing", async () => {
    const checker = await createUser(t.app, { nickName: 'checker' });
    const before = await logged();
    const cases: Array<[object, string, number]> = [
      [{ type: 'profile', profile_id: 999999 }, 'profile_id', 999999],
      [{ type: 'profile', profile_id: goneProfileId }, 'profile_id', goneProfileId],
      [{ type: 'page', page_id: 999999 }, 'page_id', 999999],
      [{ type: 'community', community_id: 999999 }, 'community_id', 999999], // no such circle
    ];
    for (const [body, field, id] of cases) {
      await request(t.http)
        .post(api('access-log/'))
        .set(auth(checker.token))
        .send(body)
        .expect(400, validationErrors({ [field]: [`Invalid pk "${id}" - object does not exist.`] }));
    }
    expect(await logged()).toBe(before);
  });

  it('refuses null in every field (it was a 500 for the optional ones), and logs nothing', async () => {
    const before = await logged();
    const cases: Array<[object, string]> = [
      [{ type: 'profile', profile_id: null }, 'profile_id'],
      [{ type: 'page', page_id: null }, 'page_id'],
      [{ type: 'community', community_id: null }, 'community_id'],
      [{ type: null, page_id: bookId }, 'type'],
      [{ type: 'page', page_id: bookId, profile_id: null }, 'profile_id'],
    ];
    for (const [body, field] of cases) {
      const res = await request(t.http).post(api('access-log/')).set(auth(taro.token)).send(body).expect(400);
      expect(res.body).toEqual(validationErrors({ [field]: ['This field may not be null.'] }));
    }
    expect(await logged()).toBe(before);
  });

  it(`is rate limited to ${LIMIT} calls a minute per user, and per IP for visitors: 429 with Retry-After`, async () => {
    const user = await createUser(t.app, { nickName: 'busy' });
    for (let i = 0; i < LIMIT; i++) {
      const res = await request(t.http).post(api('access-log/')).set(auth(user.token)).send({ type: 'page', page_id: bookId }).expect(201);
      expect(res.headers['ratelimit-policy']).toBe(`"user";q=${LIMIT};w=60`);
    }
    const before = await logged();
    const over = await request(t.http).post(api('access-log/')).set(auth(user.token)).send({ type: 'page', page_id: bookId }).expect(429);
    expect(over.body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Before the body is read: a bad body is throttled too, and nothing more is logged.
    await request(t.http).post(api('access-log/')).set(auth(user.token)).send({ type: 'page', page_id: null }).expect(429);
    expect(await logged()).toBe(before);
    // Another user has a counter of their own.
    const other = await createUser(t.app, { nickName: 'other' });
    await request(t.http).post(api('access-log/')).set(auth(other.token)).send({ type: 'page', page_id: bookId }).expect(201);
    // Visitors share their IP's counter.
    let visitor = 0;
    for (; visitor < LIMIT + 1; visitor++) {
      const res = await request(t.http).post(api('access-log/')).send({ type: 'page', page_id: bookId });
      if (res.status === 429) break;
      expect(res.status).toBe(201);
      expect(res.headers['ratelimit-policy']).toBe(`"ip";q=${LIMIT};w=60`);
    }
    expect(visitor).toBe(LIMIT);
  });
});
