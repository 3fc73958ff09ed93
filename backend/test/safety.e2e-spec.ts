import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getDataSourceToken } from '@nestjs/typeorm';
import * as fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { Db } from '../src/database/db';
import { accountRoleCommand } from '../src/account-role-command';
import { createApp } from '../src/bootstrap';
import { EventsService } from '../src/common/events/events.service';
import { loadConfig } from '../src/config/config';
import { eventsHandled } from './helpers/events';
import { createBook, createFollow, createPost, createUser, type UserFixture } from './helpers/factories';
import { auth, PASSWORD, signUp, startTestApp, type TestApp } from './helpers/test-app';
import { validationErrors } from './helpers/errors';

/**
 * Trust and safety (issue 38): blocks, mutes, reports, moderation and suspension, each effect as
 * a user would notice it, refusals included. Runs on PGlite and (DATABASE_URL) PostgreSQL.
 */
describe('trust and safety', () => {
  let t: TestApp;
  let db: DataSource;
  const api = (p: string) => `/api/user/${p}`;
  const lines: string[] = [];
  const settle = () => eventsHandled(t.app, 'event.');
  const role = (...args: string[]) =>
    accountRoleCommand(
      args,
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: t.database.url, DATA_DIR: t.dataDir }),
      (line) => lines.push(line),
      t.database.embedded ? t.app.get(Db) : undefined,
    );
  const home = async (who: UserFixture) =>
    (await request(t.http).get(api('postcc/?count=0')).set(auth(who.token)).expect(200)).body as { res: Array<{ id: number }>; totalCount: number };
  const counts = async (id: number) =>
    (
      await request(t.http)
        .get(api(`follower_following_counts/${id}/`))
        .expect(200)
    ).body;

  beforeAll(async () => {
    // A second API process shares the embedded database's one session (suspension): unnamed statements.
    t = await startTestApp(
      { DATABASE_PREPARE: 'false' },
      process.env.SAFETY_LOG
        ? { logDestination: { write: (l: string) => (l.includes('"level":50') || l.includes('rror') ? process.stderr.write(l) : true) } }
        : {},
    );
    db = t.app.get<DataSource>(getDataSourceToken());
  });
  afterAll(() => t?.close());

  describe('block', () => {
    let blocker: UserFixture;
    let blocked: UserFixture;
    let post: number;

    beforeAll(async () => {
      blocker = await createUser(t.app, { nickName: 'Blocker' });
      blocked = await createUser(t.app, { nickName: 'Blocked' });
      await createFollow(t.app, blocked.userId, blocker.userId);
      await createFollow(t.app, blocker.userId, blocked.userId);
      post = await createPost(t.app, { userId: blocker.userId, text: 'the blocker writes' });
      await createPost(t.app, { userId: blocked.userId, text: 'the blocked writes' });
    });

    it('refuses a visitor (401) and oneself (400, translated message)', async () => {
      await request(t.http).post(api('blocks/')).send({ user_id: blocked.userId }).expect(401);
      const self = await request(t.http).post(api('blocks/')).set(auth(blocker.token)).send({ user_id: blocker.userId }).expect(400);
      expect(self.body).toEqual(validationErrors({ user_id: ['You cannot block or mute yourself.'] }));
      await request(t.http).post(api('blocks/')).set(auth(blocker.token)).send({ user_id: 99999999 }).expect(404);
    });

    it('ends follows both ways, and the counters stay true', async () => {
      expect(await counts(blocker.userId)).toMatchObject({ following_count: 1, followed_count: 1 });
      expect((await home(blocker)).res.length).toBe(2);
      await request(t.http).post(api('blocks/')).set(auth(blocker.token)).send({ user_id: blocked.userId }).expect(201);
      await request(t.http).post(api('blocks/')).set(auth(blocker.token)).send({ user_id: blocked.userId }).expect(201); // twice: nothing more
      expect(await counts(blocker.userId)).toMatchObject({ following_count: 0, followed_count: 0 });
      expect(await counts(blocked.userId)).toMatchObject({ following_count: 0, followed_count: 0 });
      const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM follow_requests WHERE ask_from IN ($1, $2) AND ask_to IN ($1, $2)`, [
        blocker.userId,
        blocked.userId,
      ]);
      expect(n).toBe(0);
      const list = (await request(t.http).get(api('blocks/')).set(auth(blocker.token)).expect(200)).body;
      expect(list.totalCount).toBe(1);
      expect(list.res[0]).toMatchObject({ user_id: blocked.userId, profile: { nickName: 'Blocked' } });
    });

    it("refuses the blocked person's like, comment, repost and follow with a 403 and a translated message", async () => {
      const refused = { detail: 'You cannot interact with this user.', code: 'blockedInteraction' };
      // The post is not even visible to them (404): neither sees the other's posts.
      await request(t.http)
        .get(api(`monopost/${post}/`))
        .set(auth(blocked.token))
        .expect(404);
      await request(t.http)
        .put(api(`monopost/${post}/`))
        .set(auth(blocked.token))
        .send({ liked: [blocked.userId] })
        .expect(404);
      const follow = await request(t.http).post(api('approval/')).set(auth(blocked.token)).send({ askTo: blocker.userId }).expect(403);
      expect(follow.body).toEqual(refused);
      // Neither side can repost the other's post: it is not there for them.
      const original = await createPost(t.app, { userId: blocked.userId, text: 'their own' });
      const blockersRepost = await request(t.http)
        .post(api('monopost/'))
        .set(auth(blocker.token))
        .send({ reposting: true, repostingFrom: original })
        .expect(400);
      expect(blockersRepost.body).toEqual(validationErrors({ repostingFrom: [`Invalid pk "${original}" - object does not exist.`] }));
      const comment = await request(t.http).post(api('monocomment/')).set(auth(blocked.token)).send({ post, text: 'hi' }).expect(400);
      expect(comment.body).toEqual(validationErrors({ post: [`Invalid pk "${post}" - object does not exist.`] }));
      const [{ liked_times }] = await db.query(`SELECT liked_times FROM posts WHERE id = $1`, [post]);
      expect(liked_times).toBe(0);
    });

    it('refuses the like through UserInteract when the post is addressable (a repost by a third person)', async () => {
      const third = await createUser(t.app, { nickName: 'Third' });
      const repost = (await request(t.http).post(api('monopost/')).set(auth(third.token)).send({ reposting: true, repostingFrom: post }).expect(201)).body
        .id as number;
      // The repost shows the blocker's post: not visible to the blocked person either.
      await request(t.http)
        .get(api(`monopost/${repost}/`))
        .set(auth(blocked.token))
        .expect(404);
      // A post of the third person is fine.
      const theirs = await createPost(t.app, { userId: third.userId });
      await request(t.http)
        .put(api(`monopost/${theirs}/`))
        .set(auth(blocked.token))
        .send({ liked: [blocked.userId] })
        .expect(200);
      // The blocker's post reached through someone else's repost: the like and the comment are refused (403).
      await db.query(`UPDATE user_blocks SET created_on = created_on`); // (the block stands)
      const like = await request(t.http)
        .put(api(`monopost/${repost}/`))
        .set(auth(blocked.token))
        .send({ liked: [blocked.userId] });
      expect(like.status).toBe(404);
    });

    it("keeps the blocked person's posts out of the blocker's lists and the other way round", async () => {
      const mine = await home(blocker);
      expect(mine.res.map((p) => p.id)).toEqual([post]);
      const theirs = (
        await request(t.http)
          .get(api(`userpostcc/?count=0&user_id=${blocker.userId}`))
          .set(auth(blocked.token))
      ).body;
      expect(JSON.stringify(theirs)).not.toContain('the blocker writes');
      const newest = (await request(t.http).get(api('monopost/')).set(auth(blocked.token)).expect(200)).body as Array<{ text: string }>;
      expect(newest.map((p) => p.text)).not.toContain('the blocker writes');
      const visitor = (await request(t.http).get(api('monopost/')).expect(200)).body as Array<{ text: string }>;
      expect(visitor.map((p) => p.text)).toEqual(expect.arrayContaining(['the blocker writes', 'the blocked writes']));
    });

    it("keeps each out of the other's profile search", async () => {
      const find = async (who?: UserFixture) => {
        const req = request(t.http).get(api('profile/search/?q=Blocker'));
        if (who) req.set(auth(who.token));
        return ((await req.expect(200)).body as Array<{ nickName: string }>).map((p) => p.nickName);
      };
      expect(await find()).toEqual(['Blocker']);
      expect(await find(blocked)).toEqual([]);
    });

    it("keeps each out of the other's view of follower and following lists (a visitor sees everyone)", async () => {
      const third = await createUser(t.app, { nickName: 'Popular' });
      await createFollow(t.app, blocked.userId, third.userId);
      await createFollow(t.app, blocker.userId, third.userId);
      await createFollow(t.app, third.userId, blocked.userId);
      const names = async (path: string, who?: UserFixture) => {
        const req = request(t.http).get(api(path));
        if (who) req.set(auth(who.token));
        return ((await req.expect(200)).body as Array<{ nickName: string }>).map((p) => p.nickName).sort();
      };
      expect(await names(`followeduser/${third.userId}/`)).toEqual(['Blocked', 'Blocker']);
      expect(await names(`followeduser/${third.userId}/`, blocker)).toEqual(['Blocker']);
      expect(await names(`followeduser/${third.userId}/`, blocked)).toEqual(['Blocked']);
      expect(await names(`followinguser/${third.userId}/`)).toEqual(['Blocked']);
      expect(await names(`followinguser/${third.userId}/`, blocker)).toEqual([]);
      // The counters stay true: the list hides, the count counts.
      expect(await counts(third.userId)).toMatchObject({ followed_count: 2, following_count: 1 });
    });

    it('lifts a block with 204 (404 when there is none); interactions work again', async () => {
      await request(t.http)
        .delete(api(`blocks/${blocked.userId}/`))
        .set(auth(blocker.token))
        .expect(204);
      await request(t.http)
        .delete(api(`blocks/${blocked.userId}/`))
        .set(auth(blocker.token))
        .expect(404);
      await request(t.http)
        .put(api(`monopost/${post}/`))
        .set(auth(blocked.token))
        .send({ liked: [blocked.userId] })
        .expect(200);
      expect((await request(t.http).get(api('blocks/')).set(auth(blocker.token)).expect(200)).body).toEqual({ res: [], totalCount: 0 });
    });
  });

  describe('mute', () => {
    it("takes the muted person's posts out of the muter's home and their acts out of the muter's notifications; nothing else changes", async () => {
      const muter = await createUser(t.app, { nickName: 'Muter' });
      const muted = await createUser(t.app, { nickName: 'Muted' });
      const other = await createUser(t.app, { nickName: 'Other' });
      await createFollow(t.app, muter.userId, muted.userId);
      await createPost(t.app, { userId: muted.userId, text: 'muted words' });
      const mine = await createPost(t.app, { userId: muter.userId, text: 'muter words' });
      expect((await home(muter)).res.length).toBe(2);
      await request(t.http).post(api('mutes/')).set(auth(muted.token)).send({ user_id: muted.userId }).expect(400);
      await request(t.http).post(api('mutes/')).send({ user_id: muted.userId }).expect(401);
      await request(t.http).post(api('mutes/')).set(auth(muter.token)).send({ user_id: muted.userId }).expect(201);
      expect((await home(muter)).res.map((p) => p.id)).toEqual([mine]);
      // Still following: a mute changes nothing else.
      expect(await counts(muter.userId)).toMatchObject({ following_count: 1 });
      await request(t.http)
        .put(api(`monopost/${mine}/`))
        .set(auth(muted.token))
        .send({ liked: [muted.userId] })
        .expect(200);
      await request(t.http)
        .put(api(`monopost/${mine}/`))
        .set(auth(other.token))
        .send({ liked: [other.userId] })
        .expect(200);
      await settle();
      const notes = (await request(t.http).get(api('notifications/all/')).set(auth(muter.token)).expect(200)).body as Array<{
        relatedUser: { userId: number };
      }>;
      expect(notes.map((n) => n.relatedUser.userId)).toEqual([other.userId]);
      const listed = (await request(t.http).get(api('mutes/')).set(auth(muter.token)).expect(200)).body;
      expect(listed).toMatchObject({ totalCount: 1, res: [{ user_id: muted.userId }] });
      await request(t.http)
        .delete(api(`mutes/${muted.userId}/`))
        .set(auth(muter.token))
        .expect(204);
      expect((await home(muter)).res.length).toBe(2);
    });

    it("a block also stops the blocked person's notifications to the blocker", async () => {
      const a = await createUser(t.app, { nickName: 'A' });
      const b = await createUser(t.app, { nickName: 'B' });
      const postId = await createPost(t.app, { userId: a.userId });
      await request(t.http)
        .put(api(`monopost/${postId}/`))
        .set(auth(b.token))
        .send({ liked: [b.userId] })
        .expect(200);
      await settle();
      expect((await request(t.http).get(api('notifications/all/')).set(auth(a.token)).expect(200)).body).toHaveLength(1);
      await db.query(`DELETE FROM notifications WHERE recipient_id = $1`, [a.userId]);
      // The block lands; the like still stands and its event comes again (at-least-once): the gate refuses it now.
      await request(t.http).post(api('blocks/')).set(auth(a.token)).send({ user_id: b.userId }).expect(201);
      const [{ id: likeId }] = await db.query(`SELECT id FROM post_likes WHERE post_id = $1 AND user_id = $2`, [postId, b.userId]);
      await db.transaction((tx) => t.app.get(EventsService).publish('post.liked', { likeId, postId, userId: b.userId, authorId: a.userId }, tx));
      await settle();
      expect((await request(t.http).get(api('notifications/all/')).set(auth(a.token)).expect(200)).body).toEqual([]);
    });
  });

  describe('reports and moderation', () => {
    let reporter: UserFixture;
    let author: UserFixture;
    let moderator: UserFixture;
    let admin: UserFixture;
    let book: number;
    let review: number;

    beforeAll(async () => {
      reporter = await createUser(t.app, { nickName: 'Reporter' });
      author = await createUser(t.app, { nickName: 'Author' });
      moderator = await createUser(t.app, { email: 'mod@example.com', nickName: 'Mod' });
      admin = await createUser(t.app, { email: 'admin@example.com', nickName: 'Admin' });
      book = await createBook(t.app, { title: 'Rated', contributors: [author.userId] });
      review = await createPost(t.app, { userId: author.userId, text: 'spam review', rating: 100, reviewTo: book });
      await createPost(t.app, { userId: reporter.userId, text: 'honest review', rating: 20, reviewTo: book });
    });

    it('sets roles with account:role (usage, unknown account, show, set)', async () => {
      expect(await role('mod@example.com', 'king')).toBe(2);
      expect(await role('nobody@example.com', 'moderator')).toBe(1);
      expect(await role('mod@example.com', 'moderator')).toBe(0);
      expect(await role('admin@example.com', 'admin')).toBe(0);
      expect(await role('mod@example.com')).toBe(0);
      expect(lines).toEqual([
        'Usage: npm run account:role -- <email> [none|moderator|admin]',
        'No account has the address nobody@example.com.',
        'mod@example.com: none → moderator',
        'admin@example.com: none → admin',
        'mod@example.com: moderator',
      ]);
    });

    it('takes a report: 401 for a visitor, 400 for an unknown target or reason, one open report per reporter and target', async () => {
      const body = { target_type: 'post', target_id: review, reason: 'spam', detail: 'selling things' };
      await request(t.http).post(api('reports/')).send(body).expect(401);
      const unknown = await request(t.http)
        .post(api('reports/'))
        .set(auth(reporter.token))
        .send({ ...body, target_id: 99999999 })
        .expect(400);
      expect(unknown.body).toEqual(validationErrors({ target_id: ['This target does not exist.'] }));
      const reason = await request(t.http)
        .post(api('reports/'))
        .set(auth(reporter.token))
        .send({ ...body, reason: 'boring' })
        .expect(400);
      expect(reason.body).toEqual(validationErrors({ reason: ['"boring" is not a valid choice.'] }));
      await request(t.http)
        .post(api('reports/'))
        .set(auth(reporter.token))
        .send({ ...body, target_type: 'planet' })
        .expect(400);
      const first = (await request(t.http).post(api('reports/')).set(auth(reporter.token)).send(body).expect(201)).body;
      const again = (await request(t.http).post(api('reports/')).set(auth(reporter.token)).send(body).expect(201)).body;
      expect(again).toEqual(first);
      await request(t.http)
        .post(api('reports/'))
        .set(auth(moderator.token))
        .send({ ...body, reason: 'harassment' })
        .expect(201);
      for (const [type, id] of [
        ['user', author.userId],
        ['page', book],
      ] as const) {
        await request(t.http).post(api('reports/')).set(auth(reporter.token)).send({ target_type: type, target_id: id, reason: 'other' }).expect(201);
      }
    });

    it('shows the queue to moderators only (403 for others, 401 for a visitor)', async () => {
      await request(t.http).get(api('moderation/reports/')).expect(401);
      const refused = await request(t.http).get(api('moderation/reports/')).set(auth(reporter.token)).expect(403);
      expect(refused.body).toEqual({ detail: 'Only moderators can do this.', code: 'moderatorsOnly' });
      await request(t.http).get(api('moderation/audit/')).set(auth(author.token)).expect(403);
      const queue = (await request(t.http).get(api('moderation/reports/?status=open')).set(auth(moderator.token)).expect(200)).body;
      expect(queue.totalCount).toBe(4);
      const ofReview = queue.res.filter((r: { target_type: string }) => r.target_type === 'post');
      expect(ofReview[0]).toMatchObject({
        target_id: review,
        target_text: 'spam review',
        author_id: author.userId,
        author: { nickName: 'Author' },
        report_count: 2,
        status: 'open',
      });
      // Newest first.
      expect(queue.res.map((r: { id: number }) => r.id)).toEqual([...queue.res.map((r: { id: number }) => r.id)].sort((a: number, b: number) => b - a));
    });

    it('hides a review: 404 to everyone but its author, out of the lists, and its rating leaves the Book; a moderator restores it', async () => {
      const bookRow = async () => (await db.query(`SELECT post_count, rating_sum, rating_count FROM pages WHERE id = $1`, [book]))[0];
      expect(await bookRow()).toEqual({ post_count: 2, rating_sum: 120, rating_count: 2 });
      const [report] = (await request(t.http).get(api('moderation/reports/')).set(auth(moderator.token)).expect(200)).body.res.filter(
        (r: { target_type: string }) => r.target_type === 'post',
      );
      await request(t.http)
        .post(api(`moderation/reports/${report.id}/resolve/`))
        .set(auth(reporter.token))
        .send({ action: 'hide', note: 'x' })
        .expect(403);
      await request(t.http)
        .post(api(`moderation/reports/${report.id}/resolve/`))
        .set(auth(moderator.token))
        .send({ action: 'explode' })
        .expect(400);
      await request(t.http)
        .post(api(`moderation/reports/${report.id}/resolve/`))
        .set(auth(moderator.token))
        .send({ action: 'hide', note: 'advertising' })
        .expect(200);
      await settle();
      await request(t.http)
        .get(api(`monopost/${review}/`))
        .set(auth(reporter.token))
        .expect(404);
      await request(t.http)
        .get(api(`monopost/${review}/`))
        .expect(404);
      // Its author still sees it, marked with the reason.
      expect(
        (
          await request(t.http)
            .get(api(`monopost/${review}/`))
            .set(auth(author.token))
            .expect(200)
        ).body.moderated_reason,
      ).toBe('advertising');
      expect(await bookRow()).toEqual({ post_count: 1, rating_sum: 20, rating_count: 1 });
      const ofBook = (
        await request(t.http)
          .get(api(`monopostcc/?count=0&pageId=${book}`))
          .expect(200)
      ).body;
      expect(JSON.stringify(ofBook)).not.toContain('spam review');
      const [{ moderated_reason }] = await db.query(`SELECT moderated_reason FROM posts WHERE id = $1`, [review]);
      expect(moderated_reason).toBe('advertising');
      // Both reports of the post are resolved with the one action.
      const resolved = (await request(t.http).get(api('moderation/reports/?status=resolved')).set(auth(moderator.token)).expect(200)).body;
      expect(
        resolved.res
          .filter((r: { target_id: number; target_type: string }) => r.target_type === 'post' && r.target_id === review)
          .map((r: { action: string }) => r.action),
      ).toEqual(['hide', 'hide']);
      await request(t.http)
        .post(api('moderation/restore/'))
        .set(auth(moderator.token))
        .send({ target_type: 'post', target_id: review, note: 'appeal' })
        .expect(200);
      await settle();
      expect(await bookRow()).toEqual({ post_count: 2, rating_sum: 120, rating_count: 2 });
      await request(t.http)
        .get(api(`monopost/${review}/`))
        .set(auth(reporter.token))
        .expect(200);
      const audit = (await request(t.http).get(api('moderation/audit/')).set(auth(moderator.token)).expect(200)).body;
      expect(audit.res.map((a: { action: string; note: string; moderator_id: number }) => [a.action, a.note, a.moderator_id])).toEqual([
        ['restore', 'appeal', moderator.userId],
        ['hide', 'advertising', moderator.userId],
      ]);
    });

    it('suspends an account: its tokens stop at once on a second API process, it cannot log in, and only an admin lifts it', async () => {
      const email = `suspended-${Date.now()}@example.com`;
      const { token, userId } = await signUp(t, email);
      await request(t.http).post(api('profile/')).set(auth(token)).send({ nickName: 'Suspect', sex: '0' });
      const theirPost = await createPost(t.app, { userId, text: 'threatening words' });
      const commentedOn = await createPost(t.app, { userId: reporter.userId, text: 'a calm post' });
      await request(t.http).post(api('monocomment/')).set(auth(token)).send({ post: commentedOn, text: 'a threatening comment' }).expect(201);
      const commentCount = async () => (await db.query(`SELECT commented_counts FROM posts WHERE id = $1`, [commentedOn]))[0].commented_counts as number;
      expect(await commentCount()).toBe(1);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-test-second-'));
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        PUBLIC_URL: 'http://app.test',
        SEED_DEMO: 'false',
        SERVE_FRONTEND: 'false',
        SMTP_URL: t.smtp.url,
        DATABASE_PREPARE: 'false',
      });
      const second: NestFastifyApplication = await createApp({ config, database: t.database, runWorkers: false });
      try {
        await second.init();
        await second.listen(0, '127.0.0.1');
        const port = (second.getHttpServer().address() as AddressInfo).port;
        const remote = () => request(`http://127.0.0.1:${port}`).get(api('account/')).set(auth(token));
        expect((await remote()).status).toBe(200); // cached on the second process now
        const reported = (
          await request(t.http)
            .post(api('reports/'))
            .set(auth(reporter.token))
            .send({ target_type: 'user', target_id: userId, reason: 'harassment' })
            .expect(201)
        ).body;
        await request(t.http)
          .post(api(`moderation/reports/${reported.id}/resolve/`))
          .set(auth(moderator.token))
          .send({ action: 'suspend_user', note: 'threats' })
          .expect(200);
        const started = Date.now();
        let status = 200;
        while (Date.now() - started < 1000 && status === 200) status = (await remote()).status;
        expect(status).toBe(401);
        await request(t.http).get(api('account/')).set(auth(token)).expect(401);
        // Its content is hidden as a moderator's hide: its post answers 404, its comment leaves the count.
        await settle();
        await request(t.http)
          .get(api(`monopost/${theirPost}/`))
          .expect(404);
        await request(t.http)
          .get(api(`monopost/${theirPost}/`))
          .set(auth(reporter.token))
          .expect(404);
        expect(await commentCount()).toBe(0);
        const newest = (await request(t.http).get(api('monopost/')).expect(200)).body as Array<{ text: string }>;
        expect(newest.map((p) => p.text)).not.toContain('threatening words');
        const login = await request(t.http).post(api('login/')).send({ email, password: PASSWORD }).expect(400);
        expect(login.body).toEqual(validationErrors({ non_field_errors: ['This account is suspended.'] }));
        await request(t.http)
          .post(api(`moderation/users/${userId}/unsuspend/`))
          .set(auth(moderator.token))
          .expect(403);
        await request(t.http)
          .post(api(`moderation/users/${userId}/unsuspend/`))
          .set(auth(admin.token))
          .expect(200);
        await request(t.http)
          .post(api(`moderation/users/${userId}/unsuspend/`))
          .set(auth(admin.token))
          .expect(404);
        await request(t.http).post(api('login/')).send({ email, password: PASSWORD }).expect(200);
        // Lifted: exactly what the suspension hid comes back.
        await settle();
        await request(t.http)
          .get(api(`monopost/${theirPost}/`))
          .expect(200);
        expect(await commentCount()).toBe(1);
      } finally {
        await second.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
    it('tells each reporter the outcome in a notification (hidden, suspended, dismissed), naming no moderator; the setting turns it off', async () => {
      await settle();
      type Note = { type: string; relatedUser: { userId: number } | null; post: number | null; preview: string | null; read: boolean };
      const notes = async (who: UserFixture) =>
        ((await request(t.http).get(api('notifications/all/')).set(auth(who.token)).expect(200)).body as Note[]).filter((n) => n.type.startsWith('report_'));
      // The review was hidden (both reporters told), the account suspended (the reporter told).
      expect((await notes(reporter)).map((n) => n.type)).toEqual(['report_suspended', 'report_hidden']);
      expect((await notes(moderator)).map((n) => n.type)).toEqual(['report_hidden']);
      const [hidden] = await notes(moderator);
      expect(hidden).toMatchObject({ relatedUser: { userId: moderator.userId }, post: null, preview: null, read: false });
      // Dismissing the Book's report tells its reporter; the unread count moves.
      const unread = async () =>
        (await request(t.http).get(api('notifications/unread/')).set(auth(reporter.token)).expect(200)).body.total_unread_count as number;
      const before = await unread();
      const queue = (await request(t.http).get(api('moderation/reports/')).set(auth(moderator.token)).expect(200)).body.res as Array<{
        id: number;
        target_type: string;
      }>;
      const ofBook = queue.find((r) => r.target_type === 'page')!;
      await request(t.http)
        .post(api(`moderation/reports/${ofBook.id}/resolve/`))
        .set(auth(moderator.token))
        .send({ action: 'dismiss', note: 'fine' })
        .expect(200);
      await settle();
      expect((await notes(reporter)).map((n) => n.type)).toEqual(['report_dismissed', 'report_suspended', 'report_hidden']);
      expect(await unread()).toBe(before + 1);
      // The author of the hidden review is not told of anyone's report.
      expect(await notes(author)).toEqual([]);
      // Turned off, the outcome no longer comes.
      await request(t.http).put(api('notification-settings/')).set(auth(reporter.token)).send({ report_dismissed: false }).expect(200);
      const settings = (await request(t.http).get(api('notification-settings/')).set(auth(reporter.token)).expect(200)).body;
      expect(settings).toMatchObject({ report_hidden: true, report_dismissed: false, report_suspended: true });
      const ofUser = queue.find((r) => r.target_type === 'user')!;
      await request(t.http)
        .post(api(`moderation/reports/${ofUser.id}/resolve/`))
        .set(auth(moderator.token))
        .send({ action: 'dismiss' })
        .expect(200);
      await settle();
      expect((await notes(reporter)).map((n) => n.type)).toEqual(['report_dismissed', 'report_suspended', 'report_hidden']);
    });
    it('hides a Book: 404 to everyone but its creator (who sees it marked, with the reason), out of lists, search and the sitemap; a moderator restores it', async () => {
      const buyer = await createUser(t.app, { nickName: 'Co-author' });
      const hidden = await createBook(t.app, { title: 'Forged harbour figures', contributors: [author.userId, buyer.userId] });
      const info = (who?: UserFixture) => {
        const req = request(t.http).get(api(`monopage/get-page-info/?pageId=${hidden}`));
        return who ? req.set(auth(who.token)) : req;
      };
      const listed = async (path: string, who?: UserFixture) => {
        const req = request(t.http).get(api(path));
        if (who) req.set(auth(who.token));
        return ((await req.expect(200)).body as Array<{ id: number }>).map((b) => b.id).includes(hidden);
      };
      const inSitemap = async () => (await request(t.http).get('/sitemaps/books-0.xml').expect(200)).text.includes(`/mono/${hidden}<`);
      expect((await info().expect(200)).body.moderated_reason).toBeNull();
      expect(await listed('newpagecc/?count=0')).toBe(true);
      expect(await listed('monopage/search-pages/?query=harbour&count=0')).toBe(true);
      expect(await inSitemap()).toBe(true);

      const { id } = (
        await request(t.http).post(api('reports/')).set(auth(reporter.token)).send({ target_type: 'page', target_id: hidden, reason: 'copyright' }).expect(201)
      ).body;
      await request(t.http)
        .post(api(`moderation/reports/${id}/resolve/`))
        .set(auth(moderator.token))
        .send({ action: 'hide', note: 'copied figures' })
        .expect(200);
      await settle();
      await info().expect(404);
      await info(reporter).expect(404);
      await info(buyer).expect(404); // an owner who is not its creator
      await request(t.http)
        .get(api(`relatedmonopage/${hidden}/`))
        .set(auth(reporter.token))
        .expect(404);
      const own = (await info(author).expect(200)).body;
      expect(own).toMatchObject({ id: hidden, moderated_reason: 'copied figures' });
      expect(await listed('newpagecc/?count=0')).toBe(false);
      expect(await listed('newpagecc/?count=0', buyer)).toBe(false);
      expect(await listed('monopage/search-pages/?query=harbour&count=0')).toBe(false);
      expect(await inSitemap()).toBe(false);
      // The reporter is told.
      const notes = (await request(t.http).get(api('notifications/all/')).set(auth(reporter.token)).expect(200)).body as Array<{ type: string }>;
      expect(notes[0].type).toBe('report_hidden');

      await request(t.http).post(api('moderation/restore/')).set(auth(reporter.token)).send({ target_type: 'page', target_id: hidden }).expect(403);
      await request(t.http).post(api('moderation/restore/')).set(auth(moderator.token)).send({ target_type: 'page', target_id: 99999999 }).expect(404);
      await request(t.http)
        .post(api('moderation/restore/'))
        .set(auth(moderator.token))
        .send({ target_type: 'page', target_id: hidden, note: 'licence shown' })
        .expect(200);
      await settle();
      expect((await info(buyer).expect(200)).body.moderated_reason).toBeNull();
      expect(await listed('newpagecc/?count=0')).toBe(true);
      expect(await inSitemap()).toBe(true);
    });

    it('hides an ad: served to nobody, its advertiser sees it marked and inactive; a moderator restores it', async () => {
      const [{ id: ad }] = await db.query(
        `INSERT INTO ads (user_id, type, url, content, target, price, attributes, paid, paid_on) VALUES ($1, 0, 'https://shop.example/', 'Miracle cure', 90000, 5000, '{}'::int[], true, now()) RETURNING id`,
        [author.userId],
      );
      const served = async () => ((await request(t.http).get(api('advertisements-random/')).expect(200)).body as Array<{ id: number }>).map((a) => a.id);
      expect(await served()).toContain(ad);
      const { id } = (
        await request(t.http)
          .post(api('reports/'))
          .set(auth(reporter.token))
          .send({ target_type: 'advertisement', target_id: ad, reason: 'illegal' })
          .expect(201)
      ).body;
      await request(t.http)
        .post(api(`moderation/reports/${id}/resolve/`))
        .set(auth(moderator.token))
        .send({ action: 'hide', note: 'false health claims' })
        .expect(200);
      await settle();
      expect(await served()).not.toContain(ad);
      expect(
        (
          await request(t.http)
            .get(api(`advertisement/${ad}/`))
            .set(auth(author.token))
            .expect(200)
        ).body,
      ).toMatchObject({ active: false, moderated_reason: 'false health claims' });
      await request(t.http).post(api('moderation/restore/')).set(auth(moderator.token)).send({ target_type: 'advertisement', target_id: ad }).expect(200);
      await settle();
      expect(await served()).toContain(ad);
      expect(
        (
          await request(t.http)
            .get(api(`advertisement/${ad}/`))
            .set(auth(author.token))
            .expect(200)
        ).body,
      ).toMatchObject({ active: true, moderated_reason: null });
    });

    it('hides a circle: 404 to everyone but its owner (who sees it marked), out of search; a moderator restores it', async () => {
      const image = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#884422' } })
        .jpeg()
        .toBuffer();
      const made = await request(t.http)
        .post(api('create-community/'))
        .set(auth(author.token))
        .field('title', 'Pyramid scheme club')
        .field('description', 'join now')
        .attach('image', image, 'icon.jpg')
        .expect(201);
      const circle = made.body.id as number;
      const found = async () =>
        ((await request(t.http).get(api('combinedsearch/?q=Pyramid')).expect(200)).body as Array<{ type: string; id: number }>).some(
          (i) => i.type === 'community' && i.id === circle,
        );
      expect(await found()).toBe(true);
      const { id } = (
        await request(t.http).post(api('reports/')).set(auth(reporter.token)).send({ target_type: 'community', target_id: circle, reason: 'spam' }).expect(201)
      ).body;
      await request(t.http)
        .post(api(`moderation/reports/${id}/resolve/`))
        .set(auth(moderator.token))
        .send({ action: 'hide', note: 'a scam' })
        .expect(200);
      await settle();
      await request(t.http)
        .get(api(`community/${circle}/`))
        .expect(404);
      await request(t.http)
        .get(api(`community/${circle}/`))
        .set(auth(reporter.token))
        .expect(404);
      expect(
        (
          await request(t.http)
            .get(api(`community/${circle}/`))
            .set(auth(author.token))
            .expect(200)
        ).body.moderated_reason,
      ).toBe('a scam');
      expect(await found()).toBe(false);
      await request(t.http).post(api('moderation/restore/')).set(auth(moderator.token)).send({ target_type: 'community', target_id: circle }).expect(200);
      await settle();
      expect(
        (
          await request(t.http)
            .get(api(`community/${circle}/`))
            .expect(200)
        ).body.moderated_reason,
      ).toBeNull();
      expect(await found()).toBe(true);
    });

    it('refuses to hide what cannot be hidden yet (a user: suspend instead) with a 400', async () => {
      const { id } = (
        await request(t.http)
          .post(api('reports/'))
          .set(auth(reporter.token))
          .send({ target_type: 'user', target_id: admin.userId, reason: 'other' })
          .expect(201)
      ).body;
      const refused = await request(t.http)
        .post(api(`moderation/reports/${id}/resolve/`))
        .set(auth(moderator.token))
        .send({ action: 'hide' })
        .expect(400);
      expect(refused.body).toEqual(validationErrors({ action: ['"hide" is not a valid choice.'] }));
    });
  });

  describe('spam brakes', () => {
    it("holds a new account's posts with a link once two others' reports against it are open; its author sees it marked held; a moderator releases it", async () => {
      const newcomer = await createUser(t.app, { nickName: 'Newcomer' });
      const first = await createUser(t.app, { nickName: 'First reporter' });
      const second = await createUser(t.app, { nickName: 'Second reporter' });
      const moderator = await createUser(t.app, { email: 'brake-mod@example.com', nickName: 'Brake mod' });
      expect(await role('brake-mod@example.com', 'moderator')).toBe(0);
      const post = async (text: string) =>
        (await request(t.http).post(api('monopost/')).set(auth(newcomer.token)).send({ text }).expect(201)).body as {
          id: number;
          moderated_reason: string | null;
        };
      const reportUser = (who: UserFixture) =>
        request(t.http).post(api('reports/')).set(auth(who.token)).send({ target_type: 'user', target_id: newcomer.userId, reason: 'spam' }).expect(201);
      // One report is not a pile: a link goes out.
      await reportUser(first);
      expect((await post('see https://example.com/a')).moderated_reason).toBeNull();
      await reportUser(second);
      // Two: a post without a link still goes out, one with a link is held.
      const plain = await post('just words');
      expect(plain.moderated_reason).toBeNull();
      const held = await post('cheap pills at www.example.com');
      expect(held.moderated_reason).toBe('Held for review: a new account with reports against it posted a link.');
      await request(t.http)
        .get(api(`monopost/${held.id}/`))
        .expect(404);
      await request(t.http)
        .get(api(`monopost/${held.id}/`))
        .set(auth(first.token))
        .expect(404);
      const own = (
        await request(t.http)
          .get(api(`monopost/${held.id}/`))
          .set(auth(newcomer.token))
          .expect(200)
      ).body;
      expect(own.moderated_reason).toBe(held.moderated_reason);
      const newest = (await request(t.http).get(api('monopost/')).expect(200)).body as Array<{ id: number }>;
      expect(newest.map((p) => p.id)).toEqual(expect.arrayContaining([plain.id]));
      expect(newest.map((p) => p.id)).not.toContain(held.id);
      // It waits in the queue; dismissing its report releases it.
      await settle();
      const queue = (await request(t.http).get(api('moderation/reports/')).set(auth(moderator.token)).expect(200)).body.res as Array<{
        id: number;
        target_type: string;
        target_id: number;
        detail: string;
        author_id: number;
      }>;
      const entry = queue.find((r) => r.target_type === 'post' && r.target_id === held.id)!;
      expect(entry).toMatchObject({ author_id: newcomer.userId, detail: held.moderated_reason });
      await request(t.http)
        .post(api(`moderation/reports/${entry.id}/resolve/`))
        .set(auth(moderator.token))
        .send({ action: 'dismiss', note: 'a real shop' })
        .expect(200);
      await settle();
      expect(
        (
          await request(t.http)
            .get(api(`monopost/${held.id}/`))
            .expect(200)
        ).body.moderated_reason,
      ).toBeNull();
      // The newcomer is not told as a reporter would be.
      const notes = (await request(t.http).get(api('notifications/all/')).set(auth(newcomer.token)).expect(200)).body as Array<{ type: string }>;
      expect(notes.filter((n) => n.type.startsWith('report_'))).toEqual([]);
    });

    it('refuses the 21st report of an hour and the 61st post of ten minutes with 429 and Retry-After', async () => {
      const busy = await createUser(t.app, { nickName: 'Busy' });
      const targets = await Promise.all(Array.from({ length: 21 }, () => createPost(t.app, { userId: busy.userId })));
      for (const id of targets.slice(0, 20)) {
        await request(t.http).post(api('reports/')).set(auth(busy.token)).send({ target_type: 'post', target_id: id, reason: 'spam' }).expect(201);
      }
      const report = await request(t.http)
        .post(api('reports/'))
        .set(auth(busy.token))
        .send({ target_type: 'post', target_id: targets[20], reason: 'spam' })
        .expect(429);
      expect(Number(report.headers['retry-after'])).toBeGreaterThan(3000);
      // A repeat of an open report answers it (no new report, no point taken).
      await request(t.http).post(api('reports/')).set(auth(busy.token)).send({ target_type: 'post', target_id: targets[0], reason: 'spam' }).expect(201);
      for (let i = 0; i < 60; i++)
        await request(t.http)
          .post(api('monopost/'))
          .set(auth(busy.token))
          .send({ text: `post ${i}` })
          .expect(201);
      const post = await request(t.http).post(api('monopost/')).set(auth(busy.token)).send({ text: 'one too many' }).expect(429);
      expect(Number(post.headers['retry-after'])).toBeGreaterThan(500);
      expect(post.body.detail).toMatch(/^Request was throttled/);
      // Another account is not braked.
      const calm = await createUser(t.app, { nickName: 'Calm' });
      await request(t.http).post(api('monopost/')).set(auth(calm.token)).send({ text: 'hello' }).expect(201);
    });
  });
});
