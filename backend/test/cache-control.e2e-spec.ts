import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { auth, linkFrom, PASSWORD, signUp, startTestApp, type TestApp } from './helpers/test-app';

/**
 * Answers that carry a token, a mailed key's account or account data are never kept by a cache
 * (`Cache-Control: no-store`), nor are the app's account pages; public answers are unchanged.
 */
describe('no-store for tokens and account data', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    t = await startTestApp({ SERVE_FRONTEND: 'true' }, { frontendDist: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  /** What a test compares: the path, the status and the Cache-Control of an answer. */
  const noStore = (res: request.Response) => [(res as unknown as { req: { path: string } }).req.path, res.status, res.headers['cache-control']];

  it('login, register and the mailed-link flows answer no-store', async () => {
    const email = 'private@example.com';
    const registered = await request(t.http).post('/api/user/register/').send({ email, password1: PASSWORD, password2: PASSWORD, agreed: true }).expect(201);
    expect(noStore(registered)).toEqual(['/api/user/register/', 201, 'no-store']);
    const { id, key } = linkFrom((await t.smtp.waitFor(email, /verify/)).text, 'verify');
    const verified = await request(t.http).post('/api/user/verify/').send({ id, key }).expect(200);
    expect(noStore(verified)).toEqual(['/api/user/verify/', 200, 'no-store']);
    const login = await request(t.http).post('/api/user/login/').send({ email, password: PASSWORD }).expect(200);
    expect(login.body.token).toMatch(/^[0-9a-f]{40}$/);
    expect(noStore(login)).toEqual(['/api/user/login/', 200, 'no-store']);

    await request(t.http).post('/api/user/forgot-password/').send({ email }).expect(200);
    const reset = linkFrom((await t.smtp.waitFor(email, /reset/i)).text, 'reset-password');
    const checked = await request(t.http).post('/api/user/verify-for-password-reset/').send(reset).expect(200, { email });
    expect(noStore(checked)).toEqual(['/api/user/verify-for-password-reset/', 200, 'no-store']);
    const changed = await request(t.http)
      .post('/api/user/reset-password/')
      .send({ ...reset, password: 'brand-new-pass-1' })
      .expect(200);
    expect(noStore(changed)).toEqual(['/api/user/reset-password/', 200, 'no-store']);
  });

  it('every answer to a request with a token is no-store: the account, the profile, lists; public answers are not', async () => {
    const { token } = await signUp(t, 'mine@example.com');
    const answers = [
      await request(t.http).get('/api/user/account/').set(auth(token)).expect(200),
      await request(t.http).patch('/api/user/account/').set(auth(token)).send({ language: 'ja' }).expect(200),
      await request(t.http).get('/api/user/myprofile/').set(auth(token)).expect(404),
      await request(t.http).post('/api/user/profile/').set(auth(token)).field('nickName', 'Mine').expect(201),
      await request(t.http).get('/api/user/myprofile/').set(auth(token)).expect(200),
      await request(t.http).get('/api/user/pageccja/?count=0').set(auth(token)).expect(200),
    ];
    expect(answers.map(noStore)).toEqual(answers.map((res) => [...noStore(res).slice(0, 2), 'no-store']));
    const visitor = await request(t.http).get('/api/user/pageccja/?count=0').expect(200);
    expect(visitor.headers['cache-control']).toBeUndefined();
  });

  it("the app's account pages and mailed-link pages are no-store; its other pages stay private, no-cache", async () => {
    for (const [pathname, expected] of [
      ['/account', 'no-store'],
      ['/settings', 'no-store'],
      ['/reset-password/12/SomeKey', 'no-store'],
      ['/verify/12/SomeKey', 'no-store'],
      ['/recommend', 'private, no-cache'],
      ['/accounting', 'private, no-cache'],
      ['/', 'private, no-cache'],
    ]) {
      const res = await request(t.http).get(pathname).set('Accept', 'text/html').expect(200);
      expect([pathname, res.headers['cache-control']]).toEqual([pathname, expected]);
    }
  });
});
