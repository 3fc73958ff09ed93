import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { sendRaw } from './helpers/raw-http';
import { auth, signUp, startTestApp, type TestApp } from './helpers/test-app';
import { validationErrors } from './helpers/errors';

/** Each class of bad input the held-out fuzz run found, with the exact DRF answer. */
describe('bad input answers a clear 4xx', () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let profileId: number;

  beforeAll(async () => {
    t = await startTestApp();
    ({ token, userId } = await signUp(t, 'bad-input@example.com'));
    const res = await request(t.http).post('/api/user/profile/').set(auth(token)).field('nickName', 'checker').field('caption', 'hello').expect(201);
    profileId = res.body.id;
  });
  afterAll(() => t?.close());

  const invalidInt = validationErrors({ id: ['A valid integer is required.'] });

  it('refuses ids outside PostgreSQL integer or not integers in JSON bodies; true is not id 1', async () => {
    for (const id of [2147483648, 1e300, true, '1.5', 1.5, -1, '2147483648', null]) {
      const res = await request(t.http).post('/api/user/verify/').send({ id, key: 'k' }).expect(400);
      expect(res.body).toEqual(id === null ? validationErrors({ id: ['This field may not be null.'] }) : invalidInt);
    }
    await request(t.http).post('/api/user/verify-for-password-reset/').send({ id: true, key: 'k' }).expect(400, invalidInt);
    await request(t.http).post('/api/user/reset-password/').send({ id: 1e300, key: 'k', password: 'long-enough-1' }).expect(400, invalidInt);
    for (const pageId of [2147483648, true, '1e300']) {
      await request(t.http)
        .post('/api/user/followingpage/')
        .set(auth(token))
        .send({ pageId })
        .expect(400, validationErrors({ pageId: ['A valid integer is required.'] }));
    }
    for (const file_id of [2147483648, true, 1e300]) {
      await request(t.http)
        .post('/api/user/download/')
        .set(auth(token))
        .send({ file_id })
        .expect(400, validationErrors({ file_id: ['A valid integer is required.'] }));
      await request(t.http)
        .post('/api/user/get_s3_url/')
        .set(auth(token))
        .send({ file_id })
        .expect(400, validationErrors({ file_id: ['A valid integer is required.'] }));
    }
  });

  it('refuses such ids and counts in queries (400) and paths (404)', async () => {
    await request(t.http)
      .get('/api/user/monopage/get-page-info/?pageId=2147483648')
      .expect(400, validationErrors({ pageId: ['A valid integer is required.'] }));
    await request(t.http)
      .get('/api/user/pageccja/?count=true')
      .expect(400, validationErrors({ count: ['A valid integer is required.'] }));
    await request(t.http)
      .get('/api/user/uploadedfiles/?user_id=1e300')
      .expect(400, validationErrors({ user_id: ['A valid integer is required.'] }));
    for (const seg of ['2147483648', '1e300', 'true', '%ED%A0%80']) {
      await request(t.http).get(`/api/user/profile/${seg}`).expect(404, { detail: 'Not found.', code: 'notFound' });
      await request(t.http).get(`/api/user/record_page_view/${seg}/1/`).expect(404, { detail: 'Not found.', code: 'notFound' });
    }
  });

  it('refuses NUL bytes and lone surrogates in text, JSON and multipart, and stores nothing', async () => {
    await request(t.http)
      .post('/api/user/register/')
      .send({ email: 'a\u0000@example.com', password1: 'x-long-pass', password2: 'x-long-pass', agreed: true })
      .expect(400, validationErrors({ email: ['Null characters are not allowed.'] }));
    await request(t.http)
      .post('/api/user/login/')
      .send({ email: '\ud800@example.com', password: 'x' })
      .expect(400, validationErrors({ email: ['Surrogate characters are not allowed: U+D800.'] }));
    await request(t.http)
      .post('/api/user/forgot-password/')
      .send({ email: 'x@example.com\udfff' })
      .expect(400, validationErrors({ email: ['Surrogate characters are not allowed: U+DFFF.'] }));
    await request(t.http)
      .put(`/api/user/profile/${profileId}/`)
      .set(auth(token))
      .field('caption', 'bad\u0000caption')
      .expect(400, validationErrors({ caption: ['Null characters are not allowed.'] }));
    await request(t.http)
      .get('/api/user/profile/search?q=a%00b')
      .expect(400, validationErrors({ q: ['Null characters are not allowed.'] }));
    const users = await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM users`);
    expect(users[0].n).toBe(1);
    const mine = await request(t.http).get('/api/user/myprofile/').set(auth(token)).expect(200);
    expect(mine.body.caption).toBe('hello');
  });

  it('refuses null for fields that are not nullable on PUT profile', async () => {
    for (const field of ['nickName', 'birth', 'caption', 'sex']) {
      await request(t.http)
        .put(`/api/user/profile/${profileId}/`)
        .set(auth(token))
        .send({ [field]: null })
        .expect(400, validationErrors({ [field]: ['This field may not be null.'] }));
    }
    // An empty birthday still clears it.
    await request(t.http).put(`/api/user/profile/${profileId}/`).set(auth(token)).field('birth', '').expect(200);
  });

  it('answers JSON nested thousands deep with a 400 parse error on every kind of body route', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    for (const [path, who] of [
      ['/api/user/login/', {}],
      ['/api/user/followingpage/', auth(token)],
      ['/api/user/download/', auth(token)],
    ] as const) {
      const res = await request(t.http).post(path).set(who).set('Content-Type', 'application/json').send(`{"x": ${deep}}`).expect(400);
      expect(res.body.detail).toMatch(/^JSON parse error - /);
    }
    // Deep values that arrive parsed (multipart field names) are refused too.
    await request(t.http)
      .put(`/api/user/profile/${profileId}/`)
      .set(auth(token))
      .send({ caption: JSON.parse(deep) })
      .expect(400);
  });

  it('answers a visitor 401 on a protected route whatever the body; with a token the body problem is told', async () => {
    const cases: Array<[string, (r: request.Test) => request.Test, number]> = [
      ['broken JSON', (r) => r.set('Content-Type', 'application/json').send('{"pageId": '), 400],
      ['oversized', (r) => r.set('Content-Type', 'application/json').send(JSON.stringify({ pageId: 1, pad: 'x'.repeat(200_000) })), 413],
      ['unknown Content-Encoding', (r) => r.set('Content-Type', 'application/json').set('Content-Encoding', 'x-unknown').send('{"pageId": 1}'), 415],
    ];
    for (const [, body, withToken] of cases) {
      const visitor = await body(request(t.http).post('/api/user/followingpage/')).expect(401);
      expect(visitor.body).toEqual({ detail: 'Authentication credentials were not provided.', code: 'notAuthenticated' });
      expect(visitor.headers['www-authenticate']).toBe('Token');
      await body(request(t.http).post('/api/user/followingpage/').set('Authorization', 'Token nope')).expect(401, {
        detail: 'Invalid token.',
        code: 'invalidToken',
      });
      await body(request(t.http).post('/api/user/followingpage/').set(auth(token))).expect(withToken);
    }
    // Public routes still read bodies with and without a token; a bad token is 401 there too.
    await request(t.http).post('/api/user/login/').set('Content-Type', 'application/json').send('{"email": ').expect(400);
    await request(t.http).post('/api/user/login/').set('Authorization', 'Token nope').send({ email: 'x@example.com', password: 'y' }).expect(401);
    expect(userId).toBeGreaterThan(0);
  });
  const rows = async (table: string) => Number((await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
  const listening = async () => {
    if (!t.http.listening) await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', () => resolve()));
    return (t.http.address() as AddressInfo).port;
  };
  const multipart = (boundary: string, fields: Array<[string, string]>, file?: { name: string; headers?: string[] }) =>
    [
      ...fields.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      ...(file
        ? [
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n${(file.headers ?? []).map((h) => `${h}\r\n`).join('')}\r\na,b\n1,2\n\r\n`,
          ]
        : []),
      `--${boundary}--\r\n`,
    ].join('');
  const MULTIPART_ROUTES = () =>
    [
      ['post', '/api/user/profile/'],
      ['put', `/api/user/profile/${profileId}/`],
      ['post', '/api/user/monopost/'],
      ['post', '/api/user/upload/'],
      ['post', '/api/user/approval/'],
      ['post', '/api/user/approval/delete_request/'],
    ] as const;

  it('answers a multipart boundary longer than RFC 2046 allows with a 400 on every multipart route (it was a 500), and stores nothing', async () => {
    const before = { posts: await rows('posts'), files: await rows('uploaded_files') };
    for (const length of [71, 300, 2000]) {
      const boundary = 'b'.repeat(length);
      for (const [method, url] of MULTIPART_ROUTES()) {
        const res = await request(t.http)
          [method](url)
          .set(auth(token))
          .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
          .send(
            multipart(
              boundary,
              [
                ['text', 'hello'],
                ['title', 't'],
                ['caption', 'c'],
              ],
              { name: 'a.csv' },
            ),
          );
        expect({ url, length, status: res.status, body: res.body }).toEqual({
          url,
          length,
          status: 400,
          body: {
            detail: 'Multipart form parse error - Invalid boundary in multipart.',
            code: 'multipartParse',
            params: { detail: 'Invalid boundary in multipart.' },
          },
        });
      }
    }
    // No boundary, an empty one: the same answer. 70 characters are allowed.
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=""']) {
      await request(t.http)
        .post('/api/user/monopost/')
        .set(auth(token))
        .set('Content-Type', contentType)
        .send('--x--\r\n')
        .expect(400, {
          detail: 'Multipart form parse error - Invalid boundary in multipart.',
          code: 'multipartParse',
          params: { detail: 'Invalid boundary in multipart.' },
        });
    }
    const boundary = 'b'.repeat(70);
    await request(t.http)
      .put(`/api/user/profile/${profileId}/`)
      .set(auth(token))
      .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
      .send(multipart(boundary, [['caption', 'hello']]))
      .expect(200);
    expect({ posts: await rows('posts'), files: await rows('uploaded_files') }).toEqual(before);
  });

  it('refuses an upload whose part headers are 100 KB long (it was accepted, 201) with a 400, and stores nothing', async () => {
    const before = await rows('uploaded_files');
    const pad = `X-Pad: ${'a'.repeat(100 * 1024)}`;
    const send = (body: string) =>
      request(t.http).post('/api/user/upload/').set(auth(token)).set('Content-Type', 'multipart/form-data; boundary=bnd').send(body);
    const tooLarge = {
      detail: 'Multipart form parse error - Part headers too large (more than 16384 bytes or 16 lines).',
      code: 'multipartParse',
      params: { detail: 'Part headers too large (more than 16384 bytes or 16 lines).' },
    };
    await send(multipart('bnd', [['title', 'data']], { name: 'a.csv', headers: [pad] })).expect(400, tooLarge);
    // In a text field's headers, and as many short lines.
    await send(`--bnd\r\nContent-Disposition: form-data; name="title"\r\n${pad}\r\n\r\ndata\r\n` + multipart('bnd', [], { name: 'a.csv' })).expect(
      400,
      tooLarge,
    );
    await send(multipart('bnd', [['title', 'data']], { name: 'a.csv', headers: Array.from({ length: 40 }, (_, i) => `X-${i}: v`) })).expect(400, tooLarge);
    expect(await rows('uploaded_files')).toBe(before);
  });

  it('answers a visitor 401 on a protected route whatever the Content-Type header says (it was a 415); with a token the 415 comes once the body is read', async () => {
    for (const contentType of ['(((', 'application/', '/json', 'application /json', 'undefined', 'a\u00ffb/c']) {
      for (const url of ['/api/user/followingpage/', '/api/user/upload/', '/api/user/monopost/']) {
        const visitor = await request(t.http).post(url).set('Content-Type', contentType).send('{"pageId": 1}');
        expect({ contentType, url, status: visitor.status, body: visitor.body }).toEqual({
          contentType,
          url,
          status: 401,
          body: { detail: 'Authentication credentials were not provided.', code: 'notAuthenticated' },
        });
        await request(t.http)
          .post(url)
          .set('Authorization', 'Token nope')
          .set('Content-Type', contentType)
          .send('{"pageId": 1}')
          .expect(401, { detail: 'Invalid token.', code: 'invalidToken' });
        const member = await request(t.http).post(url).set(auth(token)).set('Content-Type', contentType).send('{"pageId": 1}');
        expect({ contentType, url, status: member.status, body: member.body }).toEqual({
          contentType,
          url,
          status: 415,
          body: { detail: 'Unsupported media type in request.', code: 'unsupportedMediaType' },
        });
      }
    }
  });

  it('lets a visitor who sends a large upload to a protected route read the 401, even a client that writes its whole body first on a closing connection (it saw a reset)', async () => {
    const port = await listening();
    const head = '--bnd\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n';
    const body = Buffer.concat([Buffer.from(head), Buffer.alloc(20 * 1024 * 1024, 'a'), Buffer.from('\r\n--bnd--\r\n')]);
    for (const url of ['/api/user/upload/', '/api/user/profile/', '/api/user/monopost/']) {
      for (const connection of ['close', 'keep-alive']) {
        const res = await sendRaw(
          port,
          {
            method: 'post',
            url,
            headers: [
              ['Connection', connection],
              ['Content-Type', 'multipart/form-data; boundary=bnd'],
            ],
            body,
            writeThenRead: true,
          },
          30_000,
        );
        expect({ url, connection, status: res.status, error: res.error, body: res.body }).toEqual({
          url,
          connection,
          status: 401,
          error: undefined,
          body: { detail: 'Authentication credentials were not provided.', code: 'notAuthenticated' },
        });
      }
    }
  });

  it("answers a message Node's HTTP parser refuses (bad Content-Length, Transfer-Encoding with it) with a DRF-shaped 400", async () => {
    const port = await listening();
    const cases: Array<Array<[string, string]>> = [
      [['Content-Length', 'abc']],
      [['Content-Length', '1, 2']],
      [
        ['Transfer-Encoding', 'chunked'],
        ['Content-Length', '3'],
      ],
    ];
    for (const headers of cases) {
      const res = await sendRaw(port, {
        method: 'post',
        url: '/api/user/followingpage/',
        headers: [['Content-Type', 'application/json'], ...headers],
        body: '{}',
        autoLength: false,
        halfClose: true,
      });
      expect({ headers, status: res.status, body: res.body }).toEqual({ headers, status: 400, body: { detail: 'Bad request.', code: 'badRequest' } });
    }
  });
});
