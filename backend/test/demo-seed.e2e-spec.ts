import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo, seedDemoLife } from '../src/database/seed';
import { eventsHandled } from './helpers/events';
import { auth, startTestApp, type TestApp } from './helpers/test-app';

interface Post {
  id: number;
  text: string;
  rating: number | null;
  reviewTo: number | null;
  userPost: number;
  likedTimes: number;
  commentedCounts: number;
  communitypost_flag: boolean;
}

/**
 * The demo content after `npm start`: users and their Books (seedDemo), then life among them
 * (seedDemoLife) — seen through the public API as a visitor and a member would see it.
 */
describe('demo content', () => {
  let t: TestApp;
  let db: DataSource;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(getDataSourceToken());
    expect(await seedDemo(t.app)).toBe(true);
    await seedDemoLife(t.app, 120_000);
    await eventsHandled(t.app, 'event.');
    for (const u of DEMO_USERS) ids[u.email.split('@')[0]] = (await db.query(`SELECT id FROM users WHERE email = $1`, [u.email]))[0].id;
  }, 240_000);
  afterAll(() => t.close());

  it('seeds only an empty database', async () => {
    expect(await seedDemo(t.app)).toBe(false);
  });

  it('the four follow each other: every one follows someone and is followed', async () => {
    for (const name of ['hanako', 'taro', 'emily', 'ken']) {
      const counts = (await request(t.http).get(`/api/user/follower_following_counts/${ids[name]}/`).expect(200)).body;
      expect([name, counts.following_count > 0, counts.followed_count > 0]).toEqual([name, true, true]);
    }
    expect((await request(t.http).get(`/api/user/follower_following_counts/${ids.hanako}/`).expect(200)).body.followed_count).toBe(3);
  });

  it('a Book has reviews with ratings, comments and likes, and its rating shows on the Book', async () => {
    const [{ page_id: health }] = await db.query(`SELECT page_id FROM uploaded_files WHERE title = '都道府県別 健康保険料率'`);
    const book = (await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${health}`).expect(200)).body;
    expect(book.post_count).toBe(2);
    expect(book.rating).toBe(75); // (80 + 70) / 2
    const posts: Post[] = (await request(t.http).get(`/api/user/monopostcc/?pageId=${health}`).expect(200)).body.res;
    expect(posts.map((p) => [p.userPost, p.rating])).toEqual(
      expect.arrayContaining([
        [ids.taro, 80],
        [ids.ken, 70],
      ]),
    );
    const review = posts.find((p) => p.userPost === ids.taro)!;
    expect(review.likedTimes).toBeGreaterThanOrEqual(2);
    expect(review.commentedCounts).toBe(1);
    const comments = (await request(t.http).get(`/api/user/monocomment-nonlogin/post-comments/?post_id=${review.id}`).expect(200)).body;
    expect(comments.comments_with_profiles).toEqual([expect.objectContaining({ text: 'ありがとうございます！来年度の料率が出たら追加します。' })]);
  });

  it('each demo user has posts on their page', async () => {
    for (const name of ['hanako', 'taro', 'emily', 'ken']) {
      const list = (await request(t.http).get(`/api/user/userpostcc/?user_id=${ids[name]}`).expect(200)).body;
      expect([name, list.res.length > 0]).toEqual([name, true]);
    }
  });

  it('one open circle has members, a thread with comments and a Book on its shelf', async () => {
    const circles = (await request(t.http).get(`/api/user/user/${ids.hanako}/communities/`).expect(200)).body;
    expect(circles).toEqual([expect.objectContaining({ title: '地域データ研究会', owner: ids.hanako, member_count: 3 })]);
    const circle = circles[0].id;
    const shelf = (await request(t.http).get(`/api/user/community/${circle}/monopages-with-files/`).expect(200)).body;
    expect(shelf.map((b: { title: string }) => b.title)).toHaveLength(1);
    const login = await request(t.http).post('/api/user/login/').send({ email: 'taro@example.com', password: DEMO_PASSWORD }).expect(200);
    const thread: Post[] = (await request(t.http).get(`/api/user/communityposts/${circle}/`).set(auth(login.body.token)).expect(200)).body.res;
    expect(thread).toHaveLength(2);
    expect(thread.every((p) => p.communitypost_flag)).toBe(true);
    expect(thread.find((p) => p.userPost === ids.hanako)!.commentedCounts).toBe(2);
  });

  it('the home feed of a visitor is not empty', async () => {
    const feed = (await request(t.http).get('/api/user/postcc/').expect(200)).body;
    expect(feed.res.length).toBeGreaterThan(3);
  });
});
