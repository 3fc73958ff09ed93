import { getDataSourceToken } from '@nestjs/typeorm';
import sharp from 'sharp';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { AuthService } from '../src/modules/auth/auth.service';
import { CirclesService } from '../src/modules/circles/circles.service';
import { sample, waitForBook } from './helpers/books';
import { eventsHandled, type RecordedEvents, recordEvents } from './helpers/events';
import { createUser, type UserFixture } from './helpers/factories';
import { auth, startTestApp, type TestApp } from './helpers/test-app';
import { validationErrors } from './helpers/errors';

const jpeg = (w = 400, h = 400) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3a5c8a' } })
    .jpeg()
    .toBuffer();
const AFTER_GRACE = () => new Date(Date.now() + 15 * 24 * 3600 * 1000);

/** Every stored counter of a circle against the rows it counts: none disagree, at every step. */
const COUNTER_MISMATCHES = `
  SELECT c.id FROM circles c
   WHERE c.member_count <> (SELECT count(*) FROM circle_members m WHERE m.circle_id = c.id AND NOT m.hidden)
      OR c.post_count <> (SELECT count(*) FROM circle_posts l WHERE l.circle_id = c.id AND NOT l.hidden)
      OR c.joinrequest_count <> (SELECT count(*) FROM circle_join_requests r WHERE r.circle_id = c.id AND NOT r.approved AND NOT r.hidden)
      OR c.page_count <> (SELECT count(DISTINCT f.page_id) FROM circle_files f WHERE f.circle_id = c.id AND f.page_id IS NOT NULL AND NOT f.hidden)`;

/**
 * Circles end to end: A creates a circle, invites B, B accepts; C asks to join and A approves;
 * members post in the thread (text, image) and post data whose Book lands on the bookshelf (the
 * members' only: see circle-books.e2e-spec.ts); the
 * refusals (visitor 401, non-member 403, non-owner 403, someone else's invitation 403, bad input
 * 400); circle posts never in other feeds; the stored counters; the events; leaving the site.
 */
describe('circles', () => {
  let t: TestApp;
  let db: DataSource;
  let a: UserFixture; // owner
  let b: UserFixture; // invited member
  let c: UserFixture; // asks to join
  let d: UserFixture; // outsider
  let noProfile: UserFixture;
  let circle: number;
  let invitation: number;
  const events: RecordedEvents = {};
  const api = (p: string) => `/api/user/${p}`;
  const as = (who: UserFixture | undefined, req: request.Test) => (who ? req.set(auth(who.token)) : req);
  const get = (p: string, who?: UserFixture) => as(who, request(t.http).get(api(p)));
  const post = (p: string, who?: UserFixture) => as(who, request(t.http).post(api(p)));
  const header = async () => (await get(`community/${circle}/`).expect(200)).body;
  const status = async (who?: UserFixture) => (await get(`community_status/${circle}/`, who).expect(200)).body;
  const mismatches = () => db.query(COUNTER_MISMATCHES);
  async function waitFor<T>(what: () => T | undefined): Promise<T> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const value = what();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error('timed out waiting for an event');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    t = await startTestApp({}, { beforeInit: (app) => recordEvents(app, ['circle.invited', 'circle.join_approved'], events) });
    db = t.app.get<DataSource>(getDataSourceToken());
    a = await createUser(t.app, { nickName: 'Aiko' });
    b = await createUser(t.app, { nickName: 'Ben' });
    c = await createUser(t.app, { nickName: 'Chie' });
    d = await createUser(t.app, { nickName: 'Dan' });
    noProfile = await createUser(t.app, { nickName: null });
  });
  afterAll(() => t.close());

  describe('create-community/', () => {
    const create = (who: UserFixture | undefined, fields: Record<string, string>, image?: Buffer | null, background?: Buffer) => {
      const req = post('create-community/', who);
      for (const [k, v] of Object.entries(fields)) req.field(k, v);
      if (image) req.attach('image', image, 'icon.jpg');
      if (background) req.attach('background_image', background, 'bg.jpg');
      return req;
    };

    it('refuses a visitor (401), a user without a profile (403) and bad input (400)', async () => {
      await create(undefined, { title: 'Lab', description: 'x' }, await jpeg()).expect(401);
      await create(noProfile, { title: 'Lab', description: 'x' }, await jpeg()).expect(403);
      expect((await create(a, { title: 'Lab', description: 'x' }).expect(400)).body).toEqual(validationErrors({ image: ['No file was submitted.'] }));
      expect((await create(a, { title: 'Lab', description: 'x' }, Buffer.from('not an image at all')).expect(400)).body.image).toBeDefined();
      expect((await create(a, { title: 'Lab', description: 'y'.repeat(2001) }, await jpeg()).expect(400)).body).toEqual(
        validationErrors({
          description: ['Ensure this field has no more than 2000 characters.'],
        }),
      );
      expect((await create(a, { description: 'x' }, await jpeg()).expect(400)).body).toEqual(validationErrors({ title: ['This field is required.'] }));
      expect((await create(a, { title: 'Lab' }, await jpeg()).expect(400)).body).toEqual(validationErrors({ description: ['This field is required.'] }));
      expect(await db.query(`SELECT count(*)::int AS n FROM circles`)).toEqual([{ n: 0 }]);
    });

    it('creates a circle: the creator owns it and is its first member', async () => {
      const res = await create(
        a,
        { title: 'Data Lab', description: 'We share lab data. '.repeat(100).slice(0, 2000) },
        await jpeg(),
        await jpeg(800, 400),
      ).expect(201);
      circle = res.body.id;
      expect(res.body).toMatchObject({
        title: 'Data Lab',
        item_type: 'community',
        owner: a.userId,
        member_count: 1,
        post_count: 0,
        page_count: 0,
        joinrequest_count: 0,
      });
      expect(res.body.created_on).toBe(res.body.createdon);
      expect(res.body.image).toMatch(/^http.*\.jpg$/);
      expect(res.body.background_image).toMatch(/^http.*\.jpg$/);
      const icon = await request(t.http).get(new URL(res.body.image).pathname).expect(200);
      expect(icon.headers['content-type']).toBe('image/jpeg');
      expect(await header()).toEqual(res.body);
      expect(await status(a)).toEqual({ status: 'member', invitation_id: null });
      expect(await status()).toEqual({ status: 'none', invitation_id: null });
      expect(await status(b)).toEqual({ status: 'none', invitation_id: null });
    });
  });

  it('community/{id}/ and community_status/{id}/: unknown and malformed ids are 404', async () => {
    await get('community/999999/').expect(404);
    await get('community/abc/').expect(404);
    await get('community_status/999999/', a).expect(404);
    await get('community/999999/members/').expect(404);
    await get('community/999999/monopages-with-files/').expect(404);
    await get('communityposts/999999/', a).expect(404);
  });

  describe('invitations', () => {
    it('only members invite; the invitee must exist; a member is refused', async () => {
      await post(`community/${circle}/invite/`).send({ invited_user: b.userId }).expect(401);
      expect((await post(`community/${circle}/invite/`, d).send({ invited_user: b.userId }).expect(403)).body).toEqual({
        detail: 'You are not a member of this circle.',
        code: 'notCircleMember',
      });
      await post('community/999999/invite/', a).send({ invited_user: b.userId }).expect(404);
      expect((await post(`community/${circle}/invite/`, a).send({ invited_user: 999999 }).expect(400)).body).toEqual(
        validationErrors({ invited_user: ['Invalid pk "999999" - object does not exist.'] }),
      );
      expect((await post(`community/${circle}/invite/`, a).send({ invited_user: 'x' }).expect(400)).body).toEqual(
        validationErrors({ invited_user: ['A valid integer is required.'] }),
      );
      expect((await post(`community/${circle}/invite/`, a).send({}).expect(400)).body).toEqual(validationErrors({ invited_user: ['This field is required.'] }));
      expect((await post(`community/${circle}/invite/`, a).send({ invited_user: a.userId }).expect(400)).body).toEqual({
        detail: 'This user is already a member of the circle.',
        code: 'alreadyCircleMember',
      });
    });

    it('invites once: inviting again answers the same invitation and announces nothing more', async () => {
      const res = await post(`community/${circle}/invite/`, a).field('invited_user', String(b.userId)).expect(201);
      invitation = res.body.id;
      expect(res.body).toMatchObject({ community: circle, inviter: a.userId, invited_user: b.userId, accepted: false });
      const again = await post(`community/${circle}/invite/`, a).send({ invited_user: b.userId }).expect(201);
      expect(again.body.id).toBe(invitation);
      const invited = await waitFor(() => events['circle.invited']?.find((e) => e.invitationId === invitation));
      expect(invited).toEqual({ invitationId: invitation, circleId: circle, inviterId: a.userId, invitedId: b.userId });
      await eventsHandled(t.app, 'event.circle.');
      expect(events['circle.invited']).toHaveLength(1);
      expect(await status(b)).toEqual({ status: 'invitation_pending', invitation_id: invitation });
      expect(await t.app.get(CirclesService).invitationExists(invitation)).toBe(true);
    });

    it('only the invited user accepts (401, 403, 404); accepting joins once', async () => {
      await post(`invitation/${invitation}/accept/`).expect(401);
      expect((await post(`invitation/${invitation}/accept/`, d).expect(403)).body).toEqual({
        detail: 'This invitation is not for you.',
        code: 'notYourInvitation',
      });
      await post('invitation/999999/accept/', b).expect(404);
      await post('invitation/abc/accept/', b).expect(404);
      const res = await post(`invitation/${invitation}/accept/`, b).expect(200);
      expect(res.body).toMatchObject({ id: invitation, community: circle, invited_user: b.userId, accepted: true });
      await post(`invitation/${invitation}/accept/`, b).expect(200);
      expect(await status(b)).toEqual({ status: 'member', invitation_id: null });
      expect((await header()).member_count).toBe(2);
      expect(await mismatches()).toEqual([]);
    });
  });

  describe('join requests', () => {
    it('communityjoin/: a request; asking again changes nothing; members and unknown circles are refused', async () => {
      await post('communityjoin/').send({ community: circle }).expect(401);
      expect((await post('communityjoin/', c).send({ community: 999999 }).expect(400)).body).toEqual(
        validationErrors({ community: ['Invalid pk "999999" - object does not exist.'] }),
      );
      expect((await post('communityjoin/', c).send({ community: true }).expect(400)).body).toEqual(
        validationErrors({ community: ['A valid integer is required.'] }),
      );
      expect((await post('communityjoin/', b).send({ community: circle }).expect(400)).body).toEqual(
        validationErrors({ non_field_errors: ['You are already a member of this circle.'] }),
      );
      const res = await post('communityjoin/', c).field('community', String(circle)).expect(201);
      expect(res.body).toMatchObject({ community: circle, userProfile: c.userId, approved: false, profile: { userId: c.userId, nickName: 'Chie' } });
      const again = await post('communityjoin/', c).send({ community: circle }).expect(201);
      expect(again.body.id).toBe(res.body.id);
      expect((await header()).joinrequest_count).toBe(1);
      expect(await status(c)).toEqual({ status: 'join_request_pending', invitation_id: null });
      expect(await mismatches()).toEqual([]);
    });

    it('joinrequests-pending/: the owner only', async () => {
      await get(`community/${circle}/joinrequests-pending/`).expect(401);
      expect((await get(`community/${circle}/joinrequests-pending/`, b).expect(403)).body).toEqual({
        detail: 'Only the owner of the circle can do this.',
        code: 'circleOwnerOnly',
      });
      await get(`community/${circle}/joinrequests-pending/`, d).expect(403);
      await get('community/999999/joinrequests-pending/', a).expect(404);
      await get(`community/${circle}/joinrequests-pending/?count=x`, a).expect(400);
      const list = (await get(`community/${circle}/joinrequests-pending/`, a).expect(200)).body;
      expect(list.map((r: { userProfile: number }) => r.userProfile)).toEqual([c.userId]);
      expect((await get(`community/${circle}/joinrequests-pending/?count=1`, a).expect(200)).body).toEqual([]);
    });

    it('approve: the owner only; approving lets the requester in once and announces it', async () => {
      const path = `community/${circle}/join-request/approve/${c.userId}/`;
      await post(path).expect(401);
      expect((await post(path, b).expect(403)).body).toEqual({ detail: 'Only the owner of the circle can do this.', code: 'circleOwnerOnly' });
      await post(path, c).expect(403);
      await post(`community/${circle}/join-request/approve/${d.userId}/`, a).expect(404);
      await post(`community/999999/join-request/approve/${c.userId}/`, a).expect(404);
      await post(`community/${circle}/join-request/approve/x/`, a).expect(404);
      const res = await post(path, a).expect(200);
      expect(res.body).toMatchObject({ community: circle, userProfile: c.userId, approved: true });
      await post(path, a).expect(200);
      const approved = await waitFor(() => events['circle.join_approved']?.find((e) => e.requestId === res.body.id));
      expect(approved).toEqual({ requestId: res.body.id, circleId: circle, ownerId: a.userId, requesterId: c.userId });
      await eventsHandled(t.app, 'event.circle.');
      expect(events['circle.join_approved']).toHaveLength(1);
      expect(await status(c)).toEqual({ status: 'member', invitation_id: null });
      expect(await header()).toMatchObject({ member_count: 3, joinrequest_count: 0 });
      expect((await get(`community/${circle}/joinrequests-pending/`, a).expect(200)).body).toEqual([]);
      expect(await mismatches()).toEqual([]);
    });
  });

  it('members/, user/{id}/communities/, mycommunities/ and community_count', async () => {
    const members = (await get(`community/${circle}/members/`).expect(200)).body;
    expect(members.map((p: { userProfile: number }) => p.userProfile)).toEqual([a.userId, b.userId, c.userId]);
    expect((await get(`community/${circle}/members/?count=1`).expect(200)).body).toEqual([]);
    await get(`community/${circle}/members/?count=-1`).expect(400);
    expect((await get(`user/${b.userId}/communities/`).expect(200)).body.map((x: { id: number }) => x.id)).toEqual([circle]);
    expect((await get(`user/${d.userId}/communities/`).expect(200)).body).toEqual([]);
    await get('mycommunities/').expect(401);
    const mine = (await get('mycommunities/', c).expect(200)).body;
    expect(mine).toEqual([expect.objectContaining({ id: circle, title: 'Data Lab', newpost_flag: false })]);
    expect((await get(`follower_following_counts/${c.userId}/`).expect(200)).body.community_count).toBe(1);
    expect((await get(`follower_following_counts/${d.userId}/`).expect(200)).body.community_count).toBe(0);
  });

  it('combinedsearch/ finds circles beside users', async () => {
    const found = (await get('combinedsearch/?q=lab').expect(200)).body;
    expect(found).toEqual([expect.objectContaining({ type: 'community', id: circle, title: 'Data Lab', userProfile: null })]);
    const newest = (await get('combinedsearch/').expect(200)).body;
    expect(newest.map((x: { type: string }) => x.type).sort()).toEqual(['community', 'user', 'user', 'user', 'user']);
    expect((await get('combinedsearch/?q=zzzz').expect(200)).body).toEqual([]);
  });

  describe('the thread', () => {
    let textPost: number;
    let imagePost: number;

    it('only members post to a circle', async () => {
      await post('monopost/')
        .send({ text: 'hi', communitypost_flag: true, communities: [circle] })
        .expect(401);
      expect(
        (
          await post('monopost/', d)
            .send({ text: 'hi', communitypost_flag: true, communities: [circle] })
            .expect(403)
        ).body,
      ).toEqual({
        detail: 'You are not a member of this circle.',
        code: 'notCircleMember',
      });
      await post('monopost/', a)
        .send({ text: 'hi', communitypost_flag: true, communities: [999999] })
        .expect(403);
      await post('monopost/', a)
        .send({ text: 'hi', communitypost_flag: true, communities: [circle, 999999] })
        .expect(403);
      expect((await post('monopost/', a).send({ text: 'hi', communitypost_flag: true }).expect(400)).body).toEqual(
        validationErrors({ communities: ['A circle post needs its circles.'] }),
      );
      expect(
        (
          await post('monopost/', a)
            .send({ text: 'hi', communities: ['x'] })
            .expect(400)
        ).body.communities,
      ).toBeDefined();
    });

    it('members post text and an image; communities_info carries the titles; the counters follow', async () => {
      const res = await post('monopost/', b)
        .send({ text: 'first lab note', communitypost_flag: true, communities: [circle] })
        .expect(201);
      textPost = res.body.id;
      expect(res.body).toMatchObject({ communitypost_flag: true, communities: [circle], communities_info: ['Data Lab'], userPost: b.userId });
      const withImage = await post('monopost/', c)
        .field('text', 'a chart')
        .field('communitypost_flag', 'true')
        .field('communities', String(circle))
        .attach('img', await jpeg(400, 200), 'chart.jpg')
        .expect(201);
      imagePost = withImage.body.id;
      expect(withImage.body.img).toMatch(/\.jpg$/);
      expect(withImage.body).toMatchObject({ communities: [circle], communities_info: ['Data Lab'] });
      expect((await header()).post_count).toBe(2);
      expect(await mismatches()).toEqual([]);
    });

    it('communityposts/: members only, the post-list shape, newest first', async () => {
      await get(`communityposts/${circle}/`).expect(401);
      expect((await get(`communityposts/${circle}/`, d).expect(403)).body).toEqual({ detail: 'You are not a member of this circle.', code: 'notCircleMember' });
      await get(`communityposts/${circle}/?count=x`, a).expect(400);
      const thread = (await get(`communityposts/${circle}/?count=0`, a).expect(200)).body;
      expect(thread.res.map((p: { id: number }) => p.id)).toEqual([imagePost, textPost]);
      expect(thread.totalCount).toBe(2);
      expect(thread.aggregate).toEqual({ rating__sum: null });
      expect(thread.res[0]).toMatchObject({ communities_info: ['Data Lab'], userPostProfile: { nickName: 'Chie' } });
      expect((await get(`communityposts/${circle}/?count=1`, a).expect(200)).body).toEqual({ res: [], totalCount: 2, aggregate: { rating__sum: null } });
    });

    it('circle posts never appear in the other feeds, for anyone; a single one is for members only', async () => {
      for (const who of [undefined, a, b, d]) {
        for (const path of ['postcc/', `userpostcc/?user_id=${b.userId}`, 'monopost/', 'combinedlist/']) {
          const body = (await get(path, who).expect(200)).body;
          const ids = JSON.stringify(body);
          expect([path, ids.includes(`"id":${textPost},`)]).toEqual([path, false]);
        }
      }
      await get(`monopost/${textPost}/`).expect(404);
      await get(`monopost/${textPost}/`, d).expect(404);
      expect((await get(`monopost/${textPost}/`, a).expect(200)).body).toMatchObject({ id: textPost, communities_info: ['Data Lab'] });
      // Members like and comment; outsiders cannot.
      await request(t.http)
        .put(api(`monopost/${textPost}/`))
        .set(auth(a.token))
        .send({ liked: [a.userId] })
        .expect(200);
      await request(t.http)
        .put(api(`monopost/${textPost}/`))
        .set(auth(d.token))
        .send({ liked: [d.userId] })
        .expect(404);
      await post('monocomment/', a).send({ post: textPost, text: 'nice' }).expect(201);
      await post('monocomment/', d).send({ post: textPost, text: 'nice' }).expect(400);
      // A circle post is not reposted (a repost would show it to everyone).
      expect((await post('monopost/', a).send({ reposting: true, repostingFrom: textPost }).expect(400)).body).toEqual(
        validationErrors({ repostingFrom: ['A circle post cannot be reposted.'] }),
      );
    });

    it('community-new-post/: a post since the member last opened the thread', async () => {
      await get(`community-new-post/?communityid=${circle}`).expect(401);
      await get('community-new-post/', a).expect(400);
      await get('community-new-post/?communityid=x', a).expect(400);
      await get('community-new-post/?communityid=999999', a).expect(404);
      // A read the thread above; B and C posted before that.
      expect((await get(`community-new-post/?communityid=${circle}`, a).expect(200)).body).toEqual({ newpost_flag: false });
      expect((await get(`community-new-post/?communityid=${circle}`, b).expect(200)).body).toEqual({ newpost_flag: true });
      expect((await get(`community-new-post/?communityid=${circle}`, d).expect(200)).body).toEqual({ newpost_flag: false });
      await post('monopost/', a)
        .send({ text: 'new!', communitypost_flag: true, communities: [circle] })
        .expect(201);
      expect((await get(`community-new-post/?communityid=${circle}`, a).expect(200)).body).toEqual({ newpost_flag: false }); // one's own post
      expect((await get('mycommunities/', c).expect(200)).body[0].newpost_flag).toBe(true);
      await get(`communityposts/${circle}/?count=1`, c).expect(200); // a later page does not mark the thread seen
      expect((await get(`community-new-post/?communityid=${circle}`, c).expect(200)).body).toEqual({ newpost_flag: true });
      await get(`communityposts/${circle}/`, c).expect(200);
      expect((await get(`community-new-post/?communityid=${circle}`, c).expect(200)).body).toEqual({ newpost_flag: false });
    });

    it('deleting a circle post takes it off the circle count', async () => {
      const before = (await header()).post_count;
      await request(t.http)
        .delete(api(`monopost/${textPost}/`))
        .set(auth(b.token))
        .expect(204);
      expect((await header()).post_count).toBe(before - 1);
      expect(await mismatches()).toEqual([]);
    });
  });

  describe('data posted to the circle', () => {
    const uploadTo = (who: UserFixture | undefined, circles: Array<number | string>) => {
      const req = post('upload/', who).set('Accept-Language', 'ja').field('title', '東京の天気').field('description', '');
      for (const id of circles) req.field('communities', String(id));
      return req.attach('file', sample('tokyo-weather-2025.csv'), 'tokyo-weather-2025.csv');
    };

    it('only members post data to a circle', async () => {
      await uploadTo(undefined, [circle]).expect(401);
      expect((await uploadTo(d, [circle]).expect(403)).body).toEqual({ detail: 'You are not a member of this circle.', code: 'notCircleMember' });
      await uploadTo(b, [999999]).expect(403);
      expect((await uploadTo(b, ['x']).expect(400)).body.communities).toBeDefined();
    });

    it("the Book made from a member's file lands on the circle's bookshelf", async () => {
      const res = await uploadTo(b, [circle]).expect(201);
      expect(res.body.communities).toEqual([circle]);
      const done = await waitForBook(t, b.userId, res.body.id);
      expect(done).toMatchObject({ communities: [circle] });
      // The Book is the members' (api-contract rule 7): on the shelf for them, for nobody else.
      const shelf = (await get(`community/${circle}/monopages-with-files/`, c).expect(200)).body;
      expect(shelf.map((p: { id: number }) => p.id)).toEqual([done.page]);
      expect(shelf[0]).toMatchObject({ members_only: true });
      expect(shelf[0].files).toEqual([expect.objectContaining({ id: res.body.id, communities: [circle], communities_info: ['Data Lab'] })]);
      expect((await get(`community/${circle}/monopages-with-files/?count=1`, c).expect(200)).body).toEqual([]);
      expect((await get(`community/${circle}/monopages-with-files/`).expect(200)).body).toEqual([]);
      expect((await get(`community/${circle}/monopages-with-files/`, d).expect(200)).body).toEqual([]);
      expect((await header()).page_count).toBe(1);
      expect(await mismatches()).toEqual([]);
    });
  });

  it('access-log/ records a visit of a circle that exists', async () => {
    await post('access-log/').send({ type: 'community', community_id: circle }).expect(201);
    expect((await post('access-log/').send({ type: 'community', community_id: 999999 }).expect(400)).body).toEqual(
      validationErrors({
        community_id: ['Invalid pk "999999" - object does not exist.'],
      }),
    );
  });

  describe('leaving the site', () => {
    let solo: number;

    it('an owner who leaves hands the circle to the longest-standing member; a circle left empty is removed', async () => {
      solo = (
        await post('create-community/', a)
          .field('title', 'Solo')
          .field('description', 'just me')
          .attach('image', await jpeg(), 'i.jpg')
          .expect(201)
      ).body.id;
      const before = await header();
      await post('deleteprofile/', a).expect(200);
      await eventsHandled(t.app, 'event.account.');
      expect(await header()).toMatchObject({ owner: b.userId, member_count: before.member_count - 1 });
      expect((await get(`community/${circle}/members/`).expect(200)).body.map((p: { userProfile: number }) => p.userProfile)).toEqual([b.userId, c.userId]);
      // The leaver's posts leave the thread and its count.
      const thread = (await get(`communityposts/${circle}/`, b).expect(200)).body;
      expect(thread.res.every((p: { userPost: number }) => p.userPost !== a.userId)).toBe(true);
      expect(thread.totalCount).toBe(thread.res.length);
      expect(await mismatches()).toEqual([]);
      // The new owner approves now.
      await post('communityjoin/', d).send({ community: circle }).expect(201);
      await post(`community/${circle}/join-request/approve/${d.userId}/`, b).expect(200);

      const accounts = t.app.get(AuthService);
      await accounts.purgeDeletedAccounts(AFTER_GRACE());
      await eventsHandled(t.app, 'event.account.');
      await accounts.purgeDeletedAccounts(AFTER_GRACE());
      expect(await db.query(`SELECT 1 FROM users WHERE id = $1`, [a.userId])).toEqual([]);
      await get(`community/${solo}/`).expect(404);
      expect(await header()).toMatchObject({ owner: b.userId, member_count: 3 });
      for (const [table, column] of [
        ['circles', 'owner_id'],
        ['circle_members', 'user_id'],
        ['circle_invitations', 'inviter_id'],
        ['circle_invitations', 'invited_id'],
        ['circle_join_requests', 'user_id'],
        ['circle_posts', 'user_id'],
        ['circle_files', 'user_id'],
      ]) {
        expect([table, await db.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [a.userId])]).toEqual([table, []]);
      }
      expect(await mismatches()).toEqual([]);
    });
  });
});
