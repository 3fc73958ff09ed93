import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { JSDOM } from 'jsdom';
import en from '../src/i18n/en.json' with { type: 'json' };
import ja from '../src/i18n/ja.json' with { type: 'json' };
import { problemsOf } from '../src/app/head/__tests__/schemaorg-validate';
import { apiBook, apiUser, uniqueCsv } from './support/seed';
import type { SeededUser } from './support/seed';

/**
 * What a crawler and a link-preview bot read (issue 37): each public page fetched by plain HTTP
 * (no JavaScript, no cookie, a crawler's user agent) in both languages — title, description,
 * canonical, hreflang, Open Graph, the Twitter card, JSON-LD (checked against the schema.org
 * vocabulary), the page's language and its real content; robots.txt and the sitemap; 404 and
 * noindex; the card image loads as an image of the size the page says; a paid Book's page never
 * names where its file is.
 */
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const TEXTS = { ja, en } as const;
type Lang = 'ja' | 'en';
const XLSX = fileURLToPath(new URL('../../backend/samples/world-city-populations.xlsx', import.meta.url));

interface Head {
  html: string;
  doc: Document;
  lang: string | null;
  title: string;
  description: string | null;
  robots: string | null;
  canonical: string | null;
  alternates: Record<string, string>;
  meta: (key: string) => string[];
  jsonLd: Array<Record<string, unknown>>;
  bodyText: string;
}

function read(html: string): Head {
  const doc = new JSDOM(html).window.document;
  const attr = (selector: string, name: string) => doc.querySelector(selector)?.getAttribute(name) ?? null;
  const body = doc.body.cloneNode(true) as HTMLElement;
  body.querySelectorAll('script, style, noscript').forEach((e) => e.remove());
  return {
    html,
    doc,
    lang: doc.documentElement.getAttribute('lang'),
    title: doc.title,
    description: attr('meta[name="description"]', 'content'),
    robots: attr('meta[name="robots"]', 'content'),
    canonical: attr('link[rel="canonical"]', 'href'),
    alternates: Object.fromEntries(
      [...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute('hreflang')!, l.getAttribute('href')!]),
    ),
    meta: (key) => [...doc.querySelectorAll(`meta[property="${key}"], meta[name="${key}"]`)].map((m) => m.getAttribute('content') ?? ''),
    jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? 'null')),
    bodyText: (body.textContent ?? '').replace(/\s+/g, ' ').trim(),
  };
}

let crawler: APIRequestContext;
let origin: string;
let owner: SeededUser;
let freeBook: number;
let paidBook: number;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(240_000);
  origin = baseURL!.replace(/\/$/, '');
  crawler = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { 'User-Agent': CRAWLER } });
  const api = await playwrightRequest.newContext({ baseURL: origin });
  owner = await apiUser(api, { label: 'crawl-owner', language: 'ja', nickName: 'クロール花子', caption: '駅と時間帯ごとの乗降データを集めています' });
  freeBook = await apiBook(api, owner, '駅別 時間帯別 乗降客数', await uniqueCsv('crawler-stations', 'stations'), '駅ごと・時間帯ごとの乗降客数');
  // A paid Book (own data, 800 yen).
  const upload = await api.post('/api/user/upload/', {
    headers: { Authorization: `Token ${owner.token}`, 'Accept-Language': 'en' },
    multipart: {
      title: 'World city populations',
      description: 'Population and area of large cities.',
      price: '800',
      mydata: 'true',
      file: {
        name: 'world-city-populations.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: fs.readFileSync(XLSX),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const fileId = ((await upload.json()) as { id: number }).id;
  await expect
    .poll(
      async () => {
        const list = (await (
          await api.get(`/api/user/uploadedfiles/?user_id=${owner.userId}&count=0`, { headers: { Authorization: `Token ${owner.token}` } })
        ).json()) as Array<{ id: number; page: number | null }>;
        paidBook = list.find((f) => f.id === fileId)?.page ?? 0;
        return paidBook;
      },
      { timeout: 120_000 },
    )
    .toBeGreaterThan(0);
  await api.dispose();
});

test.afterAll(async () => {
  await crawler?.dispose();
});

async function page(path: string, headers: Record<string, string> = {}, status = 200): Promise<Head> {
  const res = await crawler.get(path, { headers: { Accept: 'text/html', ...headers } });
  expect(res.status(), `${path}: ${(await res.text()).slice(0, 300)}`).toBe(status);
  expect(res.headers()['content-type']).toMatch(/^text\/html/);
  return read(await res.text());
}

const address = (path: string, lang: Lang) => (lang === 'ja' ? `${origin}${path}` : `${origin}${path}?lang=en`);

/** Items 2 and 3 of the issue, for any public page. */
function expectCrawlable(head: Head, path: string, lang: Lang, ogType: string): void {
  expect(head.lang).toBe(lang);
  expect(head.title).toMatch(/monobook/);
  expect(head.description?.length ?? 0).toBeGreaterThan(10);
  expect(head.robots).toBeNull();
  expect(head.canonical).toBe(address(path, lang));
  expect(head.alternates).toEqual({ ja: address(path, 'ja'), en: address(path, 'en'), 'x-default': address(path, 'ja') });
  expect(head.meta('og:url')).toEqual([address(path, lang)]);
  expect(head.meta('og:type')).toEqual([ogType]);
  expect(head.meta('og:locale')).toEqual([lang === 'ja' ? 'ja_JP' : 'en_US']);
  expect(head.meta('og:locale:alternate')).toEqual([lang === 'ja' ? 'en_US' : 'ja_JP']);
  expect(head.meta('twitter:card')).toEqual(['summary_large_image']);
  expect(head.meta('og:title')).toHaveLength(1);
  expect(head.meta('og:description')).toEqual([head.description]);
  const [image] = head.meta('og:image');
  expect(image).toMatch(new RegExp(`^${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`));
  expect(problemsOf(head.jsonLd)).toEqual([]);
}

for (const lang of ['ja', 'en'] as const) {
  const query = lang === 'ja' ? '' : '?lang=en';

  test(`${lang}: each public screen without data of its own has its head and its text`, async () => {
    const kinds = {
      '/': 'home',
      '/recommend': 'recommend',
      '/recommenduser': 'recommenduser',
      '/howto': 'howto',
      '/terms': 'terms',
      '/privacy': 'privacy',
      '/Notations-SCTA': 'notations',
    } as const;
    for (const [path, kind] of Object.entries(kinds)) {
      const head = await page(`${path}${query}`);
      expectCrawlable(head, path, lang, 'website');
      const seo = TEXTS[lang].seo[kind];
      expect(head.title).toBe(kind === 'home' ? seo.title : `${seo.title} — monobook`);
      expect(head.description).toBe(seo.description);
      expect(head.bodyText.length, `${path} body`).toBeGreaterThan(40);
    }
  });

  test(`${lang}: a Book page carries the Book's own title, summary, cover and Dataset`, async () => {
    const info = (await (await crawler.get(`/api/user/monopage/get-page-info/?pageId=${freeBook}`, { headers: { 'Accept-Language': lang } })).json()) as {
      title: string;
      summary: string;
      img: string | null;
      created_on: string;
    };
    const path = `/mono/${freeBook}`;
    const head = await page(`${path}${query}`);
    expectCrawlable(head, path, lang, 'article');
    expect(head.title).toBe(`${info.title} — monobook`);
    const summaryStart = info.summary.replace(/\s+/g, ' ').trim().slice(0, 40);
    expect(head.description!.startsWith(summaryStart)).toBe(true);
    expect(head.description!.length).toBeLessThanOrEqual(160);
    expect(head.meta('og:title')).toEqual([info.title]);
    if (info.img) expect(head.meta('og:image')).toEqual([new URL(info.img, origin).href]);
    expect(head.meta('og:image:width')).toHaveLength(1);
    expect(head.meta('og:image:height')).toHaveLength(1);
    // The page's real content, without JavaScript.
    expect(head.bodyText).toContain(info.title);
    expect(head.bodyText).toContain(info.summary.replace(/\s+/g, ' ').trim().slice(0, 30));
    const [dataset] = head.jsonLd;
    expect(dataset).toMatchObject({
      '@type': 'Dataset',
      name: info.title,
      url: address(path, lang),
      dateCreated: info.created_on,
      isAccessibleForFree: true,
      distribution: [{ '@type': 'DataDownload', encodingFormat: 'text/csv' }],
    });
    // The data's owners (on a server that ran this before, the Book may be an earlier run's: same subject, joined).
    const creators = dataset.creator as Array<{ '@type': string; name: string; url: string }>;
    expect(creators.length).toBeGreaterThan(0);
    for (const c of creators)
      expect(c).toEqual({
        '@type': 'Person',
        name: 'クロール花子',
        url: expect.stringMatching(new RegExp(`^${origin}/user/\\d+${lang === 'en' ? '\\?lang=en' : ''}$`)),
      });
    expect((dataset.variableMeasured as unknown[]).length).toBeGreaterThan(0);
    // Its tags, when the Book has any (the generated stations Book may have none).
    const tags = (
      (await (await crawler.get(`/api/user/pageattribute/by-monopage/${freeBook}/`, { headers: { 'Accept-Language': lang } })).json()) as Array<{
        attributeName: string;
      }>
    ).map((a) => a.attributeName);
    expect(dataset.keywords).toEqual(tags.length ? tags : undefined);
  });

  test(`${lang}: a person's page carries their nickname, caption and a ProfilePage`, async () => {
    const path = `/user/${owner.userId}`;
    const head = await page(`${path}${query}`);
    expectCrawlable(head, path, lang, 'profile');
    expect(head.title).toContain('クロール花子');
    expect(head.description).toBe('駅と時間帯ごとの乗降データを集めています');
    expect(head.bodyText).toContain('クロール花子');
    expect(head.jsonLd).toEqual([
      expect.objectContaining({ '@type': 'ProfilePage', mainEntity: expect.objectContaining({ '@type': 'Person', name: 'クロール花子' }) }),
    ]);
  });

  test(`${lang}: an unknown Book or person answers 404 with the not-found page, noindex`, async () => {
    // The screen says so in its own words (the Book or the person is not there).
    const said = { '/mono/987654321': TEXTS[lang].books.notFound, '/user/987654321': TEXTS[lang].profile.notFound };
    for (const [path, text] of Object.entries(said)) {
      const head = await page(`${path}${query}`, {}, 404);
      expect(head.lang).toBe(lang);
      expect(head.robots).toBe('noindex');
      expect(head.title).toBe(`${TEXTS[lang].notFound.title} — monobook`);
      expect(head.bodyText).toContain(text);
      expect(head.jsonLd).toEqual([]);
    }
  });
}

test('the bare path is in the saved language, else the browser language, else Japanese; ?lang= wins for the page view', async () => {
  const path = `/mono/${freeBook}`;
  expect((await page(path)).lang).toBe('ja');
  expect((await page(path, { 'Accept-Language': 'en-US,en;q=0.9' })).lang).toBe('en');
  expect((await page(path, { 'Accept-Language': 'en-US', Cookie: 'lang=ja' })).lang).toBe('ja');
  expect((await page(`${path}?lang=ja`, { Cookie: 'lang=en' })).lang).toBe('ja');
  // Whatever language a bare path is rendered in, its canonical is that language's address.
  expect((await page(path, { 'Accept-Language': 'en' })).canonical).toBe(address(path, 'en'));
});

test('private screens say noindex', async () => {
  for (const path of ['/account', '/settings', '/login', '/owningpages', '/userpage', '/communitylist', '/analytics']) {
    const res = await crawler.get(path, { headers: { Accept: 'text/html' } });
    const html = await res.text();
    const tagged = res.headers()['x-robots-tag'] === 'noindex' || read(html).robots === 'noindex';
    expect([path, tagged]).toEqual([path, true]);
  }
});

test('robots.txt and the sitemap are files for crawlers, naming the Book and the person', async () => {
  const robots = await crawler.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toContain(`Sitemap: ${origin}/sitemap.xml`);
  const index = await crawler.get('/sitemap.xml');
  expect(index.headers()['content-type']).toMatch(/^application\/xml/);
  const files = [...(await index.text()).matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
  const all = (await Promise.all(files.map(async (f) => (await crawler.get(new URL(f).pathname)).text()))).join('');
  for (const path of [`/mono/${freeBook}`, `/user/${owner.userId}`]) {
    expect(all).toContain(`<loc>${origin}${path}</loc>`);
    expect(all).toContain(`<loc>${origin}${path}?lang=en</loc>`);
  }
});

/** Width and height of a JPEG or PNG. */
function imageSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  expect(bytes[0] === 0xff && bytes[1] === 0xd8, 'a JPEG').toBe(true);
  for (let i = 2; i < bytes.length;) {
    const marker = bytes[i + 1];
    const length = bytes.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { width: bytes.readUInt16BE(i + 7), height: bytes.readUInt16BE(i + 5) };
    i += 2 + length;
  }
  throw new Error('no frame in the JPEG');
}

test('the card images load as images of the size the pages say', async () => {
  for (const path of [`/mono/${freeBook}`, `/mono/${paidBook}?lang=en`, `/user/${owner.userId}`, '/']) {
    const head = await page(path);
    const [url] = head.meta('og:image');
    const res = await crawler.get(url);
    expect([path, res.status()]).toEqual([path, 200]);
    expect(res.headers()['content-type']).toMatch(/^image\/(jpeg|png|webp)$/);
    const size = imageSize(await res.body());
    const [width] = head.meta('og:image:width');
    const [height] = head.meta('og:image:height');
    if (width) expect([path, size]).toEqual([path, { width: Number(width), height: Number(height) }]);
  }
});

test("a paid Book's page is for sale and never names where its file is", async () => {
  for (const lang of ['ja', 'en'] as const) {
    const head = await page(`/mono/${paidBook}${lang === 'en' ? '?lang=en' : ''}`);
    const [dataset] = head.jsonLd;
    expect(dataset).toMatchObject({ '@type': 'Dataset', isAccessibleForFree: false, offers: { '@type': 'Offer', price: 800, priceCurrency: 'JPY' } });
    const tags = (
      (await (await crawler.get(`/api/user/pageattribute/by-monopage/${paidBook}/`, { headers: { 'Accept-Language': lang } })).json()) as Array<{
        attributeName: string;
      }>
    ).map((a) => a.attributeName);
    expect(tags.length).toBeGreaterThan(0);
    expect(dataset.keywords).toEqual(tags);
    expect(JSON.stringify(dataset)).not.toMatch(/contentUrl|downloadUrl|\/api\/|\/media\/(?!covers\/)/);
    // Nowhere in the page (head, body, the data the app hydrates from): no download call, no stored file.
    expect(head.html).not.toMatch(/\/api\/user\/download|presign|\/media\/files\/|files\/\d+\/[0-9a-f-]{36}|X-Amz-Signature/i);
  }
  // The API a visitor can call says the same.
  const info = await (await crawler.get(`/api/user/monopage/get-page-info/?pageId=${paidBook}`)).json();
  expect(JSON.stringify(info)).not.toMatch(/\/api\/user\/download|\/media\/files\/|files\/\d+\/[0-9a-f-]{36}/i);
  expect(info).toMatchObject({ page_price: 800, answer: '', badpoint: '' });
});
