import request from 'supertest';
import { sample, upload } from './helpers/books';
import { auth, signUp, startTestApp, type TestApp } from './helpers/test-app';

/**
 * LOG_LEVEL=info (the default) writes one JSON line per request, without the token; above info
 * no request line is written, and the per-request logger is not even built (issue 10: it cost
 * about a tenth of a small read).
 */
describe('request log', () => {
  const lines = (sink: string[]) =>
    sink
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: number });

  it('at info: one line per request with method, path, status and time; never the token', async () => {
    const sink: string[] = [];
    const t: TestApp = await startTestApp({ LOG_LEVEL: 'info' }, { logDestination: { write: (s: string) => sink.push(s) } });
    try {
      const { token } = await signUp(t, 'log@example.com');
      sink.length = 0;
      await request(t.http).get('/api/user/pageccja/?count=0').set(auth(token)).expect(200);
      await request(t.http).get('/api/user/myprofile/').set(auth(token)).expect(404);
      await request(t.http).get('/healthz').expect(200);
      const requests = lines(sink).filter((l) => l.req);
      expect(requests.map((l) => [l.req!.method, l.req!.url, l.res!.statusCode])).toEqual([
        ['GET', '/api/user/pageccja/?count=0', 200],
        ['GET', '/api/user/myprofile/', 404],
      ]);
      expect(requests.every((l) => typeof l.responseTime === 'number')).toBe(true);
      expect(sink.join('')).not.toContain(token);
    } finally {
      await t.close();
    }
  });

  it('never logs the token of a signed download link', async () => {
    const sink: string[] = [];
    const t: TestApp = await startTestApp({ LOG_LEVEL: 'info' }, { logDestination: { write: (s: string) => sink.push(s) } });
    try {
      const { token } = await signUp(t, 'signed@example.com');
      await request(t.http).post('/api/user/profile/').set(auth(token)).field('nickName', 'Signed').expect(201);
      const file = (await upload(t, token, 'weather.csv', sample('tokyo-weather-2025.csv')).expect(201)).body;
      const link = new URL((await request(t.http).post('/api/user/get_s3_url/').set(auth(token)).send({ file_id: file.id }).expect(200)).body.s3_url);
      const signed = link.searchParams.get('token')!;
      expect(signed.length).toBeGreaterThan(10);
      sink.length = 0;
      await request(t.http).get(`${link.pathname}${link.search}`).expect(200);
      await request(t.http).get(`${link.pathname}?token=${encodeURIComponent(signed)}x`).expect(403);
      // A streamed answer's line is written once the stream has ended.
      for (let i = 0; i < 50 && lines(sink).filter((l) => l.req).length < 2; i++) await new Promise((r) => setTimeout(r, 50));
      const urls = lines(sink).filter((l) => l.req).map((l) => l.req!.url);
      expect(urls).toEqual([`/api/user/files/${file.id}/content?token=[REDACTED]`, `/api/user/files/${file.id}/content?token=[REDACTED]`]);
      const written = sink.join('');
      expect(written).not.toContain(signed);
      expect(written).not.toContain(encodeURIComponent(signed));
    } finally {
      await t.close();
    }
  });

  it('above info: no request lines', async () => {
    const sink: string[] = [];
    const t: TestApp = await startTestApp({ LOG_LEVEL: 'warn' }, { logDestination: { write: (s: string) => sink.push(s) } });
    try {
      const { token } = await signUp(t, 'quiet@example.com');
      await request(t.http).get('/api/user/pageccja/?count=0').set(auth(token)).expect(200);
      await request(t.http).get('/api/user/myprofile/').set(auth(token)).expect(404);
      expect(lines(sink).filter((l) => l.req)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
