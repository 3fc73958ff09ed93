import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import request from 'supertest';
import { Sql } from '../src/database/sql';
import { createBook, createFollow, createPost, createUser, type UserFixture } from './helpers/factories';
import { auth, startTestApp, type TestApp } from './helpers/test-app';

interface ExpertFloor {
  expertQuery(pathname: string, params: URLSearchParams, keyHash: string | null, origin: string): { text: string; values: unknown[] } | null;
}

/**
 * The bench's expert floor (scripts/bench/expert-floor.mjs: each feed's whole answer from one
 * hand-written statement) answers exactly what the app answers, on data with what the bench's
 * generated data lacks: reposts, images, likes, comments, Books owned and not, paid and free,
 * with files and contributors without a profile. Two implementations of one wire shape, each
 * checked against the other: the bench compares them again on its own data before measuring.
 */
describe('feeds: the bench expert floor answers what the app answers', () => {
  let t: TestApp;
  let floor: ExpertFloor;
  let me: UserFixture;
  let friend: UserFixture;
  const api = (p: string) => `/api/user/${p}`;

  beforeAll(async () => {
    t = await startTestApp();
    floor = (await import(pathToFileURL(path.resolve(process.cwd(), 'scripts/bench/expert-floor.mjs')).href)) as ExpertFloor;
    me = await createUser(t.app, { nickName: 'Me' });
    friend = await createUser(t.app, { nickName: 'Friend', sex: '1' });
    const faceless = await createUser(t.app, { nickName: null });
    const sql = t.app.get(Sql);
    await sql.query(`UPDATE profiles SET img = 'avatars/me.jpg' WHERE user_id = $1`, [me.userId]);
    const free = await createBook(t.app, { title: 'Free Book', contributors: [friend.userId, faceless.userId] });
    const paidOwned = await createBook(t.app, { title: 'Paid, mine', price: 800, contributors: [me.userId] });
    const paid = await createBook(t.app, { title: 'Paid, not mine', price: 3000, contributors: [friend.userId] });
    await createFollow(t.app, me.userId, friend.userId);
    await request(t.http).post(api('followingpage/')).set(auth(me.token)).send({ pageId: paid }).expect(201);
    await request(t.http).post(api('followingpage/')).set(auth(friend.token)).send({ pageId: free }).expect(201);
    const posts: number[] = [];
    for (const [i, book] of [free, paidOwned, paid, null].entries()) {
      posts.push(await createPost(t.app, { userId: friend.userId, text: `friend ${i}`, reviewTo: book ?? undefined, rating: book ? 20 * (i + 1) : undefined }));
      posts.push(await createPost(t.app, { userId: me.userId, text: `mine ${i}`, reviewTo: book ?? undefined }));
    }
    posts.push(await createPost(t.app, { userId: faceless.userId, text: 'faceless', reviewTo: paid, rating: 55 }));
    await sql.query(`UPDATE posts SET img = 'posts/picture.png' WHERE id = $1`, [posts[0]]);
    await request(t.http).put(api(`monopost/${posts[0]}/`)).set(auth(me.token)).send({ liked: [me.userId] }).expect(200);
    await request(t.http).put(api(`monopost/${posts[2]}/`)).set(auth(me.token)).send({ liked: [me.userId] }).expect(200);
    await request(t.http).post(api('monocomment/')).set(auth(me.token)).send({ text: 'nice', post: posts[2] }).expect(201);
    await request(t.http).post(api('monopost/')).set(auth(me.token)).send({ text: '', reposting: true, repostingFrom: posts[0], repostingFromUser: friend.userId }).expect(201);
    await request(t.http).post(api('monopost/')).set(auth(friend.token)).send({ text: '', reposting: true, repostingFrom: posts[8], repostingFromUser: faceless.userId }).expect(201);
    await sql.query(`INSERT INTO page_view_days (page_id, day, views) VALUES ($1, CURRENT_DATE, 7), ($1, CURRENT_DATE - 40, 5)`, [free]);
    await sql.query(`INSERT INTO page_follower_counts (page_id, male, female) VALUES ($1, 2, 3) ON CONFLICT (page_id) DO UPDATE SET male = 2, female = 3`, [paid]);
  });
  afterAll(() => t.close());

  const cases = (): Array<[string, UserFixture | null]> => [
    ['postcc/', me],
    ['postcc/', friend],
    ['postcc/', null],
    [`userpostcc/?user_id=${friend.userId}`, me],
    [`userpostcc/?user_id=${me.userId}`, null],
    [`monopostcc/?pageId=${0}`, null],
    ['likedpostscc/likedposts/', me],
  ];

  it('deep-equal answers, pages 0 and 1 (page size 10), logged in and not', async () => {
    const books = (await t.app.get(Sql).query(`SELECT id FROM pages ORDER BY id`)) as Array<{ id: number }>;
    let compared = 0;
    for (const [template, who] of cases()) {
      for (const pageId of template.includes('pageId') ? books.map((b) => b.id) : [0]) {
        for (const count of [0, 1]) {
          const p = `${template.replace('pageId=0', `pageId=${pageId}`)}${template.includes('?') ? '&' : '?'}count=${count}`;
          const req = request(t.http).get(api(p));
          if (who) req.set(auth(who.token));
          const app = (await req.expect(200)).body as { res: unknown[] };
          const url = new URL(api(p), 'http://x');
          const query = floor.expertQuery(url.pathname, url.searchParams, who ? createHash('sha256').update(who.token.toLowerCase()).digest('hex') : null, 'http://app.test')!;
          const [{ body }] = (await t.app.get(Sql).query(query.text, query.values)) as Array<{ body: string }>;
          expect({ p, who: who?.userId, answer: JSON.parse(body) as unknown }).toEqual({ p, who: who?.userId, answer: app });
          compared += app.res.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(30);
  });
});
