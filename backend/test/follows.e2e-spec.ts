import * as fs from 'node:fs';
import request from 'supertest';
import { parse } from 'yaml';
import { type RecordedEvents, recordEvents } from './helpers/events';
import { createUser, type UserFixture } from './helpers/factories';
import { OPENAPI_PATH } from './helpers/openapi-check';
import { auth, startTestApp, type TestApp } from './helpers/test-app';
import { validationErrors } from './helpers/errors';

/**
 * Following users: request (approved false) → approval by the recipient only → unfollow deletes
 * it; the stored counts, the lists of people, the caller's own request lists, follow check,
 * people to follow, combined search and the access log.
 */
describe('follows', () => {
  let t: TestApp;
  let hanako: UserFixture;
  let taro: UserFixture;
  let emily: UserFixture;
  const events: RecordedEvents = {};
  const api = (path: string) => `/api/user/${path}`;

  beforeAll(async () => {
    t = await startTestApp(
      {},
      {
        beforeInit: (app) => recordEvents(app, ['user.followed', 'user.follow_requested'], events),
      },
    );
    hanako = await createUser(t.app, { nickName: '花子' });
    taro = await createUser(t.app, { nickName: 'たろう' });
    emily = await createUser(t.app, { nickName: 'Emily', language: 'en' });
  });
  afterAll(() => t.close());

  const counts = async (u: UserFixture) =>
    (
      await request(t.http)
        .get(api(`follower_following_counts/${u.userId}/`))
        .expect(200)
    ).body;
  const check = async (from: UserFixture, to: UserFixture) =>
    (
      await request(t.http)
        .get(api(`approval/followcheck/${to.userId}/`))
        .set(auth(from.token))
        .expect(200)
    ).body;
  async function waitFor<T>(what: () => T | undefined): Promise<T> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const value = what();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error('timed out waiting for an event');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('sends a request, which counts once the recipient approves it', async () => {
    await request(t.http).post(api('approval/')).send({ askTo: taro.userId }).expect(401);
    const req = await request(t.http).post(api('approval/')).set(auth(hanako.token)).field('askTo', String(taro.userId)).field('approved', 'false').expect(201);
    expect(req.body).toMatchObject({ askFrom: hanako.userId, askTo: taro.userId, approved: false });
    expect(req.body.askToProfile).toMatchObject({ userId: taro.userId, nickName: 'たろう' });
    expect(await check(hanako, taro)).toEqual({ following: true, approved: false });
    expect(await counts(taro)).toEqual({ following_count: 0, followed_count: 0, community_count: 0 });
    expect(
      (
        await request(t.http)
          .get(api(`followeduser/${taro.userId}/`))
          .expect(200)
      ).body,
    ).toEqual([]);
    const requested = await waitFor(() => events['user.follow_requested']?.find((e) => e.requestId === req.body.id));
    expect(requested).toEqual({ requestId: req.body.id, fromId: hanako.userId, toId: taro.userId });

    // The /request page: taro's incoming requests, then the approve button (askTo names the requester).
    const incoming = await request(t.http)
      .get(api(`approval/Followeduser/${taro.userId}/`))
      .set(auth(taro.token))
      .expect(200);
    expect(incoming.body.map((r: { askFrom: number; approved: boolean }) => [r.askFrom, r.approved])).toEqual([[hanako.userId, false]]);
    const approved = await request(t.http).post(api('approval/')).set(auth(taro.token)).send({ askTo: hanako.userId, approved: true }).expect(201);
    expect(approved.body).toMatchObject({ id: req.body.id, askFrom: hanako.userId, askTo: taro.userId, approved: true });
    const followed = await waitFor(() => events['user.followed']?.find((e) => e.requestId === req.body.id));
    expect(followed).toEqual({ requestId: req.body.id, followerId: hanako.userId, followedId: taro.userId });
    // Approving again changes nothing.
    await request(t.http).post(api('approval/')).set(auth(taro.token)).send({ askFrom: hanako.userId, askTo: taro.userId, approved: true }).expect(201);
    expect(await counts(taro)).toEqual({ following_count: 0, followed_count: 1, community_count: 0 });
    expect(await counts(hanako)).toEqual({ following_count: 1, followed_count: 0, community_count: 0 });
    expect(await check(hanako, taro)).toEqual({ following: true, approved: true });
    const followers = await request(t.http)
      .get(api(`followeduser/${taro.userId}/?count=0`))
      .expect(200);
    expect(followers.body.map((p: { userProfile: number; nickName: string }) => [p.userProfile, p.nickName])).toEqual([[hanako.userId, '花子']]);
    const following = await request(t.http)
      .get(api(`followinguser/${hanako.userId}/`))
      .expect(200);
    expect(following.body.map((p: { userProfile: number }) => p.userProfile)).toEqual([taro.userId]);
    expect(
      (
        await request(t.http)
          .get(api(`followinguser/${hanako.userId}/?count=1`))
          .expect(200)
      ).body,
    ).toEqual([]);
    const sent = await request(t.http)
      .get(api(`approval/Followinguser/${hanako.userId}/`))
      .set(auth(hanako.token))
      .expect(200);
    expect(sent.body.map((r: { askTo: number; approved: boolean }) => [r.askTo, r.approved])).toEqual([[taro.userId, true]]);
    await new Promise((r) => setTimeout(r, 300));
    expect(events['user.followed']!.filter((e) => e.requestId === req.body.id)).toHaveLength(1);
  });

  it("refuses duplicates, oneself, unknown users and requests in someone else's name", async () => {
    expect((await request(t.http).post(api('approval/')).set(auth(hanako.token)).send({ askTo: taro.userId }).expect(400)).body).toEqual(
      validationErrors({
        non_field_errors: ['The fields askFrom, askTo must make a unique set.'],
      }),
    );
    expect((await request(t.http).post(api('approval/')).set(auth(hanako.token)).send({ askTo: hanako.userId }).expect(400)).body).toEqual(
      validationErrors({ askTo: ['You cannot follow yourself.'] }),
    );
    await request(t.http).post(api('approval/')).set(auth(hanako.token)).send({ askTo: 999999 }).expect(404);
    expect((await request(t.http).post(api('approval/')).set(auth(hanako.token)).send({}).expect(400)).body).toEqual(
      validationErrors({ askTo: ['This field is required.'] }),
    );
    expect((await request(t.http).post(api('approval/')).set(auth(hanako.token)).send({ askTo: 'x' }).expect(400)).body).toEqual(
      validationErrors({ askTo: ['A valid integer is required.'] }),
    );
    await request(t.http).post(api('approval/')).set(auth(hanako.token)).send({ askFrom: emily.userId, askTo: taro.userId }).expect(403);
  });

  it('refuses approving a request sent to someone else', async () => {
    await request(t.http).post(api('approval/')).set(auth(emily.token)).send({ askTo: hanako.userId }).expect(201);
    const refused = await request(t.http)
      .post(api('approval/'))
      .set(auth(taro.token))
      .send({ askFrom: emily.userId, askTo: hanako.userId, approved: true })
      .expect(403);
    expect(refused.body).toEqual({ detail: 'Only the requested user can approve a follow request.', code: 'approveOwnRequests' });
    // The requester cannot approve their own request either.
    await request(t.http).post(api('approval/')).set(auth(emily.token)).send({ askFrom: emily.userId, askTo: hanako.userId, approved: true }).expect(403);
    await request(t.http).post(api('approval/')).set(auth(taro.token)).send({ askTo: emily.userId, approved: true }).expect(404); // no request from emily to taro
    expect(await check(emily, hanako)).toEqual({ following: true, approved: false });
    expect(await counts(hanako)).toMatchObject({ followed_count: 0 });
  });

  it("keeps each user's request lists to that user", async () => {
    await request(t.http)
      .get(api(`approval/Followeduser/${taro.userId}/`))
      .set(auth(hanako.token))
      .expect(403);
    await request(t.http)
      .get(api(`approval/Followinguser/${hanako.userId}/`))
      .set(auth(taro.token))
      .expect(403);
    await request(t.http)
      .get(api(`approval/Followinguser/${hanako.userId}/`))
      .expect(401);
    expect(
      (
        await request(t.http)
          .get(api(`approval/followcheck/${taro.userId}/`))
          .expect(200)
      ).body,
    ).toEqual({ following: false, approved: false });
  });

  it('documents follow check as readable by visitors (the token is optional)', () => {
    const doc = parse(fs.readFileSync(OPENAPI_PATH, 'utf8')) as { paths: Record<string, { get: { security?: object[] } }> };
    expect(doc.paths['/api/user/approval/followcheck/{id}/'].get.security).toEqual(expect.arrayContaining([{}, { token: [] }]));
  });

  it('unfollows by deleting the request (either party), never a third', async () => {
    const body = { askFrom: hanako.userId, askTo: taro.userId };
    await request(t.http).post(api('approval/delete_request/')).set(auth(emily.token)).send(body).expect(403);
    await request(t.http).post(api('approval/delete_request/')).send(body).expect(401);
    await request(t.http).post(api('approval/delete_request/')).set(auth(hanako.token)).send(body).expect(204);
    await request(t.http).post(api('approval/delete_request/')).set(auth(hanako.token)).send(body).expect(404);
    expect(await check(hanako, taro)).toEqual({ following: false, approved: false });
    expect(await counts(taro)).toEqual({ following_count: 0, followed_count: 0, community_count: 0 });
    expect(await counts(hanako)).toEqual({ following_count: 0, followed_count: 0, community_count: 0 });
    // The recipient may remove a pending request (or a follower) too.
    await request(t.http).post(api('approval/delete_request/')).set(auth(hanako.token)).send({ askFrom: emily.userId, askTo: hanako.userId }).expect(204);
    expect(await check(emily, hanako)).toEqual({ following: false, approved: false });
  });

  it('recommends people to follow: not oneself, not those already asked', async () => {
    await request(t.http).post(api('approval/')).set(auth(taro.token)).send({ askTo: emily.userId }).expect(201);
    const mine = await request(t.http).get(api('profilecc/?count=0')).set(auth(taro.token)).expect(200);
    expect(mine.body.map((p: { userProfile: number }) => p.userProfile)).toEqual([hanako.userId]);
    const visitor = await request(t.http).get(api('profilecc/')).expect(200);
    expect(visitor.body.map((p: { userProfile: number }) => p.userProfile).sort()).toEqual([hanako.userId, taro.userId, emily.userId].sort());
    await request(t.http).get(api('profilecc/?count=x')).expect(400);
  });

  it('searches users by words (combinedsearch)', async () => {
    const res = await request(t.http)
      .get(api(`combinedsearch/?q=${encodeURIComponent('花子')}&count=0`))
      .expect(200);
    expect(res.body).toEqual([expect.objectContaining({ type: 'user', userProfile: hanako.userId, title: '花子' })]);
    expect((await request(t.http).get(api('combinedsearch/?q=emi')).expect(200)).body.map((i: { title: string }) => i.title)).toEqual(['Emily']);
    expect((await request(t.http).get(api('combinedsearch/?q=nobodyhere')).expect(200)).body).toEqual([]);
  });

  it('records access logs from visitors and users, and refuses bad ones', async () => {
    await request(t.http).post(api('access-log/')).send({ type: 'profile', profile_id: 1 }).expect(201, { detail: 'Logged.' });
    await request(t.http).post(api('access-log/')).set(auth(taro.token)).send({ type: 'profile', profile_id: 2 }).expect(201);
    expect((await request(t.http).post(api('access-log/')).send({ type: 'page' }).expect(400)).body).toEqual(
      validationErrors({ page_id: ['This field is required.'] }),
    );
    expect((await request(t.http).post(api('access-log/')).send({ type: 'video', page_id: 1 }).expect(400)).body).toEqual(
      validationErrors({ type: ['Must be one of profile, page, community.'] }),
    );
  });
});
