import { jest } from '@jest/globals';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { createBook, createPost, createUser } from './helpers/factories';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * The public screens as a visitor, a crawler or a link-preview bot gets them (plain HTTP, no
 * JavaScript): the real build's server renderer (frontend/dist-server, made by `npm run build`).
 */
const dist = path.resolve(process.cwd(), '../frontend/dist'); // tests run in backend/
const serverEntry = path.resolve(dist, '../dist-server/entry-server.js');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function get(base: string, pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers: { Accept: 'text/html', 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      })
      .on('error', reject);
  });
}

/** The text a reader sees in the app's root (no tags, no scripts, no styles). */
function visibleText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'));
  return root
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('server rendering of the public screens', () => {
  let t: TestApp;
  let base: string;
  let bookId: number;
  let userId: number;

  beforeAll(async () => {
    if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first`);
    t = await startTestApp({ SERVE_FRONTEND: 'true' }, { frontendDist: dist });
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
    const owner = await createUser(t.app, { nickName: '統計好きの花子' });
    userId = owner.userId;
    bookId = await createBook(t.app, { title: '都道府県別の人口 2025', contributors: [userId] });
    await createPost(t.app, { userId, text: 'とても見やすいデータでした', rating: 100, reviewTo: bookId });
  }, 240_000); // the server renderer's bundle (4 MB) loads once, slowly under Jest's module loader
  afterAll(async () => {
    await t?.close();
  });

  it("answers a Book's page with its content, in Japanese by default, cacheable for a visitor, with an ETag", async () => {
    const res = await get(base, `/mono/${bookId}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<html lang="ja">');
    expect(res.body).toMatch(/<title>都道府県別の人口 2025[^<]*<\/title>/);
    const text = visibleText(res.body);
    // The Book's title as its heading, its summary, the review: what a person would read.
    expect(text).toContain('都道府県別の人口 2025');
    expect(text).toContain('まとめ');
    expect(text).toContain('とても見やすいデータでした');
    expect(res.body).toMatch(/<h1[^>]*id="book-title"[^>]*>都道府県別の人口 2025<\/h1>/);
    // The data the browser hydrates with, and the styles of the first paint.
    expect(res.body).toMatch(/<script type="application\/json" id="monobook-state"[^>]*>\{"api":/);
    expect(res.body).toContain('<style data-emotion="css ');
    // No inline script the content security policy (script-src 'self') would refuse.
    const scripts = res.body.match(/<script[^>]*>/g) ?? [];
    expect(scripts.filter((tag) => !/ src="|type="application\/(json|ld\+json)"/.test(tag))).toEqual([]);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(res.headers['x-robots-tag']).toBeUndefined();
    expect(res.headers.etag).toMatch(/^"/);
    const again = await get(base, `/mono/${bookId}`, { 'If-None-Match': String(res.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('renders the page in English for ?lang=en and for an English reader, and in the saved choice of the lang cookie', async () => {
    const en = await get(base, `/mono/${bookId}?lang=en`);
    expect(en.body).toContain('<html lang="en">');
    expect(en.headers['content-language']).toBe('en');
    expect(en.body).toContain(`<link rel="canonical" href="http://app.test/mono/${bookId}?lang=en"`);
    const reader = await get(base, '/howto', { 'Accept-Language': 'en-US,en;q=0.9' });
    expect(reader.body).toContain('<html lang="en">');
    const saved = await get(base, '/howto', { 'Accept-Language': 'en-US', Cookie: 'lang=ja' });
    expect(saved.body).toContain('<html lang="ja">');
    const ja = await get(base, '/howto');
    expect(ja.body).toContain('<html lang="ja">');
    expect(visibleText(ja.body)).not.toEqual(visibleText(reader.body));
  });

  it("answers a user's page with the person's nickname and posts", async () => {
    const res = await get(base, `/user/${userId}`);
    expect(res.status).toBe(200);
    const text = visibleText(res.body);
    expect(text).toContain('統計好きの花子');
    expect(text).toContain('とても見やすいデータでした');
  });

  it('answers 404 with the not-found page for a Book or a user that is not there, never a soft 404', async () => {
    for (const pathname of ['/mono/987654321', '/user/987654321', '/mono/not-a-number']) {
      const res = await get(base, pathname);
      expect([pathname, res.status]).toEqual([pathname, 404]);
      expect(res.body).toMatch(/<meta name="robots" content="noindex/);
    }
    expect(visibleText((await get(base, '/mono/987654321')).body)).toContain('このBookは存在しません');
  });

  it('serves every other screen as the client-rendered app with X-Robots-Tag: noindex', async () => {
    for (const pathname of ['/settings', '/login', '/owningpages', '/communitypage/1']) {
      const res = await get(base, pathname);
      expect([pathname, res.status]).toEqual([pathname, 200]);
      expect([pathname, res.headers['x-robots-tag']]).toEqual([pathname, 'noindex']);
      expect(res.body).toContain('<div id="root"></div>');
    }
    const recommend = await get(base, '/recommend');
    expect(recommend.headers['x-robots-tag']).toBeUndefined();
  });

  it('never sends a cached visitor page to a signed-in browser: the app itself, private', async () => {
    const res = await get(base, `/mono/${bookId}`, { Cookie: 'mb_signed_in=1' });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('monobook-state');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/Cookie/);
  });

  it('keeps a rendered page for a short while: a new post shows after the page is rendered anew, not at once', async () => {
    const first = await get(base, `/mono/${bookId}?lang=en`);
    await createPost(t.app, { userId, text: 'a second review', rating: 80, reviewTo: bookId });
    const cached = await get(base, `/mono/${bookId}?lang=en`);
    expect(cached.headers.etag).toBe(first.headers.etag);
    expect(visibleText(cached.body)).not.toContain('a second review');
  });

  it('after its minute sends the kept page at once and renders it anew shortly after: a later visitor gets the new one', async () => {
    const first = await get(base, `/mono/${bookId}?lang=en&v=stale`);
    await createPost(t.app, { userId, text: 'a third review', rating: 90, reviewTo: bookId });
    const realNow = Date.now.bind(Date);
    const later = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 61_000);
    try {
      const stale = await get(base, `/mono/${bookId}?lang=en&v=stale`);
      expect(stale.status).toBe(200);
      expect(stale.headers.etag).toBe(first.headers.etag);
      expect(visibleText(stale.body)).not.toContain('a third review');
      // The render that request started (a few seconds later) ends; then the page has the new post.
      let renewed = stale;
      while (renewed.headers.etag === first.headers.etag) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        renewed = await get(base, `/mono/${bookId}?lang=en&v=stale`);
      }
      expect(renewed.status).toBe(200);
      expect(visibleText(renewed.body)).toContain('a third review');
    } finally {
      later.mockRestore();
    }
  });
});
