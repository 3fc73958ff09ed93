import request from 'supertest';
import sharp from 'sharp';
import { auth, signUp, startTestApp, type TestApp } from './helpers/test-app';

describe('HTTP conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('serves health and readiness outside the API prefix', async () => {
    await request(t.http).get('/healthz').expect(200, { status: 'ok' });
    await request(t.http).get('/readyz').expect(200, { status: 'ok' });
  });

  it('answers unknown API paths with a DRF 404', async () => {
    const res = await request(t.http).get('/api/user/no-such-thing/').expect(404);
    expect(res.body).toEqual({ detail: 'Not found.', code: 'notFound' });
  });

  it('refuses a protected call without a token: 401 with WWW-Authenticate: Token', async () => {
    const res = await request(t.http).get('/api/user/myprofile/').expect(401);
    expect(res.headers['www-authenticate']).toBe('Token');
    expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.', code: 'notAuthenticated' });
  });

  it('refuses an invalid token even on a public call, as DRF does', async () => {
    const res = await request(t.http)
      .get('/api/user/profile/newprofiles/')
      .set(auth('0'.repeat(40)))
      .expect(401);
    expect(res.body).toEqual({ detail: 'Invalid token.', code: 'invalidToken' });
    const bad = await request(t.http).get('/api/user/myprofile/').set('Authorization', 'Token').expect(401);
    expect(bad.body).toEqual({ detail: 'Invalid token header. No credentials provided.', code: 'invalidTokenHeader' });
  });

  it('serves a path with and without the trailing slash, POST included', async () => {
    const { token } = await signUp(t, 'slash@example.com');
    await request(t.http).get('/api/user/myprofile').set(auth(token)).expect(404);
    await request(t.http).get('/api/user/myprofile/').set(auth(token)).expect(404);
    const created = await request(t.http).post('/api/user/profile').set(auth(token)).field('nickName', 'Slash').expect(201);
    await request(t.http).get(`/api/user/profile/${created.body.id}/`).expect(200);
    await request(t.http).get(`/api/user/profile/${created.body.id}`).expect(200);
  });

  it('routes as DRF: HEAD answers as GET without a body, paths are case-sensitive, parameters are decoded', async () => {
    const head = await request(t.http).head('/api/user/pageccja/?count=0').expect(200);
    expect(head.headers['content-type']).toMatch(/^application\/json/);
    expect(head.text ?? '').toBe('');
    expect((await request(t.http).get('/api/user/PageCCJA/').expect(404)).body).toEqual({ detail: 'Not found.', code: 'notFound' });
    // A method the path does not have: 405 with the path's methods in Allow, as DRF (not a 404).
    const wrong = await request(t.http).delete('/api/user/pageccja/').expect(405);
    expect(wrong.body).toEqual({ detail: 'Method "DELETE" not allowed.', code: 'methodNotAllowed', params: { method: 'DELETE' } });
    expect(wrong.headers.allow).toBe('GET, HEAD');
    expect((await request(t.http).put('/api/user/pageccja').expect(405)).headers.allow).toBe('GET, HEAD');
    expect((await request(t.http).patch('/api/user/monopost/1/').expect(405)).headers.allow).toBe('DELETE, GET, HEAD, PUT');
    await request(t.http).delete('/api/user/no-such-thing/').expect(404);
    // A method Fastify has no router for at all (QUERY, of the HTTP QUERY draft) is a 405 too.
    const query = await (request(t.http) as unknown as Record<string, (url: string) => request.Test>)['query']('/api/user/pageccja/');
    expect([query.status, query.headers.allow]).toEqual([405, 'GET, HEAD']);
    const options = await request(t.http).options('/api/user/pageccja/').expect(200);
    expect(options.headers.allow).toBe('GET, HEAD');
    expect((await request(t.http).options('/api/user/monopost/1/').expect(200)).headers.allow).toBe('DELETE, GET, HEAD, PUT');
    await request(t.http).options('/api/user/no-such-thing/').expect(404);
    const { token } = await signUp(t, 'route@example.com');
    const created = await request(t.http).post('/api/user/profile/').set(auth(token)).field('nickName', 'Route').expect(201);
    await request(t.http)
      .get(`/api/user/profile/${encodeURIComponent(String(created.body.id))}/`)
      .expect(200);
    for (const bad of ['%E0%A4%A', '%', '1%00', 'x'.repeat(5000)]) {
      const res = await request(t.http).get(`/api/user/profile/${bad}/`);
      expect(res.status).toBe(404);
    }
  });

  it('matches the Token keyword case-insensitively', async () => {
    const { token } = await signUp(t, 'case@example.com');
    await request(t.http).get('/api/user/myprofile/').set('Authorization', `token ${token}`).expect(404);
  });

  it('answers malformed JSON with a DRF 400', async () => {
    const res = await request(t.http).post('/api/user/login/').set('Content-Type', 'application/json').send('{"email":').expect(400);
    expect(res.body.detail).toMatch(/^JSON parse error/);
  });

  it('publishes the OpenAPI document and interactive docs', async () => {
    const doc = await request(t.http).get('/api/openapi.json').expect(200);
    expect(doc.body.paths['/api/user/myprofile/'].get.operationId).toBe('getMyProfile');
    await request(t.http).get('/api/docs').expect(200);
  });
});

describe('image URLs without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: '' });
  });
  afterAll(() => t.close());

  it('follow the origin of the request, including a trusted proxy’s forwarded host and scheme', async () => {
    const { token } = await signUp(t, 'origin@example.com');
    const avatar = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    await request(t.http).post('/api/user/profile/').set(auth(token)).field('nickName', 'Origin').attach('img', avatar, 'a.jpg').expect(201);
    const direct = await request(t.http).get('/api/user/myprofile/').set(auth(token)).set('Host', 'localhost:3000').expect(200);
    expect(direct.body.img).toMatch(/^http:\/\/localhost:3000\/media\/profiles\//);
    const proxied = await request(t.http)
      .get('/api/user/myprofile/')
      .set(auth(token))
      .set('X-Forwarded-Proto', 'https')
      .set('X-Forwarded-Host', 'mono.example.jp')
      .expect(200);
    expect(proxied.body.img).toMatch(/^https:\/\/mono\.example\.jp\/media\/profiles\//);
    const served = await request(t.http).get(new URL(proxied.body.img).pathname).expect(200);
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
