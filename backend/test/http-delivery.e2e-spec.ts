import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { startTestApp, type TestApp } from './helpers/test-app';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw GET: the body as sent (still compressed), so the test sees what the browser receives. */
function get(base: string, pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('delivery of the web app and the API: compression and caching', () => {
  let t: TestApp;
  let base: string;
  let dist: string;
  const script = `// the app\n${'export const words = ["本", "book", "データ"];\n'.repeat(400)}`;
  const html = `<!doctype html><html><head><title>Monobook</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${' '.repeat(1500)}</body></html>`;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), html);
    fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), script);
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await startTestApp({ SERVE_FRONTEND: 'true' }, { frontendDist: dist });
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends a hashed script brotli-compressed to a browser that accepts br, cached for a year as immutable', async () => {
    const res = await get(base, '/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/^accept-encoding$/i); // once, not repeated by the compressor
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(script) / 5);
  });

  it('falls back to gzip for a client without brotli, and sends it plain to one that accepts no encoding', async () => {
    const gz = await get(base, '/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get(base, '/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it('never lets a browser keep index.html without asking again: the entry page and every app route are no-cache', async () => {
    for (const pathname of ['/', '/index.html', '/recommend', '/mono/12']) {
      const res = await get(base, pathname, { Accept: 'text/html', 'Accept-Encoding': 'br' });
      expect([pathname, res.status]).toEqual([pathname, 200]);
      expect([pathname, res.headers['cache-control']]).toEqual([pathname, 'private, no-cache']);
      expect(zlib.brotliDecompressSync(res.body).toString()).toBe(html);
      // The security headers are on the page too.
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('answers a missing hashed file with 404, not with the app page', async () => {
    const res = await get(base, '/assets/index-Gone0000.js', { Accept: '*/*' });
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain('<div id="root">');
  });

  it('compresses API JSON too, and leaves small answers and API errors as they were', async () => {
    const doc = await get(base, '/api/openapi.json', { 'Accept-Encoding': 'br' });
    expect(doc.status).toBe(200);
    expect(doc.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(doc.body).toString()).info.title).toBe('Monobook API');

    const health = await get(base, '/healthz', { 'Accept-Encoding': 'br' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });

    const denied = await get(base, '/api/user/myprofile/', { 'Accept-Encoding': 'br', Accept: 'text/html' });
    expect(denied.status).toBe(401);
    expect(denied.headers['www-authenticate']).toBe('Token');
    expect(JSON.parse(denied.body.toString())).toEqual({ detail: 'Authentication credentials were not provided.', code: 'notAuthenticated' });
  });
});
