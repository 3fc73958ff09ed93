import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner.js';
import { createBook } from './helpers/factories';
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
  });
  afterAll(async () => {
    PostgresQueryRunner.prototype.query = original;
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
    return { statements, items: res.body.length };
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
});
