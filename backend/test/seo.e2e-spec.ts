import * as fs from 'node:fs';
import * as path from 'node:path';
import request from 'supertest';
import { DISALLOWED_PATHS, PUBLIC_STATIC_PATHS } from '../src/modules/seo/seo-paths';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { sample, upload, waitForBook } from './helpers/books';
import { eventsHandled } from './helpers/events';
import { auth, signUp, startTestApp, type TestApp } from './helpers/test-app';

const ORIGIN = 'https://monobook.example';

/** The <url> entries of a sitemap: loc, lastmod and the hreflang alternates. */
function urls(xml: string): Array<{ loc: string; lastmod?: string; alternates: Record<string, string> }> {
  return [...xml.matchAll(/<url>(.*?)<\/url>/g)].map(([, body]) => ({
    loc: /<loc>(.*?)<\/loc>/.exec(body)![1],
    lastmod: /<lastmod>(.*?)<\/lastmod>/.exec(body)?.[1],
    alternates: Object.fromEntries(
      [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(([, lang, href]) => [lang, href]),
    ),
  }));
}
const sitemapFiles = (xml: string) =>
  [...xml.matchAll(/<sitemap><loc>(.*?)<\/loc>(?:<lastmod>(.*?)<\/lastmod>)?<\/sitemap>/g)].map(([, loc, lastmod]) => ({ loc, lastmod }));
const text = (res: request.Response) => (typeof res.text === 'string' && res.text ? res.text : (res.body as Buffer).toString('utf8'));

/** robots.txt, the sitemap index and its files (modules/seo), and get-page-info's fields for crawlers. */
describe('robots.txt and sitemaps', () => {
  let t: TestApp;
  let db: DataSource;
  let hanako: { token: string; userId: number };
  let leaver: { token: string; userId: number };
  let freeBook: number;
  let paidBook: number;

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: ORIGIN });
    db = t.app.get(getDataSourceToken());
    hanako = await signUp(t, 'hanako@example.com');
    leaver = await signUp(t, 'leaver@example.com');
    await request(t.http).post('/api/user/profile/').set(auth(hanako.token)).field('nickName', '花子').field('sex', '3').expect(201);
    await request(t.http).post('/api/user/profile/').set(auth(leaver.token)).field('nickName', '去る人').field('sex', '1').expect(201);
    const free = await upload(t, hanako.token, 'prefecture health insurance.csv', sample('prefecture-health-insurance.csv'), {
      title: '都道府県別 健康保険料率',
    }).expect(201);
    freeBook = (await waitForBook(t, hanako.userId, free.body.id)).page;
    const paid = await upload(t, hanako.token, 'world-city-populations.xlsx', sample('world-city-populations.xlsx'), {
      title: 'World city populations',
      price: 800,
      mydata: true,
      language: 'en',
    }).expect(201);
    paidBook = (await waitForBook(t, hanako.userId, paid.body.id)).page;
  });
  afterAll(() => t.close());

  it('robots.txt is plain text: it names the sitemap and keeps crawlers off the API and private screens, not off public pages', async () => {
    const res = await request(t.http).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        `Sitemap: ${ORIGIN}/sitemap.xml`,
        'Disallow: /api/',
        'Disallow: /account',
        'Disallow: /settings',
        'Disallow: /login',
        'Disallow: /owningpage/',
      ]),
    );
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    // Robots rules match by prefix ($ ends one): none may cover a public page.
    const blocks = (p: string) => disallowed.some((rule) => (rule.endsWith('$') ? p === rule.slice(0, -1) : p.startsWith(rule)));
    for (const p of ['/', '/recommend', '/recommenduser', '/howto', '/terms', '/privacy', '/Notations-SCTA', `/mono/${freeBook}`, `/user/${hanako.userId}`])
      expect([p, blocks(p)]).toEqual([p, false]);
    for (const p of ['/api/user/login/', '/account', '/userpage', '/home', '/communitypage/3', '/verify/1/k', '/users', '/post/4'])
      expect([p, blocks(p)]).toEqual([p, true]);
  });

  it('the sitemap index lists the public pages, the Books and the people, each file on the public origin', async () => {
    const res = await request(t.http).get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/stale-while-revalidate/);
    expect(text(res)).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const files = sitemapFiles(text(res));
    expect(files.map((f) => f.loc)).toEqual([`${ORIGIN}/sitemaps/pages.xml`, `${ORIGIN}/sitemaps/books-0.xml`, `${ORIGIN}/sitemaps/users-0.xml`]);
    const info = (await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${paidBook}`).expect(200)).body;
    expect(files[1].lastmod).toBe(`${info.modified_on.slice(0, 19)}Z`);
  });

  it('each public page has its Japanese and English address, both naming ja, en and x-default', async () => {
    const res = await request(t.http).get('/sitemaps/pages.xml').expect(200);
    const entries = urls(text(res));
    expect(entries.map((u) => u.loc)).toEqual(
      ['/', '/recommend', '/recommenduser', '/howto', '/terms', '/privacy', '/Notations-SCTA'].flatMap((p) => [`${ORIGIN}${p}`, `${ORIGIN}${p}?lang=en`]),
    );
    for (const u of entries) {
      const bare = u.loc.replace('?lang=en', '');
      expect(u.alternates).toEqual({ ja: bare, en: `${bare}?lang=en`, 'x-default': bare });
    }
  });

  it('the Book sitemap lists every Book in both languages with its true last change, and get-page-info names tags, formats and that date', async () => {
    const entries = urls(text(await request(t.http).get('/sitemaps/books-0.xml').expect(200)));
    expect(entries.map((u) => u.loc)).toEqual(
      [freeBook, paidBook].sort((a, b) => a - b).flatMap((id) => [`${ORIGIN}/mono/${id}`, `${ORIGIN}/mono/${id}?lang=en`]),
    );
    const info = (await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${freeBook}`).set('Accept-Language', 'ja').expect(200)).body;
    const [{ created_on: fileAdded }] = await db.query(`SELECT max(created_on) AS created_on FROM book_files WHERE page_id = $1`, [freeBook]);
    expect(info.modified_on).toBe(new Date(Math.max(Date.parse(info.created_on), new Date(fileAdded).getTime())).toISOString());
    expect(entries.find((u) => u.loc === `${ORIGIN}/mono/${freeBook}`)!.lastmod).toBe(`${info.modified_on.slice(0, 19)}Z`);
    expect(entries.find((u) => u.loc === `${ORIGIN}/mono/${freeBook}`)!.alternates).toEqual({
      ja: `${ORIGIN}/mono/${freeBook}`,
      en: `${ORIGIN}/mono/${freeBook}?lang=en`,
      'x-default': `${ORIGIN}/mono/${freeBook}`,
    });
    expect(info.file_formats).toEqual(['text/csv']);
    // Its tags as the Book's tag list names them for the same reader, and not empty: the generated Book is tagged.
    for (const lang of ['ja', 'en']) {
      const tagged = (await request(t.http).get(`/api/user/pageattribute/by-monopage/${freeBook}`).set('Accept-Language', lang).expect(200)).body;
      const own = (await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${freeBook}`).set('Accept-Language', lang).expect(200)).body;
      expect(tagged.length).toBeGreaterThan(0);
      expect(own.tags).toEqual(tagged.map((a: { attributeName: string }) => a.attributeName));
    }
    // A paid Book names its files' format, never where they are.
    const paid = (await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${paidBook}`).expect(200)).body;
    expect(paid.page_price).toBe(800);
    expect(paid.file_formats).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    expect(JSON.stringify(paid)).not.toMatch(/\/media\/(?!covers\/)|download|storage/i);
  });

  it('the people sitemap lists active profiles only: a leaving person is gone from it', async () => {
    const before = urls(text(await request(t.http).get('/sitemaps/users-0.xml').expect(200))).map((u) => u.loc);
    expect(before).toEqual([hanako.userId, leaver.userId].sort((a, b) => a - b).flatMap((id) => [`${ORIGIN}/user/${id}`, `${ORIGIN}/user/${id}?lang=en`]));
    await request(t.http).post('/api/user/deleteprofile/').set(auth(leaver.token)).expect(200);
    await eventsHandled(t.app, 'event.account.');
    const after = urls(text(await request(t.http).get('/sitemaps/users-0.xml').expect(200))).map((u) => u.loc);
    expect(after).toEqual([`${ORIGIN}/user/${hanako.userId}`, `${ORIGIN}/user/${hanako.userId}?lang=en`]);
  });

  it('splits Books into files of 25,000 ids (50,000 addresses) and reads them 1,000 rows at a time, all of them', async () => {
    // 1,200 more Books after the two, and one beyond the first block of ids.
    await db.query(`INSERT INTO pages (title) SELECT 'Book ' || n FROM generate_series(1, 1200) n`);
    await db.query(`INSERT INTO pages (id, title) VALUES (25001, 'Far Book')`);
    const files = sitemapFiles(text(await request(t.http).get('/sitemap.xml').expect(200))).map((f) => f.loc);
    expect(files).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/books-0.xml`,
      `${ORIGIN}/sitemaps/books-1.xml`,
      `${ORIGIN}/sitemaps/users-0.xml`,
    ]);
    const first = urls(text(await request(t.http).get('/sitemaps/books-0.xml').expect(200)));
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM pages WHERE id <= 25000`);
    expect(n).toBe(1202);
    expect(first).toHaveLength(2 * 1202);
    expect(new Set(first.map((u) => u.loc)).size).toBe(2 * 1202);
    const ids = first.filter((u) => !u.loc.includes('?')).map((u) => Number(u.loc.split('/').pop()));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const second = urls(text(await request(t.http).get('/sitemaps/books-1.xml').expect(200)));
    expect(second.map((u) => u.loc)).toEqual([`${ORIGIN}/mono/25001`, `${ORIGIN}/mono/25001?lang=en`]);
    expect(urls(text(await request(t.http).get('/sitemaps/books-2.xml').expect(200)))).toEqual([]);
  });

  it("every screen of the app's router is public (in the sitemap) or kept off by robots.txt, as the frontend's head says", () => {
    const frontend = path.resolve(process.cwd(), '../frontend/src/app');
    const routes = [...fs.readFileSync(path.join(frontend, 'router.tsx'), 'utf8').matchAll(/\{ path: '([^']+)'/g)].map((m) => m[1]).filter((p) => p !== '*');
    expect(routes.length).toBeGreaterThan(40);
    const staticPaths = [...fs.readFileSync(path.join(frontend, 'head/static-head.ts'), 'utf8').matchAll(/^\s+\w+: '(\/[^']*)',$/gm)].map((m) => m[1]);
    expect([...staticPaths].sort()).toEqual([...PUBLIC_STATIC_PATHS].sort());
    const publicPaths = new Set<string>([...PUBLIC_STATIC_PATHS, '/mono/:pageid', '/user/:userid']);
    const blocked = (p: string) => DISALLOWED_PATHS.some((rule) => (rule.endsWith('$') ? p === rule.slice(0, -1) : p.startsWith(rule)));
    for (const route of routes) {
      const sample = route.replace(/:\w+/g, '1');
      expect([route, publicPaths.has(route) ? 'public' : blocked(sample) ? 'disallowed' : 'neither']).toEqual([
        route,
        publicPaths.has(route) ? 'public' : 'disallowed',
      ]);
      if (publicPaths.has(route)) expect([route, blocked(sample)]).toEqual([route, false]);
    }
  });

  it('answers 404 for a sitemap that is not one', async () => {
    await request(t.http).get('/sitemaps/secrets.xml').expect(404);
    await request(t.http).get('/sitemaps/books-x.xml').expect(404);
  });
});
