import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { Db } from '../src/database/db';
import { PostsService } from '../src/modules/posts/posts.service';
import { createBook, createFollow, createPost, createUser, type UserFixture } from './helpers/factories';
import { auth, startTestApp, type TestApp } from './helpers/test-app';

interface ExpertFloor {
  expertQuery(pathname: string, params: URLSearchParams, keyHash: string | null, origin: string): { text: string; values: unknown[] } | null;
}

const keyHash = (who: UserFixture | null) => (who ? createHash('sha256').update(who.token.toLowerCase()).digest('hex') : null);

/**
 * The bench's expert floor (scripts/bench/expert-floor.mjs: each feed's whole answer from one
 * hand-written statement) answers exactly what the app answers, on data with what the bench's
 * generated data lacks: reposts, images, likes, comments, Books owned and not, paid and free,
 * with files and contributors without a profile. Two implementations of one wire shape, each
 * checked against the other: the bench compares them again on its own data before measuring.
 * The circle thread too: circle posts with images, reviews of Books, likes and a comment by the
 * viewer, posts in two circles (communities / communities_info), a link hidden from one thread,
 * a repost in a circle (the API refuses to make one, the floor answers it as the app would), the
 * members-only refusals and the first page marking the thread seen.
 */
describe('feeds: the bench expert floor answers what the app answers', () => {
  let t: TestApp;
  /** The expert floor's own statements are positional SQL of the bench script: run on the app's pool as the floor runs them. */
  const floorPool = (): Pool => (t.app.get<DataSource>(getDataSourceToken()).driver as PostgresDriver).master as Pool;
  let floor: ExpertFloor;
  let me: UserFixture;
  let friend: UserFixture;
  let outsider: UserFixture;
  let lab: number; // circle: me, friend and faceless are members
  let club: number; // circle: me only
  const api = (p: string) => `/api/user/${p}`;

  beforeAll(async () => {
    t = await startTestApp();
    floor = (await import(pathToFileURL(path.resolve(process.cwd(), 'scripts/bench/expert-floor.mjs')).href)) as ExpertFloor;
    me = await createUser(t.app, { nickName: 'Me' });
    friend = await createUser(t.app, { nickName: 'Friend', sex: '1' });
    const faceless = await createUser(t.app, { nickName: null });
    const db = t.app.get(Db);
    await db.exec(`UPDATE profiles SET img = 'avatars/me.jpg' WHERE user_id = :user`, { user: me.userId });
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
    await db.exec(`UPDATE posts SET img = 'posts/picture.png' WHERE id = :post`, { post: posts[0] });
    await request(t.http)
      .put(api(`monopost/${posts[0]}/`))
      .set(auth(me.token))
      .send({ liked: [me.userId] })
      .expect(200);
    await request(t.http)
      .put(api(`monopost/${posts[2]}/`))
      .set(auth(me.token))
      .send({ liked: [me.userId] })
      .expect(200);
    await request(t.http).post(api('monocomment/')).set(auth(me.token)).send({ text: 'nice', post: posts[2] }).expect(201);
    await request(t.http)
      .post(api('monopost/'))
      .set(auth(me.token))
      .send({ text: '', reposting: true, repostingFrom: posts[0], repostingFromUser: friend.userId })
      .expect(201);
    await request(t.http)
      .post(api('monopost/'))
      .set(auth(friend.token))
      .send({ text: '', reposting: true, repostingFrom: posts[8], repostingFromUser: faceless.userId })
      .expect(201);
    await db.exec(`INSERT INTO page_view_days (page_id, day, views) VALUES (:book, CURRENT_DATE, 7), (:book, CURRENT_DATE - 40, 5)`, { book: free });
    await db.exec(`INSERT INTO page_follower_counts (page_id, male, female) VALUES (:book, 2, 3) ON CONFLICT (page_id) DO UPDATE SET male = 2, female = 3`, {
      book: paid,
    });

    // Circles (made as the bench makes its own: the circle rows, then members).
    outsider = await createUser(t.app, { nickName: 'Outsider' });
    const circle = async (title: string, members: UserFixture[]) => {
      const { id } = (await db.row<{ id: number }>(
        `INSERT INTO circles (owner_id, title, image, search_text, member_count) VALUES (:owner, :title::text, 'circles/x.jpg', :title::text, :members) RETURNING id`,
        { owner: members[0].userId, title, members: members.length },
      ))!;
      for (const m of members) await db.exec(`INSERT INTO circle_members (circle_id, user_id) VALUES (:circle, :user)`, { circle: id, user: m.userId });
      return id;
    };
    lab = await circle('Data Lab', [me, friend, faceless]);
    club = await circle('Book Club', [me]);
    const circlePosts: number[] = [];
    for (let i = 0; i < 13; i++) {
      const author = [friend, me, faceless][i % 3];
      const book = [free, paidOwned, paid, null][i % 4];
      circlePosts.push(
        await createPost(t.app, {
          userId: author.userId,
          text: `circle ${i}`,
          reviewTo: book ?? undefined,
          rating: book && i % 2 ? 10 * i : undefined,
          communities: i % 5 === 0 ? [lab, club] : [lab],
        }),
      );
    }
    await db.exec(`UPDATE posts SET img = 'posts/circle.png' WHERE id = ANY(:ids::int[])`, { ids: [circlePosts[12], circlePosts[10], circlePosts[1]] });
    for (const id of [circlePosts[12], circlePosts[11], circlePosts[3]]) {
      await request(t.http)
        .put(api(`monopost/${id}/`))
        .set(auth(me.token))
        .send({ liked: [me.userId] })
        .expect(200);
    }
    await request(t.http)
      .put(api(`monopost/${circlePosts[12]}/`))
      .set(auth(friend.token))
      .send({ liked: [friend.userId] })
      .expect(200);
    await request(t.http).post(api('monocomment/')).set(auth(me.token)).send({ text: 'nice', post: circlePosts[11] }).expect(201);
    // Through the API: a post in both circles, its link to the lab hidden (out of the lab's thread, still in its circles).
    const both = (
      await request(t.http)
        .post(api('monopost/'))
        .set(auth(me.token))
        .send({ text: 'both', communities: [lab, club] })
        .expect(201)
    ).body as { id: number };
    await db.exec(`UPDATE circle_posts SET hidden = true WHERE post_id = :post AND circle_id = :circle`, { post: both.id, circle: lab });
    // A repost in a circle (the API refuses one; the store does not): the original's counters, the reposted author.
    await t.app
      .get<DataSource>(getDataSourceToken())
      .transaction((tx) =>
        t.app
          .get(PostsService)
          .insert({ userId: me.userId, text: '', repostingFrom: posts[2], repostingFromUser: friend.userId, communityPost: true, communities: [lab] }, tx),
      );
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
    const books = await t.app.get(Db).rows<{ id: number }>(`SELECT id FROM pages ORDER BY id`);
    let compared = 0;
    for (const [template, who] of cases()) {
      for (const pageId of template.includes('pageId') ? books.map((b) => b.id) : [0]) {
        for (const count of [0, 1]) {
          const p = `${template.replace('pageId=0', `pageId=${pageId}`)}${template.includes('?') ? '&' : '?'}count=${count}`;
          const req = request(t.http).get(api(p));
          if (who) req.set(auth(who.token));
          const app = (await req.expect(200)).body as { res: unknown[] };
          const url = new URL(api(p), 'http://x');
          const query = floor.expertQuery(
            url.pathname,
            url.searchParams,
            who ? createHash('sha256').update(who.token.toLowerCase()).digest('hex') : null,
            'http://app.test',
          )!;
          const [{ body }] = (await floorPool().query<{ body: string }>(query.text, query.values)).rows;
          expect({ p, who: who?.userId, answer: JSON.parse(body) as unknown }).toEqual({ p, who: who?.userId, answer: app });
          compared += app.res.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(30);
  });

  const expertOf = async (p: string, who: UserFixture | null) => {
    const url = new URL(api(p), 'http://x');
    const query = floor.expertQuery(url.pathname, url.searchParams, keyHash(who), 'http://app.test')!;
    const [row] = (await floorPool().query<{ status: number; body: string | null }>(query.text, query.values)).rows;
    return { status: row.status, answer: row.body === null ? null : (JSON.parse(row.body) as unknown) };
  };

  it('the circle thread (communityposts/{id}/): deep-equal answers for members, pages 0 and 1; the same refusals', async () => {
    let compared = 0;
    for (const [id, who] of [
      [lab, me],
      [lab, friend],
      [club, me],
    ] as Array<[number, UserFixture]>) {
      for (const count of [0, 1]) {
        const p = `communityposts/${id}/?count=${count}`;
        const app = (await request(t.http).get(api(p)).set(auth(who.token)).expect(200)).body as { res: Array<{ communities: number[] }> };
        expect({ p, who: who.userId, ...(await expertOf(p, who)) }).toEqual({ p, who: who.userId, status: 200, answer: app });
        compared += app.res.length;
      }
    }
    expect(compared).toBeGreaterThan(20);
    const page0 = (
      await request(t.http)
        .get(api(`communityposts/${lab}/`))
        .set(auth(me.token))
        .expect(200)
    ).body as {
      res: Array<{
        img: string | null;
        is_liked: boolean;
        is_commented: boolean;
        reposting: boolean;
        likedTimes: number;
        communities: number[];
        reviewToPage: unknown;
      }>;
    };
    // What the comparison covered on the first page.
    expect(page0.res.some((r) => r.img && r.is_liked)).toBe(true);
    expect(page0.res.some((r) => r.is_commented)).toBe(true);
    expect(page0.res.some((r) => r.reposting && r.likedTimes === 1)).toBe(true);
    expect(page0.res.some((r) => r.communities.length === 2)).toBe(true);
    expect(page0.res.some((r) => r.reviewToPage !== null)).toBe(true);
    // Refusals: a visitor 401, an unknown circle 404, a non-member 403 (a bad id is no feed: the server answers 404).
    for (const [p, who, status] of [
      [`communityposts/${lab}/`, null, 401],
      [`communityposts/${club}/?count=1`, null, 401],
      ['communityposts/999999/', me, 404],
      [`communityposts/${lab}/`, outsider, 403],
      [`communityposts/${club}/`, friend, 403],
    ] as Array<[string, UserFixture | null, number]>) {
      const req = request(t.http).get(api(p));
      if (who) req.set(auth(who.token));
      await req.expect(status);
      expect({ p, ...(await expertOf(p, who)) }).toEqual({ p, status, answer: null });
    }
    expect(floor.expertQuery(api('communityposts/abc/'), new URLSearchParams(), keyHash(me), 'http://app.test')).toBeNull();
  });

  it('the circle thread: its first page marks the thread seen, as the app does; a later page does not', async () => {
    const db = t.app.get(Db);
    const seen = async () =>
      (await db.row<{ n: number }>(`SELECT last_seen_post_id AS n FROM circle_members WHERE circle_id = :circle AND user_id = :user`, {
        circle: lab,
        user: friend.userId,
      }))!.n;
    const { last } = (await db.row<{ last: number }>(`SELECT last_post_id AS last FROM circles WHERE id = :circle`, { circle: lab }))!;
    expect(last).toBeGreaterThan(0);
    for (const [count, after] of [
      [1, 0],
      [0, last],
    ]) {
      await db.exec(`UPDATE circle_members SET last_seen_post_id = 0 WHERE circle_id = :circle AND user_id = :user`, { circle: lab, user: friend.userId });
      await request(t.http)
        .get(api(`communityposts/${lab}/?count=${count}`))
        .set(auth(friend.token))
        .expect(200);
      const app = await seen();
      await db.exec(`UPDATE circle_members SET last_seen_post_id = 0 WHERE circle_id = :circle AND user_id = :user`, { circle: lab, user: friend.userId });
      await expertOf(`communityposts/${lab}/?count=${count}`, friend);
      expect({ count, app, expert: await seen() }).toEqual({ count, app: after, expert: after });
    }
  });
  it('postcc/ with blocks and mutes (issue 43): the same answers as the app, without the hidden authors', async () => {
    const loud = await createUser(t.app, { nickName: 'Loud' });
    const rude = await createUser(t.app, { nickName: 'Rude' });
    const { id: paid } = (await t.app.get(Db).row<{ id: number }>(`SELECT id FROM pages WHERE title = 'Paid, not mine'`))!;
    await createFollow(t.app, me.userId, loud.userId);
    const hidden = [
      await createPost(t.app, { userId: loud.userId, text: 'loud' }),
      await createPost(t.app, { userId: loud.userId, text: 'loud review', reviewTo: paid, rating: 15 }),
      await createPost(t.app, { userId: rude.userId, text: 'rude review', reviewTo: paid, rating: 25 }),
    ];
    hidden.push(
      (await request(t.http).post(api('monopost/')).set(auth(friend.token)).send({ text: '', reposting: true, repostingFrom: hidden[2] }).expect(201)).body.id,
    );
    const home = async () =>
      ((await request(t.http).get(api('postcc/?count=0')).set(auth(me.token)).expect(200)).body as { res: Array<{ id: number }> }).res.map((p) => p.id);
    expect(await home()).toEqual(expect.arrayContaining(hidden));
    await request(t.http).post(api('mutes/')).set(auth(me.token)).send({ user_id: loud.userId }).expect(201);
    await request(t.http).post(api('blocks/')).set(auth(rude.token)).send({ user_id: me.userId }).expect(201);
    for (const count of [0, 1]) {
      const app = (
        await request(t.http)
          .get(api(`postcc/?count=${count}`))
          .set(auth(me.token))
          .expect(200)
      ).body as { res: Array<{ id: number }> };
      expect(app.res.map((p) => p.id).filter((id) => hidden.includes(id))).toEqual([]);
      expect({ count, ...(await expertOf(`postcc/?count=${count}`, me)) }).toEqual({ count, status: 200, answer: app });
    }
    expect((await home()).length).toBeGreaterThan(5);
  });
});
