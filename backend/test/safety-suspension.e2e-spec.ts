import { getDataSourceToken } from '@nestjs/typeorm';
import sharp from 'sharp';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { Db } from '../src/database/db';
import { accountRoleCommand } from '../src/account-role-command';
import { loadConfig } from '../src/config/config';
import { NotificationsService } from '../src/modules/notifications/notifications.service';
import { eventsHandled } from './helpers/events';
import { createBook, createPost, createUser, type UserFixture } from './helpers/factories';
import { auth, startTestApp, type TestApp } from './helpers/test-app';

/**
 * A suspended account's content beyond its posts (issue 38): its Books, ads and circles are hidden
 * as a moderator's hide is and its acts leave others' notifications, each through the owner
 * module's own subscription; lifting the suspension brings back exactly what it hid (what a
 * moderator hid stays hidden). Runs on PGlite and (DATABASE_URL) PostgreSQL.
 */
describe("a suspended account's Books, ads, circles and notifications", () => {
  let t: TestApp;
  let db: DataSource;
  const api = (p: string) => `/api/user/${p}`;
  const settle = () => eventsHandled(t.app, 'event.');
  let suspect: UserFixture;
  let reader: UserFixture;
  let bystander: UserFixture;
  let moderator: UserFixture;
  let admin: UserFixture;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get<DataSource>(getDataSourceToken());
    suspect = await createUser(t.app, { nickName: 'Suspect' });
    reader = await createUser(t.app, { nickName: 'Reader' });
    bystander = await createUser(t.app, { nickName: 'Bystander' });
    moderator = await createUser(t.app, { email: 'mod@example.com', nickName: 'Mod' });
    admin = await createUser(t.app, { email: 'admin@example.com', nickName: 'Admin' });
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: t.database.url, DATA_DIR: t.dataDir });
    const direct = t.database.embedded ? t.app.get(Db) : undefined;
    expect(await accountRoleCommand(['mod@example.com', 'moderator'], config, () => undefined, direct)).toBe(0);
    expect(await accountRoleCommand(['admin@example.com', 'admin'], config, () => undefined, direct)).toBe(0);
  });
  afterAll(() => t?.close());

  it('hides its Books, ads and circles and its notifications to others while it holds; lifting brings back exactly those', async () => {
    // What the suspect made: a Book, a Book a moderator hides first, an ad, a circle; a Book another made with it as co-owner.
    const book = await createBook(t.app, { title: 'Lighthouse keepers ledger', contributors: [suspect.userId] });
    const modHidden = await createBook(t.app, { title: 'Lighthouse copied atlas', contributors: [suspect.userId] });
    const hiddenMeanwhile = await createBook(t.app, { title: 'Lighthouse forged log', contributors: [suspect.userId] });
    const others = await createBook(t.app, { title: 'Lighthouse shared notes', contributors: [bystander.userId, suspect.userId] });
    const [{ id: ad }] = await db.query(
      `INSERT INTO ads (user_id, type, url, content, target, price, attributes, paid, paid_on) VALUES ($1, 0, 'https://shop.example/', 'Lamp oil', 90000, 5000, '{}'::int[], true, now()) RETURNING id`,
      [suspect.userId],
    );
    const image = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#224488' } })
      .jpeg()
      .toBuffer();
    const circle = (
      await request(t.http)
        .post(api('create-community/'))
        .set(auth(suspect.token))
        .field('title', 'Lighthouse club')
        .field('description', 'keepers')
        .attach('image', image, 'icon.jpg')
        .expect(201)
    ).body.id as number;
    // The suspect and the bystander each like the reader's post: the reader has two unread notifications.
    const notifications = t.app.get(NotificationsService);
    const readersPost = await createPost(t.app, { userId: reader.userId, text: 'a lighthouse at dusk' });
    expect(await notifications.notifyOne(reader.userId, { type: 'post_liked', actorId: suspect.userId, objectId: readersPost, postId: readersPost })).toBe(1);
    expect(await notifications.notifyOne(reader.userId, { type: 'post_liked', actorId: bystander.userId, objectId: readersPost, postId: readersPost })).toBe(1);

    const hideByModerator = async (targetType: string, targetId: number, note: string) => {
      const { id } = (
        await request(t.http)
          .post(api('reports/'))
          .set(auth(reader.token))
          .send({ target_type: targetType, target_id: targetId, reason: 'copyright' })
          .expect(201)
      ).body;
      await request(t.http)
        .post(api(`moderation/reports/${id}/resolve/`))
        .set(auth(moderator.token))
        .send({ action: 'hide', note })
        .expect(200);
      await settle();
    };
    await hideByModerator('page', modHidden, 'copied atlas');

    const info = (id: number, who?: UserFixture) => {
      const req = request(t.http).get(api(`monopage/get-page-info/?pageId=${id}`));
      return who ? req.set(auth(who.token)) : req;
    };
    const listedBooks = async (path: string) => ((await request(t.http).get(api(path)).expect(200)).body as Array<{ id: number }>).map((b) => b.id);
    const sitemap = async () => (await request(t.http).get('/sitemaps/books-0.xml').expect(200)).text;
    const served = async () => ((await request(t.http).get(api('advertisements-random/')).expect(200)).body as Array<{ id: number }>).map((a) => a.id);
    const circleFound = async () =>
      ((await request(t.http).get(api('combinedsearch/?q=Lighthouse')).expect(200)).body as Array<{ type: string; id: number }>).some(
        (i) => i.type === 'community' && i.id === circle,
      );
    const likers = async () =>
      (
        (await request(t.http).get(api('notifications/all/')).set(auth(reader.token)).expect(200)).body as Array<{
          type: string;
          relatedUser: { userId: number } | null;
        }>
      )
        .filter((n) => n.type === 'post_liked')
        .map((n) => n.relatedUser?.userId);
    const unread = async () =>
      (await request(t.http).get(api('notifications/unread/')).set(auth(reader.token)).expect(200)).body as {
        total_unread_count: number;
        notifications: Array<{ id: number; relatedUser: { userId: number } | null }>;
      };

    // Before: all of it shows.
    await info(book).expect(200);
    expect(await listedBooks('newpagecc/?count=0')).toEqual(expect.arrayContaining([book, others]));
    expect(await listedBooks('monopage/search-pages/?query=ledger&count=0')).toContain(book);
    expect(await sitemap()).toContain(`/mono/${book}<`);
    expect(await served()).toContain(ad);
    expect(await circleFound()).toBe(true);
    expect((await likers()).sort()).toEqual([suspect.userId, bystander.userId].sort());
    // The reader's unread rows (the outcomes of the reader's reports among them), all or but the suspect's.
    const unreadRows = async (butActor = 0) =>
      Number(
        (await db.query(`SELECT count(*)::int AS n FROM notifications WHERE recipient_id = $1 AND NOT read AND actor_id <> $2`, [reader.userId, butActor]))[0]
          .n,
      );
    const before = await unread();
    expect(before.total_unread_count).toBe(await unreadRows());
    expect(before.notifications.map((n) => n.relatedUser?.userId)).toEqual(expect.arrayContaining([suspect.userId, bystander.userId]));
    const suspectsNote = before.notifications.find((n) => n.relatedUser?.userId === suspect.userId)!.id;

    // Suspended.
    const { id: report } = (
      await request(t.http)
        .post(api('reports/'))
        .set(auth(reader.token))
        .send({ target_type: 'user', target_id: suspect.userId, reason: 'harassment' })
        .expect(201)
    ).body;
    await request(t.http)
      .post(api(`moderation/reports/${report}/resolve/`))
      .set(auth(moderator.token))
      .send({ action: 'suspend_user', note: 'threats' })
      .expect(200);
    await settle();
    // Its Book answers 404 to everyone and leaves the lists, search and the sitemap; a Book another made stays.
    await info(book).expect(404);
    await info(book, reader).expect(404);
    await info(book, moderator).expect(404);
    await request(t.http)
      .get(api(`relatedmonopage/${book}/`))
      .set(auth(reader.token))
      .expect(404);
    await info(others, reader).expect(200);
    expect(await listedBooks('newpagecc/?count=0')).not.toContain(book);
    expect(await listedBooks('newpagecc/?count=0')).toContain(others);
    expect(await listedBooks('monopage/search-pages/?query=ledger&count=0')).not.toContain(book);
    expect(await sitemap()).not.toContain(`/mono/${book}<`);
    // Its ad is served to nobody; its circle answers 404 and leaves search.
    expect(await served()).not.toContain(ad);
    await request(t.http)
      .get(api(`community/${circle}/`))
      .expect(404);
    await request(t.http)
      .get(api(`community/${circle}/`))
      .set(auth(reader.token))
      .expect(404);
    expect(await circleFound()).toBe(false);
    // Its like leaves the reader's notifications and the unread count; the bystander's stays.
    expect(await likers()).toEqual([bystander.userId]);
    const during = await unread();
    expect(during.total_unread_count).toBe(await unreadRows(suspect.userId));
    expect(during.total_unread_count).toBe((await unreadRows()) - 1);
    expect(during.notifications.map((n) => n.relatedUser?.userId)).toContain(bystander.userId);
    expect(during.notifications.map((n) => n.relatedUser?.userId)).not.toContain(suspect.userId);
    await request(t.http)
      .patch(api(`notifications/${suspectsNote}/`))
      .set(auth(reader.token))
      .send({ read: true })
      .expect(404);
    // A moderator's hide of its Book meanwhile holds after the lift; a moderator's restore does not lift the suspension's hide.
    await info(hiddenMeanwhile, reader).expect(404);
    await hideByModerator('page', hiddenMeanwhile, 'forged log');
    await request(t.http).post(api('moderation/restore/')).set(auth(moderator.token)).send({ target_type: 'page', target_id: book }).expect(200);
    await settle();
    await info(book, reader).expect(404);

    // Lifted: exactly what the suspension hid comes back; what moderators hid stays hidden.
    await request(t.http)
      .post(api(`moderation/users/${suspect.userId}/unsuspend/`))
      .set(auth(admin.token))
      .expect(200);
    await settle();
    expect((await info(book, reader).expect(200)).body.moderated_reason).toBeNull();
    expect(await listedBooks('newpagecc/?count=0')).toContain(book);
    expect(await listedBooks('monopage/search-pages/?query=ledger&count=0')).toContain(book);
    expect(await sitemap()).toContain(`/mono/${book}<`);
    await info(modHidden, reader).expect(404);
    await info(hiddenMeanwhile, reader).expect(404);
    await info(others, reader).expect(200);
    expect(await db.query(`SELECT id, moderated_reason FROM pages WHERE id = ANY($1::int[]) ORDER BY id`, [[modHidden, hiddenMeanwhile]])).toEqual([
      { id: modHidden, moderated_reason: 'copied atlas' },
      { id: hiddenMeanwhile, moderated_reason: 'forged log' },
    ]);
    expect(await served()).toContain(ad);
    expect(
      (
        await request(t.http)
          .get(api(`community/${circle}/`))
          .expect(200)
      ).body.moderated_reason,
    ).toBeNull();
    expect(await circleFound()).toBe(true);
    expect((await likers()).sort()).toEqual([suspect.userId, bystander.userId].sort());
    const after = await unread();
    expect(after.total_unread_count).toBe(await unreadRows());
    expect(after.notifications.map((n) => n.relatedUser?.userId)).toContain(suspect.userId);
  });

  it('keeps what a moderator hid while the account was suspended hidden after the lift (ad and circle)', async () => {
    const owner = await createUser(t.app, { nickName: 'Owner' });
    const [{ id: ad }] = await db.query(
      `INSERT INTO ads (user_id, type, url, content, target, price, attributes, paid, paid_on) VALUES ($1, 0, 'https://shop.example/', 'Fog horn', 90000, 5000, '{}'::int[], true, now()) RETURNING id`,
      [owner.userId],
    );
    const image = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#448822' } })
      .jpeg()
      .toBuffer();
    const circle = (
      await request(t.http)
        .post(api('create-community/'))
        .set(auth(owner.token))
        .field('title', 'Foghorn society')
        .field('description', 'loud')
        .attach('image', image, 'icon.jpg')
        .expect(201)
    ).body.id as number;
    const { id: report } = (
      await request(t.http).post(api('reports/')).set(auth(reader.token)).send({ target_type: 'user', target_id: owner.userId, reason: 'spam' }).expect(201)
    ).body;
    await request(t.http)
      .post(api(`moderation/reports/${report}/resolve/`))
      .set(auth(moderator.token))
      .send({ action: 'suspend_user' })
      .expect(200);
    await settle();
    for (const [targetType, targetId] of [
      ['advertisement', ad],
      ['community', circle],
    ] as const) {
      const { id } = (
        await request(t.http).post(api('reports/')).set(auth(reader.token)).send({ target_type: targetType, target_id: targetId, reason: 'spam' }).expect(201)
      ).body;
      await request(t.http)
        .post(api(`moderation/reports/${id}/resolve/`))
        .set(auth(moderator.token))
        .send({ action: 'hide', note: 'a scam' })
        .expect(200);
    }
    await settle();
    await request(t.http)
      .post(api(`moderation/users/${owner.userId}/unsuspend/`))
      .set(auth(admin.token))
      .expect(200);
    await settle();
    const served = ((await request(t.http).get(api('advertisements-random/')).expect(200)).body as Array<{ id: number }>).map((a) => a.id);
    expect(served).not.toContain(ad);
    await request(t.http)
      .get(api(`community/${circle}/`))
      .set(auth(reader.token))
      .expect(404);
    expect((await db.query(`SELECT moderated_reason FROM ads WHERE id = $1`, [ad]))[0].moderated_reason).toBe('a scam');
    expect((await db.query(`SELECT moderated_reason FROM circles WHERE id = $1`, [circle]))[0].moderated_reason).toBe('a scam');
  });
});
