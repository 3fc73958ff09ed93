import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner.js';
import { Sql } from '../src/database/sql';
import { createBook, createFollow, createPost, createUser } from './helpers/factories';
import { auth, signUp, startTestApp, type TestApp } from './helpers/test-app';

/**
 * Every list answers in a fixed number of SQL statements whatever the page holds: the same
 * count for a page of 1 Book as for a page of 10.
 */
describe('statements per list request', () => {
  let t: TestApp;
  let db: DataSource;
  let token: string;
  let tagId: number;
  let statements = 0;
  const original = PostgresQueryRunner.prototype.query;
  const originalSql = Sql.prototype.query;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(getDataSourceToken());
    const user = await signUp(t, 'budget@example.com');
    token = user.token;
    await request(t.http).post('/api/user/profile/').set(auth(token)).field('nickName', 'Budget').expect(201);
    tagId = (await db.query(`SELECT id FROM attributes WHERE language = 'ja' AND attribute_name = '健康'`))[0].id;
    PostgresQueryRunner.prototype.query = function (this: PostgresQueryRunner, ...args: Parameters<typeof original>) {
      statements++;
      return original.apply(this, args);
    } as typeof original;
    // Plain reads go to the pool without a query runner (src/database/sql.ts): count them too.
    Sql.prototype.query = function (this: Sql, ...args: Parameters<typeof originalSql>) {
      statements++;
      return originalSql.apply(this, args);
    } as typeof originalSql;
  });
  afterAll(async () => {
    PostgresQueryRunner.prototype.query = original;
    Sql.prototype.query = originalSql;
    await t.close();
  });

  async function addBooks(n: number, ownerId: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      const bookId = await createBook(t.app, { title: `健康データ ${i} 保険`, contributors: [ownerId], tagIds: [tagId] });
      await request(t.http).post('/api/user/followingpage/').set(auth(token)).send({ pageId: bookId }).expect(201);
    }
  }

  async function count(path: string): Promise<{ statements: number; items: number }> {
    await request(t.http).get(path).set(auth(token)).expect(200); // warm-up (prepared plans, caches)
    statements = 0;
    const res = await request(t.http).get(path).set(auth(token)).expect(200);
    const body = res.body;
    const items = Array.isArray(body) ? body.length : Array.isArray(body.res) ? body.res.length : body.comments_with_profiles.length;
    return { statements, items };
  }

  // Lists of Books grow to a full page of 10 with the Books added; the others hold what they hold.
  const bookLists = (me: number) => [
    '/api/user/newpagecc/?count=0',
    '/api/user/pageccja/?count=0',
    '/api/user/monopage/search-pages/?query=保険&count=0',
    `/api/user/pageattribute/${tagId}/monopages/?count=0`,
    '/api/user/followingpage/?count=0',
    '/api/user/owningpagecc/?count=0',
    '/api/user/owning_and_related_pages/?count=0',
    '/api/user/monopage/search-owned-pages/?query=保険',
    `/api/user/${me}/monopages-with-files/?count=0`,
  ];
  const otherLists = (me: number) => [
    '/api/user/profile/search?q=budget&count=0',
    '/api/user/profile/newprofiles/',
    `/api/user/uploadedfiles/?user_id=${me}`,
    '/api/user/attributecc/?lan=ja&count=0',
    '/api/user/pageattribute/search/?q=&lan=ja&count=0',
    `/api/user/pageattribute/by-monopage/${firstBook}/`,
    `/api/user/relatedmonopage/${firstBook}/`,
  ];
  const lists = (me: number) => [...bookLists(me), ...otherLists(me)];
  let firstBook = 0;

  it('is the same for 1 and for 10 items', async () => {
    const me = (await db.query(`SELECT id FROM users WHERE email = 'budget@example.com'`))[0].id;
    await addBooks(1, me);
    firstBook = (await request(t.http).get('/api/user/newpagecc/?count=0').expect(200)).body[0].id;
    await addBooks(1, me);
    const small: Record<string, number> = {};
    for (const path of lists(me)) {
      const { statements: n, items } = await count(path);
      if (!path.includes('uploadedfiles') && !path.includes('newprofiles')) expect(items).toBeGreaterThanOrEqual(1);
      small[path] = n;
    }
    await addBooks(12, me);
    for (const path of lists(me)) {
      const { statements: n, items } = await count(path);
      if (bookLists(me).includes(path)) expect(items).toBe(10);
      expect({ path, statements: n }).toEqual({ path, statements: small[path] });
      expect(n).toBeGreaterThanOrEqual(2); // at least the token check and the list itself
      // token, (existence), list, Book statistics, files, contributors, access
      expect(n).toBeLessThanOrEqual(7);
    }
  });

  it('is the same for 1 and for 10 posts, people and follow requests in every social list', async () => {
    const me = (await db.query(`SELECT id FROM users WHERE email = 'budget@example.com'`))[0].id;
    const bookId = await createBook(t.app, { title: 'Reviewed', contributors: [me] });
    const otherBook = await createBook(t.app, { title: 'Not followed', contributors: [me] });
    let firstPost = 0;
    /** n people who follow me and whom I follow; each writes a review I like and comment on, and reposts one. */
    async function addPeople(n: number): Promise<void> {
      for (let i = 0; i < n; i++) {
        const other = await createUser(t.app, { nickName: `budget${i}` });
        await createFollow(t.app, me, other.userId);
        await createFollow(t.app, other.userId, me);
        const postId = await createPost(t.app, { userId: other.userId, text: `健康 ${i}`, reviewTo: i % 2 ? bookId : otherBook, rating: 50 });
        firstPost ||= postId;
        await createPost(t.app, { userId: me, text: `mine ${i}`, reviewTo: bookId, rating: 60 });
        const stranger = await createUser(t.app, { nickName: `stranger${i}` }); // for the discovery lists
        await createPost(t.app, { userId: stranger.userId, text: `new ${i}`, reviewTo: await createBook(t.app, { contributors: [stranger.userId] }), rating: 90 });
        await request(t.http).put(`/api/user/monopost/${postId}/`).set(auth(token)).send({ liked: [me] }).expect(200);
        await request(t.http).post('/api/user/monocomment/').set(auth(token)).send({ text: 'c', post: firstPost }).expect(201);
        await request(t.http).post('/api/user/monopost/').set(auth(other.token)).send({ reposting: true, repostingFrom: firstPost }).expect(201);
      }
    }
    const posts = [
      '/api/user/postcc/?count=0',
      `/api/user/userpostcc/?user_id=${me}&count=0`,
      '/api/user/likedpostscc/likedposts/?count=0',
      '/api/user/monopost/?count=0',
      `/api/user/monocomment-nonlogin/post-comments/?post_id=${firstPost}&count=0`,
      '/api/user/combinedlist/?count=0',
      '/api/user/loggedincombinedlist/?count=0',
      `/api/user/followeduser/${me}/?count=0`,
      `/api/user/followinguser/${me}/?count=0`,
      `/api/user/approval/Followinguser/${me}/?count=0`,
      `/api/user/approval/Followeduser/${me}/?count=0`,
      '/api/user/combinedsearch/?q=budget&count=0',
      '/api/user/profilecc/?count=0',
    ];
    const paths = () => [...posts.map((p) => p.replace(/post_id=\d+/, `post_id=${firstPost}`)), `/api/user/monopostcc/?pageId=${bookId}&count=0`];
    await addPeople(2);
    const small: Record<string, number> = {};
    const report: Record<string, [number, number]> = {};
    for (const path of paths()) {
      const { statements: n, items } = await count(path);
      expect({ path, some: items >= 1 }).toEqual({ path, some: true });
      small[path] = n;
    }
    await addPeople(20);
    for (const path of paths()) {
      const { statements: n, items } = await count(path);
      expect({ path, items }).toEqual({ path, items: 10 });
      report[path] = [small[path], n];
    }
    // The figures, for the record (npm test prints them).
    console.log(Object.entries(report).map(([p, [a, b]]) => `${p.replace('/api/user/', '')}: ${a} / ${b}`).join('\n'));
    for (const [path, [one, ten]] of Object.entries(report)) {
      expect({ path, statements: ten }).toEqual({ path, statements: one });
      // token, list, interactions, profiles, Book rows + the Book packer's four (statistics, files, contributors, access)
      expect(ten).toBeLessThanOrEqual(10);
    }
  });
});
