import request from 'supertest';
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
