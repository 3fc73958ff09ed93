import request from 'supertest';
import { sample, upload } from './helpers/books';
import { auth, signUp, startTestApp, type TestApp } from './helpers/test-app';

/**
 * Signed download links carry their credential in the query (`?token=`): the request log shows
 * the path and `token=[REDACTED]`, never the token. (A file of its own: nestjs-pino keeps one
 * request logger per process, so only the first app of a test file writes to its own sink.)
 */
describe('request log and signed links', () => {
  const lines = (sink: string[]) =>
    sink
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { req?: { method: string; url: string }; res?: { statusCode: number } });

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
      await request(t.http)
        .get(`${link.pathname}?token=${encodeURIComponent(signed)}x`)
        .expect(403);
      // A streamed answer's line is written once the stream has ended.
      for (let i = 0; i < 50 && lines(sink).filter((l) => l.req).length < 2; i++) await new Promise((r) => setTimeout(r, 50));
      const logged = lines(sink)
        .filter((l) => l.req)
        .map((l) => [l.req!.url, l.res!.statusCode]);
      expect(logged).toEqual([
        [`/api/user/files/${file.id}/content?token=[REDACTED]`, 200],
        [`/api/user/files/${file.id}/content?token=[REDACTED]`, 403],
      ]);
      const written = sink.join('');
      expect(written).not.toContain(signed);
      expect(written).not.toContain(encodeURIComponent(signed));
    } finally {
      await t.close();
    }
  });
});
