import { getDataSourceToken } from '@nestjs/typeorm';
import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import type { DomainEventName } from '../src/common/events/domain-events';
import { EventsService } from '../src/common/events/events.service';
import { AuthService } from '../src/modules/auth/auth.service';
import { eventsHandled } from './helpers/events';
import { createBook, createFollow, createUser, type UserFixture } from './helpers/factories';
import { auth, startTestApp, type TestApp } from './helpers/test-app';

const jpeg = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a8a5c' } })
    .jpeg()
    .toBuffer();
const AFTER_GRACE = () => new Date(Date.now() + 15 * 24 * 3600 * 1000);

/**
 * Every stored counter against the rows it counts (visible rows: not hidden, circle posts apart
 * as the product counts them). Answers the counters that disagree: none, at every moment.
 */
const COUNTER_MISMATCHES = `
  SELECT 'posts.liked_times' AS counter, p.id FROM posts p
   WHERE p.liked_times <> (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id AND NOT l.hidden)
  UNION ALL SELECT 'posts.commented_counts', p.id FROM posts p
   WHERE p.commented_counts <> (SELECT count(*) FROM post_comments c WHERE c.post_id = p.id AND NOT c.hidden)
  UNION ALL SELECT 'posts.reposted_times', p.id FROM posts p
   WHERE p.reposted_times <> (SELECT count(*) FROM posts r WHERE r.reposting AND r.reposting_from = p.id AND NOT r.hidden)
  UNION ALL SELECT 'pages.post_count/rating', g.id FROM pages g
   WHERE (g.post_count, g.rating_sum, g.rating_count) <> (SELECT count(*), coalesce(sum(p.rating), 0), count(p.rating) FROM posts p
           WHERE p.review_to = g.id AND NOT p.reposting AND NOT p.communitypost_flag AND NOT p.hidden)
  UNION ALL SELECT 'post_counts', c.user_id FROM post_counts c
   WHERE (c.post_count, c.rating_sum) <> (SELECT count(*), coalesce(sum(p.rating), 0) FROM posts p
           WHERE p.user_id = c.user_id AND NOT p.communitypost_flag AND NOT p.hidden)
  UNION ALL SELECT 'page_follower_counts', c.page_id FROM page_follower_counts c
   WHERE (c.male, c.female) <> (SELECT count(*) FILTER (WHERE f.follower_sex = '1'), count(*) FILTER (WHERE f.follower_sex = '3')
           FROM page_follows f WHERE f.page_id = c.page_id AND NOT f.hidden)
  UNION ALL SELECT 'follow_counts', c.user_id FROM follow_counts c
   WHERE c.following_count <> (SELECT count(*) FROM follow_requests f WHERE f.ask_from = c.user_id AND f.approved AND NOT f.hidden)
      OR c.followed_count <> (SELECT count(*) FROM follow_requests f WHERE f.ask_to = c.user_id AND f.approved AND NOT f.hidden)`;

interface Post {
  id: number;
  userPost: number;
  likedTimes: number;
  commentedCounts: number;
  repostedTimes: number;
}
interface PostList {
  res: Post[];
  totalCount: number;
  aggregate: { rating__sum: number | null };
}

/**
 * Leaving the site goes through the owners: a user who liked, commented, reposted, reviewed (a
 * rating on a Book) and followed (a user and a Book) asks to delete their account. From the
 * request on, nobody else sees their posts, comments or profile and no counter counts them; after
 * the grace period every owner deletes its rows and the `users` row goes last. Every counter
 * equals its rows at every step, and redelivered events change nothing.
 */
describe('account deletion through the owners', () => {
  let t: TestApp;
  let db: DataSource;
  let leaver: UserFixture;
  let author: UserFixture;
  let fan: UserFixture;
  let book: number;
  let leaversBook: number;
  const ids: Record<string, number> = {};
  const api = (p: string) => `/api/user/${p}`;
  const get = async (p: string, who?: UserFixture) => {
    const req = request(t.http).get(api(p));
    if (who) req.set(auth(who.token));
    return (await req.expect(200)).body;
  };

  const settled = () => eventsHandled(t.app, 'event.account.');

  /** The event published again, to every subscriber, as at-least-once delivery may. */
  async function redeliver(name: DomainEventName & `account.${string}`, userId: number): Promise<void> {
    await db.transaction((tx) => t.app.get(EventsService).publish(name, { userId }, tx));
    await settled();
  }

  async function counters() {
    const post = async (id: number) => {
      const [row] = await db.query(`SELECT liked_times, commented_counts, reposted_times FROM posts WHERE id = $1`, [id]);
      return row ? { likedTimes: row.liked_times, commentedCounts: row.commented_counts, repostedTimes: row.reposted_times } : null;
    };
    const info = await get(`monopage/get-page-info/?pageId=${book}`);
    const follow = async (u: UserFixture) => {
      const c = await get(`follower_following_counts/${u.userId}/`);
      return { following_count: c.following_count, followed_count: c.followed_count };
    };
    return {
      authorsPost: await post(ids.authorsPost),
      leaversReview: await post(ids.review),
      book: { post_count: info.post_count, rating: info.rating, gender_count: info.gender_count },
      author: await follow(author),
      fan: await follow(fan),
      leaver: await follow(leaver),
      postCounts: await db.query(`SELECT user_id, post_count, rating_sum FROM post_counts WHERE user_id = ANY($1::int[]) ORDER BY user_id`, [
        [author.userId, fan.userId, leaver.userId],
      ]),
    };
  }

  const mismatches = () => db.query(COUNTER_MISMATCHES);

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get<DataSource>(getDataSourceToken());
    leaver = await createUser(t.app, { nickName: 'Leaver', sex: '1' });
    author = await createUser(t.app, { nickName: 'Author' });
    fan = await createUser(t.app, { nickName: 'Fan' });
    book = await createBook(t.app, { title: 'Reviewed Book', contributors: [author.userId] });
    leaversBook = await createBook(t.app, { title: "Leaver's data", contributors: [leaver.userId] });

    ids.authorsPost = (await request(t.http).post(api('monopost/')).set(auth(author.token)).send({ text: 'by the author' }).expect(201)).body.id;
    // The leaver likes, comments on and reposts the author's post, reviews the Book (100) and posts with an image.
    await request(t.http)
      .put(api(`monopost/${ids.authorsPost}/`))
      .set(auth(leaver.token))
      .send({ liked: [leaver.userId] })
      .expect(200);
    await request(t.http).post(api('monocomment/')).set(auth(leaver.token)).send({ post: ids.authorsPost, text: 'nice' }).expect(201);
    ids.leaversRepost = (
      await request(t.http).post(api('monopost/')).set(auth(leaver.token)).send({ reposting: true, repostingFrom: ids.authorsPost }).expect(201)
    ).body.id;
    ids.review = (
      await request(t.http).post(api('monopost/')).set(auth(leaver.token)).send({ text: 'great data', rating: 100, reviewTo: book }).expect(201)
    ).body.id;
    ids.withImage = (
      await request(t.http)
        .post(api('monopost/'))
        .set(auth(leaver.token))
        .field('text', 'a picture')
        .attach('img', await jpeg(), 'a.jpg')
        .expect(201)
    ).body.id;
    // The leaver follows the author and the Book; the author and the fan follow the leaver.
    await createFollow(t.app, leaver.userId, author.userId);
    await createFollow(t.app, author.userId, leaver.userId);
    await createFollow(t.app, fan.userId, leaver.userId);
    await request(t.http).post(api('followingpage/')).set(auth(leaver.token)).send({ pageId: book }).expect(201);
    // The fan likes, comments on and reposts the leaver's review.
    await request(t.http)
      .put(api(`monopost/${ids.review}/`))
      .set(auth(fan.token))
      .send({ liked: [fan.userId] })
      .expect(200);
    await request(t.http).post(api('monocomment/')).set(auth(fan.token)).send({ post: ids.review, text: 'agreed' }).expect(201);
    ids.fansRepost = (
      await request(t.http).post(api('monopost/')).set(auth(fan.token)).send({ reposting: true, repostingFrom: ids.review }).expect(201)
    ).body.id;
  });
  afterAll(() => t.close());

  it('counts the leaver everywhere before the request', async () => {
    expect(await counters()).toEqual({
      authorsPost: { likedTimes: 1, commentedCounts: 1, repostedTimes: 1 },
      leaversReview: { likedTimes: 1, commentedCounts: 1, repostedTimes: 1 },
      book: { post_count: 1, rating: 100, gender_count: { male: 1, female: 0 } },
      author: { following_count: 1, followed_count: 1 },
      fan: { following_count: 1, followed_count: 0 },
      leaver: { following_count: 1, followed_count: 2 },
      postCounts: [
        { user_id: leaver.userId, post_count: 3, rating_sum: 100 },
        { user_id: author.userId, post_count: 1, rating_sum: 0 },
        { user_id: fan.userId, post_count: 1, rating_sum: 100 },
      ].sort((a, b) => a.user_id - b.user_id),
    });
    expect(await mismatches()).toEqual([]);
    expect((await get('postcc/')).totalCount).toBe(5);
  });

  it('from the request on, the leaver’s posts, comments, likes, follows and profile leave every list and count others see', async () => {
    await request(t.http).post(api('deleteprofile/')).set(auth(leaver.token)).expect(200);
    await settled();

    const visitorHome: PostList = await get('postcc/');
    expect(visitorHome.res.map((p) => p.id)).toEqual([ids.authorsPost]); // the leaver's posts and the fan's repost of one are gone
    expect(visitorHome.totalCount).toBe(1);
    const authorsHome: PostList = await get('postcc/', author); // the author follows the leaver
    expect(authorsHome.res.map((p) => p.id)).toEqual([ids.authorsPost]);
    expect(authorsHome.totalCount).toBe(1);
    expect(await get(`userpostcc/?user_id=${leaver.userId}`)).toEqual({ res: [], totalCount: 0, aggregate: { rating__sum: null } });
    expect(await get(`userpostcc/?user_id=${fan.userId}`)).toEqual({ res: [], totalCount: 0, aggregate: { rating__sum: null } });
    expect(await get(`monopostcc/?pageId=${book}`)).toEqual({ res: [], totalCount: 0, aggregate: { rating__sum: null } });
    expect((await get('combinedlist/')).filter((i: { type: string; post?: Post }) => i.type === 'post').map((i: { post: Post }) => i.post.id)).toEqual([
      ids.authorsPost,
    ]);
    expect((await get('likedpostscc/likedposts/', fan)).totalCount).toBe(0); // the fan liked the leaver's review

    const post: Post = await get(`monopost/${ids.authorsPost}/`);
    expect(post).toMatchObject({ likedTimes: 0, commentedCounts: 0, repostedTimes: 0 });
    expect(await get(`monocomment-nonlogin/post-comments/?post_id=${ids.authorsPost}`)).toEqual({ comments_with_profiles: [], totalCount: 0 });
    await request(t.http)
      .get(api(`monopost/${ids.review}/`))
      .expect(404);
    await request(t.http)
      .get(api(`monocomment-nonlogin/post-comments/?post_id=${ids.review}`))
      .expect(404);
    // Nobody acts on a hidden post; the fan cannot take back a repost that counts nowhere.
    await request(t.http).post(api('monocomment/')).set(auth(author.token)).send({ post: ids.review, text: 'hello?' }).expect(400);
    await request(t.http)
      .put(api(`monopost/${ids.review}/`))
      .set(auth(author.token))
      .send({ liked: [author.userId] })
      .expect(404);
    await request(t.http)
      .delete(api(`monopost/${ids.fansRepost}/`))
      .set(auth(fan.token))
      .expect(404);

    const info = await get(`monopage/get-page-info/?pageId=${book}`);
    expect(info).toMatchObject({ post_count: 0, rating: 0, gender_count: { male: 0, female: 0 } });
    expect(await get(`followeduser/${author.userId}/`)).toEqual([]);
    expect(await get(`followinguser/${author.userId}/`)).toEqual([]);
    expect(await get(`followinguser/${fan.userId}/`)).toEqual([]);
    expect(await get(`approval/followcheck/${leaver.userId}/`, fan)).toEqual({ following: false, approved: false });
    expect(await get('profile/search/?q=Leaver')).toEqual([]);
    expect(await get('combinedsearch/?q=Leaver')).toEqual([]);
    expect(await get(`uploadedfiles/?user_id=${leaver.userId}`)).toEqual([]);
    expect(await get(`${leaver.userId}/monopages-with-files/`)).toEqual([]);
    // The leaver's Book stays, its file shown without a profile until the purge.
    expect((await get(`monopage/get-page-info/?pageId=${leaversBook}`)).files[0].profile).toMatchObject({ id: null, nickName: null });

    expect(await counters()).toEqual({
      authorsPost: { likedTimes: 0, commentedCounts: 0, repostedTimes: 0 },
      leaversReview: { likedTimes: 1, commentedCounts: 1, repostedTimes: 0 }, // the fan's like and comment stand, on a hidden post
      book: { post_count: 0, rating: 0, gender_count: { male: 0, female: 0 } },
      author: { following_count: 0, followed_count: 0 },
      fan: { following_count: 0, followed_count: 0 },
      leaver: { following_count: 0, followed_count: 0 },
      postCounts: [
        { user_id: leaver.userId, post_count: 0, rating_sum: 0 },
        { user_id: author.userId, post_count: 1, rating_sum: 0 },
        { user_id: fan.userId, post_count: 0, rating_sum: 0 },
      ].sort((a, b) => a.user_id - b.user_id),
    });
    expect(await mismatches()).toEqual([]);
  });

  it('a redelivered deletion request changes nothing more', async () => {
    const before = await counters();
    await redeliver('account.deletion_requested', leaver.userId);
    expect(await counters()).toEqual(before);
    expect(await mismatches()).toEqual([]);
  });

  it('after the grace period every owner deletes its rows, the users row last; redelivery changes nothing', async () => {
    const [{ img }] = await db.query(`SELECT img FROM posts WHERE id = $1`, [ids.withImage]);
    const image = path.join(t.dataDir, 'files', img);
    expect(fs.existsSync(image)).toBe(true);
    const accounts = t.app.get(AuthService);
    expect(await accounts.purgeDeletedAccounts()).toMatchObject({ started: 0 }); // still within the grace period
    expect(await accounts.purgeDeletedAccounts(AFTER_GRACE())).toMatchObject({ started: 1 });
    await settled();
    expect(await accounts.purgeDeletedAccounts(AFTER_GRACE())).toEqual({ started: 0, removed: 1, waiting: 0 });

    expect(await db.query(`SELECT 1 FROM users WHERE id = $1`, [leaver.userId])).toEqual([]);
    for (const [table, column] of [
      ['profiles', 'user_id'],
      ['posts', 'user_id'],
      ['post_likes', 'user_id'],
      ['post_comments', 'user_id'],
      ['post_counts', 'user_id'],
      ['follow_requests', 'ask_from'],
      ['follow_requests', 'ask_to'],
      ['follow_counts', 'user_id'],
      ['page_follows', 'user_id'],
      ['page_owners', 'user_id'],
      ['book_files', 'user_id'],
      ['uploaded_files', 'user_id'],
      ['pages', 'owner_id'],
      ['access_logs', 'user_id'],
    ]) {
      expect([table, await db.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [leaver.userId])]).toEqual([table, []]);
    }
    expect(await db.query(`SELECT id FROM posts ORDER BY id`)).toEqual([{ id: ids.authorsPost }]); // the fan's repost of the review went with it
    expect(fs.existsSync(image)).toBe(false);
    expect((await get(`monopage/get-page-info/?pageId=${leaversBook}`)).files).toEqual([]);

    const after = await counters();
    expect(after).toEqual({
      authorsPost: { likedTimes: 0, commentedCounts: 0, repostedTimes: 0 },
      leaversReview: null,
      book: { post_count: 0, rating: 0, gender_count: { male: 0, female: 0 } },
      author: { following_count: 0, followed_count: 0 },
      fan: { following_count: 0, followed_count: 0 },
      leaver: { following_count: 0, followed_count: 0 },
      postCounts: [
        { user_id: author.userId, post_count: 1, rating_sum: 0 },
        { user_id: fan.userId, post_count: 0, rating_sum: 0 },
      ].sort((a, b) => a.user_id - b.user_id),
    });
    expect(await mismatches()).toEqual([]);
    if (process.env.PRINT_COUNTERS) console.log(JSON.stringify(after, null, 1));

    await redeliver('account.deleted', leaver.userId);
    await redeliver('account.deletion_requested', leaver.userId);
    expect(await counters()).toEqual(after);
    expect(await mismatches()).toEqual([]);
  });

  it('a users row waits while any owner still has rows of the user', async () => {
    const late = await createUser(t.app, { nickName: 'Late' });
    // A module whose handler has not run yet: its row refers to the user, as every owner's table does.
    await db.query(`CREATE TABLE test_late_owner (user_id integer NOT NULL REFERENCES users(id))`);
    await db.query(`INSERT INTO test_late_owner VALUES ($1)`, [late.userId]);
    await request(t.http).post(api('deleteprofile/')).set(auth(late.token)).expect(200);
    // The owners' handlers of the deletion request first (a handler's row referring to the user
    // holds a key-share lock on it that a purge in the same moment would skip).
    await settled();
    const accounts = t.app.get(AuthService);
    expect(await accounts.purgeDeletedAccounts(AFTER_GRACE())).toMatchObject({ started: 1 });
    await settled();
    expect(await accounts.purgeDeletedAccounts(AFTER_GRACE())).toEqual({ started: 0, removed: 0, waiting: 1 });
    expect(await db.query(`SELECT 1 FROM users WHERE id = $1`, [late.userId])).toHaveLength(1);
    expect(await db.query(`SELECT 1 FROM profiles WHERE user_id = $1`, [late.userId])).toEqual([]); // the other owners did their part
    await db.query(`DELETE FROM test_late_owner`); // the late owner does its part
    expect(await accounts.purgeDeletedAccounts(AFTER_GRACE())).toEqual({ started: 0, removed: 1, waiting: 0 });
    expect(await db.query(`SELECT 1 FROM users WHERE id = $1`, [late.userId])).toEqual([]);
    await db.query(`DROP TABLE test_late_owner`);
  });

  it('no table outside the accounts module deletes or changes rows when a users row goes', async () => {
    const refs: Array<{ table: string; action: string }> = await db.query(
      `SELECT conrelid::regclass::text AS table, confdeltype::text AS action FROM pg_constraint
        WHERE contype = 'f' AND confrelid = 'users'::regclass ORDER BY 1`,
    );
    const acting = refs.filter((r) => r.action !== 'a').map((r) => r.table);
    expect(acting.sort()).toEqual(['account_keys', 'auth_tokens']);
    expect(refs.length).toBeGreaterThanOrEqual(16);
  });
});
