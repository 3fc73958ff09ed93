import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { BookCounters1732770000001 } from '../src/database/migrations/1732770000001-book-counters';
import { createBook, createUser, type UserFixture } from './helpers/factories';
import { auth, startTestApp, type TestApp } from './helpers/test-app';

/**
 * A Book's follower counts by sex and its monthly views are stored counters: changed with the
 * follow, the unfollow, a follower's change of sex and a page view, and always equal to the rows.
 */
describe('Book counters', () => {
  let t: TestApp;
  let db: DataSource;
  let bookId: number;
  let he: UserFixture;
  let she: UserFixture;
  let unsaid: UserFixture;

  const info = async () =>
    (await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${bookId}`).expect(200)).body as {
      gender_count: { male: number; female: number };
      monthly_views: number;
    };
  const follow = (u: UserFixture) => request(t.http).post('/api/user/followingpage/').set(auth(u.token)).send({ pageId: bookId }).expect(201);
  const view = (u: UserFixture | null, pathUser = u?.userId ?? 0) => {
    const r = request(t.http).get(`/api/user/record_page_view/${pathUser}/${bookId}/`);
    return (u ? r.set(auth(u.token)) : r).expect(200);
  };

  /** The stored counters of every Book, beside the same figures counted from the rows. */
  async function storedAndCounted(): Promise<{ stored: unknown[]; counted: unknown[] }> {
    const stored = await db.query(`
      SELECT p.id, coalesce(c.male, 0) AS male, coalesce(c.female, 0) AS female,
             (SELECT coalesce(sum(views), 0)::int FROM page_view_days d WHERE d.page_id = p.id AND d.day > CURRENT_DATE - 30) AS views
        FROM pages p LEFT JOIN page_follower_counts c ON c.page_id = p.id ORDER BY p.id`);
    const counted = await db.query(`
      SELECT p.id,
             (SELECT count(*)::int FROM page_follows f WHERE f.page_id = p.id AND f.follower_sex = '1') AS male,
             (SELECT count(*)::int FROM page_follows f WHERE f.page_id = p.id AND f.follower_sex = '3') AS female,
             (SELECT count(*)::int FROM page_views v WHERE v.page_id = p.id AND v.viewed_on > CURRENT_DATE - 30) AS views
        FROM pages p ORDER BY p.id`);
    return { stored, counted };
  }

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(getDataSourceToken());
    he = await createUser(t.app, { sex: '1' });
    she = await createUser(t.app, { sex: '3' });
    unsaid = await createUser(t.app, { sex: '0' });
    bookId = await createBook(t.app, { contributors: [unsaid.userId] });
    await createBook(t.app, { contributors: [unsaid.userId] }); // a Book nobody follows or views
  });
  afterAll(() => t.close());

  it('counts followers by sex through follows, a change of sex and unfollows', async () => {
    expect((await info()).gender_count).toEqual({ male: 0, female: 0 });
    await follow(he);
    await follow(she);
    await follow(unsaid);
    expect((await info()).gender_count).toEqual({ male: 1, female: 1 });

    // She says she is male now: her follow moves (the profile.updated event, handled in the background).
    const profileId = (await request(t.http).get('/api/user/myprofile/').set(auth(she.token)).expect(200)).body.id;
    await request(t.http).put(`/api/user/profile/${profileId}/`).set(auth(she.token)).field('sex', '1').expect(200);
    const deadline = Date.now() + 15_000;
    while ((await info()).gender_count.male !== 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((await info()).gender_count).toEqual({ male: 2, female: 0 });

    await request(t.http).delete(`/api/user/unfollow-page/?pageId=${bookId}`).set(auth(he.token)).expect(204);
    await request(t.http).delete(`/api/user/unfollow-page/?pageId=${bookId}`).set(auth(unsaid.token)).expect(204);
    expect((await info()).gender_count).toEqual({ male: 1, female: 0 });
    const { stored, counted } = await storedAndCounted();
    expect(stored).toEqual(counted);
  });

  it('counts one view per viewer and day in monthly_views, from the last 30 days', async () => {
    await view(he);
    await view(he);
    await view(he, 0);
    await view(she);
    await view(null);
    await view(null);
    expect((await info()).monthly_views).toBe(3);
    // Views of 40 days ago are outside the window; those of 29 days ago inside.
    await db.query(`INSERT INTO page_view_days (page_id, day, views) VALUES ($1, CURRENT_DATE - 40, 50), ($1, CURRENT_DATE - 29, 4)`, [bookId]);
    expect((await info()).monthly_views).toBe(7);
    await db.query(`DELETE FROM page_view_days WHERE day < CURRENT_DATE`);
    const { stored, counted } = await storedAndCounted();
    expect(stored).toEqual(counted);
  });

  it('fills the counters from the rows when the migration runs', async () => {
    const before = await storedAndCounted();
    const runner = db.createQueryRunner();
    try {
      await new BookCounters1732770000001().down(runner);
      await new BookCounters1732770000001().up(runner);
    } finally {
      await runner.release();
    }
    const after = await storedAndCounted();
    expect(after.stored).toEqual(before.counted);
    expect(await info()).toMatchObject({ gender_count: { male: 1, female: 0 }, monthly_views: 3 });
  });
});
