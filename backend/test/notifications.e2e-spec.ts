import sharp from 'sharp';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap';
import { loadConfig } from '../src/config/config';
import { FollowsService } from '../src/modules/follows/follows.service';
import { NotificationStreams } from '../src/modules/notifications/notification-streams.service';
import { NotificationsService } from '../src/modules/notifications/notifications.service';
import { sample, upload, waitForBook } from './helpers/books';
import { eventsHandled } from './helpers/events';
import { createFollow, createPost, createUser, type UserFixture } from './helpers/factories';
import { auth, startTestApp, type TestApp } from './helpers/test-app';

interface Note {
  id: number;
  type: string;
  read: boolean;
  post: number | null;
  comment: number | null;
  page: number | null;
  community: number | null;
  relatedUser: { userId: number; nickName: string } | null;
  preview: string | null;
  target_gone: boolean;
}

interface SseEvent {
  event: string;
  data: unknown;
}

/** A Server-Sent Events client on plain http (the events it got, and whether the server ended it). */
function openStream(
  port: number,
  url: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  events: SseEvent[];
  ended: () => boolean;
  close: () => void;
  waitFor: (pred: (e: SseEvent) => boolean, ms?: number) => Promise<SseEvent>;
}> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
      const events: SseEvent[] = [];
      let ended = false;
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      });
      res.on('end', () => (ended = true));
      res.on('close', () => (ended = true));
      resolve({
        status: res.statusCode ?? 0,
        events,
        ended: () => ended,
        close: () => req.destroy(),
        waitFor: async (pred, ms = 10_000) => {
          const deadline = Date.now() + ms;
          for (;;) {
            const found = events.find(pred);
            if (found) return found;
            if (Date.now() > deadline) throw new Error(`no such event in ${JSON.stringify(events)}`);
            await new Promise((r) => setTimeout(r, 50));
          }
        },
      });
    });
    req.on('error', reject);
  });
}

/**
 * Notifications: each type made by its real act through the durable events, the gate (settings,
 * never oneself, one per key), reading and marking one's own only, the prune, and the live
 * stream served by a second API process on the same database.
 */
describe('notifications', () => {
  let t: TestApp;
  let hanako: UserFixture;
  let taro: UserFixture;
  let emily: UserFixture;
  const api = (p: string) => `/api/user/${p}`;
  const settle = () => eventsHandled(t.app, 'event.');
  const all = async (u: UserFixture, count = 0): Promise<Note[]> =>
    (
      await request(t.http)
        .get(api(`notifications/all/?count=${count}`))
        .set(auth(u.token))
        .expect(200)
    ).body;
  const typesOf = (notes: Note[]) => notes.map((n) => n.type).sort();

  beforeAll(async () => {
    // Two API processes share the database below; on the embedded one they share its one session,
    // where one process's new connection forgets every prepared statement (sql.ts): unnamed ones here.
    t = await startTestApp({ DATABASE_PREPARE: 'false' });
    hanako = await createUser(t.app, { nickName: '花子' });
    taro = await createUser(t.app, { nickName: 'たろう' });
    emily = await createUser(t.app, { nickName: 'Emily', language: 'en' });
  });
  afterAll(() => t?.close());

  it('answers each notification in one exact shape, made in the database, in the lists, the PATCH answer and the stream alike', async () => {
    const reader = await createUser(t.app, { nickName: 'Reader' });
    const actor = await createUser(t.app, { nickName: 'アクター' });
    const db = t.app.get<DataSource>(getDataSourceToken());
    await db.query(`UPDATE profiles SET img = 'profiles/actor.jpg' WHERE user_id = $1`, [actor.userId]);
    const postId = await createPost(t.app, { userId: reader.userId, text: 'shape "quoted" \\ text' });
    await request(t.http)
      .put(api(`monopost/${postId}/`))
      .set(auth(actor.token))
      .send({ liked: [actor.userId] })
      .expect(200);
    await settle();
    const [row] = await db.query(
      `SELECT n.id, n.created_on, p.id AS profile_id FROM notifications n JOIN profiles p ON p.user_id = n.actor_id WHERE n.recipient_id = $1`,
      [reader.userId],
    );
    const expected = {
      id: row.id,
      type: 'post_liked',
      read: false,
      created_on: new Date(row.created_on).toISOString(),
      post: postId,
      comment: null,
      page: null,
      community: null,
      relatedUser: { id: row.profile_id, userId: actor.userId, nickName: 'アクター', img: 'http://app.test/media/profiles/actor.jpg' },
      preview: 'shape "quoted" \\ text',
      target_gone: false,
    };
    const listed = await request(t.http).get(api('notifications/all/')).set(auth(reader.token)).expect(200);
    expect(listed.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(listed.body).toEqual([expected]);
    expect(Object.keys(listed.body[0])).toEqual(Object.keys(expected));
    const unread = await request(t.http).get(api('notifications/unread/')).set(auth(reader.token)).expect(200);
    expect(unread.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(unread.body).toEqual({ total_unread_count: 1, notifications: [expected] });
    expect(await t.app.get(NotificationsService).one(reader.userId, row.id)).toEqual(expected);
    expect(
      (
        await request(t.http)
          .patch(api(`notifications/${row.id}/`))
          .set(auth(reader.token))
          .send({ read: true })
          .expect(200)
      ).body,
    ).toEqual({ ...expected, read: true });
    // Empty lists are lists.
    expect((await request(t.http).get(api('notifications/unread/')).set(auth(reader.token)).expect(200)).body).toEqual({
      total_unread_count: 0,
      notifications: [],
    });
    expect((await request(t.http).get(api('notifications/all/?count=5')).set(auth(reader.token)).expect(200)).body).toEqual([]);
  });

  it('a like, a comment and a repost notify the author once each; like–unlike–like leaves one; never oneself', async () => {
    const postId = await createPost(t.app, { userId: hanako.userId, text: '今日は統計の話をします' });
    await request(t.http)
      .put(api(`monopost/${postId}/`))
      .set(auth(taro.token))
      .send({ liked: [taro.userId] })
      .expect(200);
    await request(t.http)
      .put(api(`monopost/${postId}/`))
      .set(auth(taro.token))
      .send({ liked: [] })
      .expect(200);
    await request(t.http)
      .put(api(`monopost/${postId}/`))
      .set(auth(taro.token))
      .send({ liked: [taro.userId] })
      .expect(200);
    const comment = await request(t.http).post(api('monocomment/')).set(auth(taro.token)).send({ post: postId, text: 'とても面白いと思いました' }).expect(201);
    await request(t.http).post(api('monopost/')).set(auth(taro.token)).send({ reposting: true, repostingFrom: postId }).expect(201);
    // Oneself: a like and a comment on one's own post.
    await request(t.http)
      .put(api(`monopost/${postId}/`))
      .set(auth(hanako.token))
      .send({ liked: [hanako.userId] })
      .expect(200);
    await request(t.http).post(api('monocomment/')).set(auth(hanako.token)).send({ post: postId, text: 'self' }).expect(201);
    await settle();
    const notes = await all(hanako);
    expect(typesOf(notes)).toEqual(['post_commented', 'post_liked', 'post_reposted']);
    for (const n of notes) expect(n).toMatchObject({ read: false, post: postId, relatedUser: { userId: taro.userId, nickName: 'たろう' }, target_gone: false });
    expect(notes.find((n) => n.type === 'post_commented')).toMatchObject({ comment: comment.body.id, preview: 'とても面白いと思いました' });
    expect(notes.find((n) => n.type === 'post_liked')!.preview).toBe('今日は統計の話をします');
    expect(await all(taro)).toEqual([]);
    // A redelivered event (the handler run again) makes nothing more.
    const service = t.app.get(NotificationsService);
    expect(await service.notifyOne(hanako.userId, { type: 'post_liked', actorId: taro.userId, objectId: postId, postId })).toBe(0);
    const unread = await request(t.http).get(api('notifications/unread/')).set(auth(hanako.token)).expect(200);
    expect(unread.body.total_unread_count).toBe(3);
    expect(unread.body.notifications).toHaveLength(3);
    expect(unread.body.notifications).toEqual(notes);
    // The comment deleted: its notification stays, without a preview; the post still stands.
    await request(t.http)
      .delete(api(`monocomment/${comment.body.id}/`))
      .set(auth(taro.token))
      .expect(204);
    expect((await all(hanako)).find((n) => n.type === 'post_commented')).toMatchObject({ preview: null, target_gone: false });
    // The post deleted: every notification about it says so, in both lists.
    await request(t.http)
      .delete(api(`monopost/${postId}/`))
      .set(auth(hanako.token))
      .expect(204);
    const gone = await all(hanako);
    expect(gone.map((n) => [n.type, n.preview, n.target_gone]).sort()).toEqual([
      ['post_commented', null, true],
      ['post_liked', null, true],
      ['post_reposted', null, true],
    ]);
    expect((await request(t.http).get(api('notifications/unread/')).set(auth(hanako.token)).expect(200)).body.notifications).toEqual(gone);
  });

  it('a follow request and its approval make one user_followed', async () => {
    await request(t.http).post(api('approval/')).set(auth(emily.token)).send({ askTo: hanako.userId }).expect(201);
    await settle();
    await request(t.http).post(api('approval/')).set(auth(hanako.token)).send({ askTo: emily.userId, approved: true }).expect(201);
    await settle();
    const follows = (await all(hanako)).filter((n) => n.type === 'user_followed');
    expect(follows).toHaveLength(1);
    expect(follows[0].relatedUser).toMatchObject({ userId: emily.userId });
  });

  it("Books: generated, a followed user's new Book, followed, owned, posted about (owners and followers)", async () => {
    // emily follows hanako (above); hanako uploads.
    const res = await upload(t, hanako.token, 'prefecture health insurance.csv', sample('prefecture-health-insurance.csv'), {
      title: '都道府県別 健康保険料率',
    }).expect(201);
    const { page: bookId } = await waitForBook(t, hanako.userId, res.body.id);
    await settle();
    expect((await all(hanako)).find((n) => n.type === 'data_generated')).toMatchObject({ page: bookId, preview: '都道府県別 健康保険料率' });
    expect((await all(emily)).filter((n) => n.type === 'followinguser_book_generated')).toEqual([
      expect.objectContaining({ page: bookId, relatedUser: expect.objectContaining({ userId: hanako.userId }) }),
    ]);

    await request(t.http).post(api('followingpage/')).set(auth(taro.token)).send({ pageId: bookId }).expect(201);
    const info = await request(t.http)
      .get(api(`monopage/get-page-info/?pageId=${bookId}`))
      .set(auth(emily.token))
      .expect(200);
    await request(t.http).post(api('owningpage/')).set(auth(emily.token)).send({ encrypted_pageId: info.body.encrypted_pageId }).expect(201);
    const review = await request(t.http).post(api('monopost/')).set(auth(emily.token)).send({ text: 'Useful data', reviewTo: bookId, rating: 80 }).expect(201);
    await settle();
    const mine = await all(hanako);
    expect(mine.find((n) => n.type === 'data_book_followed')).toMatchObject({ page: bookId, relatedUser: expect.objectContaining({ userId: taro.userId }) });
    expect(mine.find((n) => n.type === 'data_book_owned')).toMatchObject({ page: bookId, relatedUser: expect.objectContaining({ userId: emily.userId }) });
    expect(mine.find((n) => n.type === 'book_posted')).toMatchObject({ page: bookId, post: review.body.id, preview: 'Useful data' });
    expect((await all(taro)).filter((n) => n.type === 'followingpage_commented')).toEqual([expect.objectContaining({ page: bookId, post: review.body.id })]);
    // The reviewer follows nothing and owns no data of it: nothing for her about her own review.
    expect((await all(emily)).map((n) => n.type)).toEqual(['followinguser_book_generated']);
  }, 60_000);

  it('fans out to 100 followers in one statement', async () => {
    const followers: UserFixture[] = [];
    for (let i = 0; i < 100; i++) followers.push(await createUser(t.app));
    for (const f of followers) await createFollow(t.app, f.userId, taro.userId);
    await settle();
    const service = t.app.get(NotificationsService);
    const db = t.app.get<DataSource>(getDataSourceToken());
    const made = await service.notify(
      t.app.get(FollowsService).followersSql(':user'),
      { user: taro.userId },
      {
        type: 'followinguser_book_generated',
        actorId: taro.userId,
        objectId: 424242,
        pageId: 424242,
      },
    );
    expect(made).toBe(100);
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM notifications WHERE object_id = 424242`);
    expect(n).toBe(100);
  }, 120_000);

  it('the circle types, by their acts: an invitation, and an approved join request', async () => {
    const icon = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#3a5c8a' } })
      .jpeg()
      .toBuffer();
    const created = await request(t.http)
      .post(api('create-community/'))
      .set(auth(hanako.token))
      .field('title', 'Lab')
      .field('description', 'Lab data')
      .attach('image', icon, 'icon.jpg')
      .expect(201);
    const circle: number = created.body.id;
    await request(t.http)
      .post(api(`community/${circle}/invite/`))
      .set(auth(hanako.token))
      .send({ invited_user: taro.userId })
      .expect(201);
    await request(t.http).post(api('communityjoin/')).set(auth(emily.token)).send({ community: circle }).expect(201);
    await request(t.http)
      .post(api(`community/${circle}/join-request/approve/${emily.userId}/`))
      .set(auth(hanako.token))
      .expect(200);
    await settle();
    expect((await all(taro)).filter((n) => n.type === 'community_invited')).toEqual([
      expect.objectContaining({ community: circle, relatedUser: expect.objectContaining({ userId: hanako.userId }) }),
    ]);
    expect((await all(emily)).filter((n) => n.type === 'community_joinrequest_approved')).toEqual([expect.objectContaining({ community: circle })]);
    // The owner is told nothing of their own acts.
    expect((await all(hanako)).filter((n) => n.type.startsWith('community_'))).toEqual([]);
    // A redelivered event makes no second one.
    const service = t.app.get(NotificationsService);
    expect(await service.circleInvited({ invitationId: 0, circleId: circle, inviterId: hanako.userId, invitedId: taro.userId })).toBe(0);
  });

  it('a setting turned off suppresses exactly that type', async () => {
    const defaults = await request(t.http).get(api('notification-settings/')).set(auth(hanako.token)).expect(200);
    expect(Object.values(defaults.body)).toHaveLength(15);
    expect(Object.values(defaults.body).every((v) => v === true)).toBe(true);
    const off = await request(t.http).put(api('notification-settings/')).set(auth(hanako.token)).send({ post_liked: false }).expect(200);
    expect(off.body).toEqual({ ...defaults.body, post_liked: false });
    expect((await request(t.http).get(api('notification-settings/update_notification_settings/')).set(auth(hanako.token)).expect(200)).body).toEqual(off.body);
    await request(t.http).put(api('notification-settings/')).set(auth(hanako.token)).send({ post_liked: 'maybe' }).expect(400);
    await request(t.http).put(api('notification-settings/')).send({ post_liked: true }).expect(401);

    const postId = await createPost(t.app, { userId: hanako.userId, text: 'second' });
    await request(t.http)
      .put(api(`monopost/${postId}/`))
      .set(auth(emily.token))
      .send({ liked: [emily.userId] })
      .expect(200);
    await request(t.http).post(api('monocomment/')).set(auth(emily.token)).send({ post: postId, text: 'hi' }).expect(201);
    await settle();
    expect((await all(hanako)).filter((n) => n.post === postId).map((n) => n.type)).toEqual(['post_commented']);
    const on = await request(t.http)
      .put(api('notification-settings/update_notification_settings/'))
      .set(auth(hanako.token))
      .send({ post_liked: true })
      .expect(200);
    expect(on.body).toEqual(defaults.body);
  });

  it("reads and marks one's own notifications only", async () => {
    const [theirs] = await all(taro);
    const [mine] = await all(hanako);
    await request(t.http)
      .patch(api(`notifications/${theirs.id}/`))
      .set(auth(hanako.token))
      .send({ read: true })
      .expect(404);
    await request(t.http).patch(api(`notifications/999999/`)).set(auth(hanako.token)).send({ read: true }).expect(404);
    await request(t.http)
      .patch(api(`notifications/${theirs.id}/`))
      .send({ read: true })
      .expect(401);
    await request(t.http)
      .patch(api(`notifications/${mine.id}/`))
      .set(auth(hanako.token))
      .send({ read: 'x' })
      .expect(400);
    expect((await all(taro)).find((n) => n.id === theirs.id)!.read).toBe(false);
    const marked = await request(t.http)
      .patch(api(`notifications/${mine.id}/`))
      .set(auth(hanako.token))
      .send({ read: true })
      .expect(200);
    expect(marked.body).toMatchObject({ id: mine.id, read: true });
    expect((await all(hanako)).every((n) => n.id !== theirs.id)).toBe(true);
    const before = (await request(t.http).get(api('notifications/unread/')).set(auth(hanako.token)).expect(200)).body.total_unread_count;
    expect(before).toBeGreaterThan(0);
    expect((await request(t.http).post(api('notifications/mark-all-read/')).set(auth(hanako.token)).expect(200)).body).toEqual({ marked: before });
    expect((await request(t.http).get(api('notifications/unread/')).set(auth(hanako.token)).expect(200)).body).toEqual({
      total_unread_count: 0,
      notifications: [],
    });
    expect((await all(taro)).find((n) => n.id === theirs.id)!.read).toBe(false);
    await request(t.http).get(api('notifications/all/?count=x')).set(auth(hanako.token)).expect(400);
    await request(t.http).get(api('notifications/unread/')).expect(401);
  });

  it('prunes read notifications older than 90 days', async () => {
    const db = t.app.get<DataSource>(getDataSourceToken());
    const [old] = await all(hanako);
    const [unreadOld] = await all(taro);
    await db.query(`UPDATE notifications SET created_on = now() - interval '91 days' WHERE id = ANY($1::int[])`, [[old.id, unreadOld.id]]);
    expect(await t.app.get(NotificationsService).prune()).toBe(1);
    expect((await all(hanako)).some((n) => n.id === old.id)).toBe(false);
    expect((await all(taro)).some((n) => n.id === unreadOld.id)).toBe(true);
  });

  it("a leaving user's notifications go, and nothing new reaches them", async () => {
    const leaver = await createUser(t.app, { nickName: 'Leaver' });
    const postId = await createPost(t.app, { userId: hanako.userId, text: 'leave' });
    await request(t.http)
      .put(api(`monopost/${postId}/`))
      .set(auth(leaver.token))
      .send({ liked: [leaver.userId] })
      .expect(200);
    await settle();
    expect((await all(hanako)).some((n) => n.relatedUser?.userId === leaver.userId)).toBe(true);
    await request(t.http).post(api('deleteprofile/')).set(auth(leaver.token)).expect(200);
    await settle();
    const db = t.app.get<DataSource>(getDataSourceToken());
    expect(await db.query(`SELECT id FROM notifications WHERE actor_id = $1 OR recipient_id = $1`, [leaver.userId])).toEqual([]);
    const service = t.app.get(NotificationsService);
    expect(await service.notifyOne(leaver.userId, { type: 'post_liked', actorId: hanako.userId, objectId: 1, postId: 1 })).toBe(0);
  });

  describe('the live stream', () => {
    let second: NestFastifyApplication;
    let port: number;
    let dataDir: string;

    beforeAll(async () => {
      // A second API process on the same database (no workers: the first one's make the notifications).
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-test-second-'));
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        PUBLIC_URL: 'http://app.test',
        SEED_DEMO: 'false',
        SERVE_FRONTEND: 'false',
        SMTP_URL: t.smtp.url,
        DATABASE_PREPARE: 'false',
      });
      second = await createApp({ config, database: t.database, runWorkers: false });
      await second.init();
      await second.listen(0, '127.0.0.1');
      port = (second.getHttpServer().address() as AddressInfo).port;
      second.get(NotificationStreams).heartbeatMs = 300;
    });
    afterAll(async () => {
      await second?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("delivers a notification made by the first process to the second one's client, within 2 s", async () => {
      const stream = await openStream(port, api('notifications/stream/'), auth(hanako.token));
      expect(stream.status).toBe(200);
      const first = await stream.waitFor((e) => e.event === 'unread');
      expect(first.data).toEqual({ total_unread_count: 0 });
      const postId = await createPost(t.app, { userId: hanako.userId, text: 'live' });
      const started = Date.now();
      await request(t.http)
        .put(api(`monopost/${postId}/`))
        .set(auth(taro.token))
        .send({ liked: [taro.userId] })
        .expect(200);
      const note = await stream.waitFor((e) => e.event === 'notification');
      expect(Date.now() - started).toBeLessThan(2000);
      expect(note.data).toMatchObject({ type: 'post_liked', post: postId, relatedUser: { userId: taro.userId } });
      await stream.waitFor((e) => e.event === 'unread' && (e.data as { total_unread_count: number }).total_unread_count === 1);
      // Marking all read (on the first process) tells the stream the count.
      await request(t.http).post(api('notifications/mark-all-read/')).set(auth(hanako.token)).expect(200);
      await stream.waitFor((e) => e.event === 'unread' && (e.data as { total_unread_count: number }).total_unread_count === 0 && stream.events.indexOf(e) > 2);
      stream.close();
    });

    it('takes a single-use ticket instead of the header, never the token in the URL; ends at logout', async () => {
      const bad = await openStream(port, api('notifications/stream/?ticket=not-a-ticket-at-all'));
      expect(bad.status).toBe(401);
      const none = await openStream(port, api('notifications/stream/'));
      expect(none.status).toBe(401);
      const withToken = await openStream(port, api(`notifications/stream/?ticket=${taro.token}`));
      expect(withToken.status).toBe(401);
      const { token } = await createUser(t.app).then(async (u) => ({ token: u.token, userId: u.userId }));
      await request(t.http).post(api('notifications/stream-ticket/')).expect(401);
      const issued = await request(t.http).post(api('notifications/stream-ticket/')).set(auth(token)).expect(200);
      expect(issued.body).toEqual({ ticket: expect.any(String), expires_in: 60 });
      const stream = await openStream(port, api(`notifications/stream/?ticket=${encodeURIComponent(issued.body.ticket)}`));
      expect(stream.status).toBe(200);
      await stream.waitFor((e) => e.event === 'unread');
      const again = await openStream(port, api(`notifications/stream/?ticket=${encodeURIComponent(issued.body.ticket)}`));
      expect(again.status).toBe(401);
      await request(t.http).post(api('logout/')).set(auth(token)).expect(200);
      const deadline = Date.now() + 5000;
      while (!stream.ended() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(stream.ended()).toBe(true);
    });

    it('caps the streams of an account (429, the new one refused) and of a process (503), and frees a slot when a stream closes', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-test-capped-'));
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dir,
        PUBLIC_URL: 'http://app.test',
        SEED_DEMO: 'false',
        SERVE_FRONTEND: 'false',
        SMTP_URL: t.smtp.url,
        DATABASE_PREPARE: 'false',
        NOTIFICATION_STREAMS_PER_ACCOUNT: '2',
        NOTIFICATION_STREAMS_MAX: '4',
      });
      const capped = await createApp({ config, database: t.database, runWorkers: false });
      await capped.init();
      await capped.listen(0, '127.0.0.1');
      const cappedPort = (capped.getHttpServer().address() as AddressInfo).port;
      const streams = capped.get(NotificationStreams);
      const opened: Array<Awaited<ReturnType<typeof openStream>>> = [];
      try {
        for (const user of [hanako, hanako]) {
          const s = await openStream(cappedPort, api('notifications/stream/'), auth(user.token));
          expect(s.status).toBe(200);
          await s.waitFor((e) => e.event === 'unread');
          opened.push(s);
        }
        // A third stream of the same account: refused, the two open ones untouched.
        const third = await request(capped.getHttpServer()).get(api('notifications/stream/')).set(auth(hanako.token)).expect(429);
        expect(third.body).toEqual({
          detail: 'Too many notification streams are open for this account (at most 2). Close another tab, or try again later.',
          code: 'streamsPerAccount',
          params: { n: 2 },
        });
        expect(third.headers['retry-after']).toBe('60');
        // The same through a ticket (an EventSource).
        const issued = await request(t.http).post(api('notifications/stream-ticket/')).set(auth(hanako.token)).expect(200);
        await request(capped.getHttpServer())
          .get(api(`notifications/stream/?ticket=${encodeURIComponent(issued.body.ticket)}`))
          .expect(429);
        expect(opened.map((s) => s.ended())).toEqual([false, false]);
        expect(streams.countOf(hanako.userId)).toBe(2);
        // Another account fills the process (4): a fifth stream, of a third account, gets 503.
        for (const user of [taro, taro]) {
          const s = await openStream(cappedPort, api('notifications/stream/'), auth(user.token));
          expect(s.status).toBe(200);
          opened.push(s);
        }
        expect(streams.size).toBe(4);
        const full = await request(capped.getHttpServer()).get(api('notifications/stream/')).set(auth(emily.token)).expect(503);
        expect(full.body).toEqual({ detail: 'This server holds as many notification streams as it can. Try again in a moment.', code: 'streamsFull' });
        expect(full.headers['retry-after']).toBe('5');
        // A closed stream frees its slot, for its account and the process.
        opened.shift()!.close();
        const deadline = Date.now() + 5000;
        while (streams.size > 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        expect(streams.countOf(hanako.userId)).toBe(1);
        const again = await openStream(cappedPort, api('notifications/stream/'), auth(hanako.token));
        expect(again.status).toBe(200);
        await again.waitFor((e) => e.event === 'unread');
        opened.push(again);
        // The refused ones were never counted.
        expect(streams.size).toBe(4);
      } finally {
        for (const s of opened) s.close();
        await capped.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('a process shutting down (SIGTERM) ends its streams, so browsers reconnect to another one, and stops', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-test-third-'));
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dir,
        PUBLIC_URL: 'http://app.test',
        SEED_DEMO: 'false',
        SERVE_FRONTEND: 'false',
        SMTP_URL: t.smtp.url,
      });
      const third = await createApp({ config, database: t.database, runWorkers: false });
      await third.init();
      await third.listen(0, '127.0.0.1');
      const thirdPort = (third.getHttpServer().address() as AddressInfo).port;
      try {
        const stream = await openStream(thirdPort, api('notifications/stream/'), auth(hanako.token));
        await stream.waitFor((e) => e.event === 'unread');
        // As main.ts does on SIGTERM: the application closes, with this stream still open.
        await third.close();
        expect(stream.ended()).toBe(true);
        // The process no longer takes connections: a proxy sends the reconnection elsewhere.
        const refused = await new Promise<string>((resolve) => {
          const socket = net.connect(thirdPort, '127.0.0.1', () => (socket.destroy(), resolve('connected')));
          socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
        });
        expect(refused).toBe('ECONNREFUSED');
        const elsewhere = await openStream(port, api('notifications/stream/'), auth(hanako.token));
        await elsewhere.waitFor((e) => e.event === 'unread');
        elsewhere.close();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
