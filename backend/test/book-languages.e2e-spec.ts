import request from 'supertest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { BookGenerationService } from '../src/modules/uploads/book-generation.service';
import { upload, waitForBook } from './helpers/books';
import { createBook } from './helpers/factories';
import { auth, signUp, startTestApp, type TestApp } from './helpers/test-app';

const corpus = (name: string) => fs.readFileSync(path.resolve(process.cwd(), 'test/fixtures/corpus', name));
const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

interface Page {
  id: number;
  title: string;
  summary: string;
  point1: string;
  language: string;
  rating: number;
  column_profile?: {
    rows: number;
    columns: Array<{
      name: string;
      label?: string;
      type: string;
      role: string;
      missing: number;
      min?: number;
      max?: number;
      top?: Array<{ value: string; count: number }>;
      bins?: number[];
    }>;
    chart?: { kind: string; measure: string; x: string; aggregate: string; labels: string[]; values: number[] };
  } | null;
}

/** Issue 25: every Book in both languages, listed by its data's language, read in the reader's. */
describe('Books in both languages', () => {
  let t: TestApp;
  let db: DataSource;
  let english: { token: string; userId: number };
  let japanese: { token: string; userId: number };
  let other: { token: string; userId: number };
  let holidays: number;
  let weather: number;
  let paid: number;

  beforeAll(async () => {
    t = await startTestApp({ UPLOAD_MAX_BYTES: String(2 * 1024 * 1024) });
    db = t.app.get(getDataSourceToken());
    english = await signUp(t, 'english@example.com');
    japanese = await signUp(t, 'japanese@example.com');
    other = await signUp(t, 'other@example.com');
    await db.query(`UPDATE users SET language = 'ja' WHERE id = $1`, [japanese.userId]);
    for (const u of [english, japanese, other])
      await request(t.http).post('/api/user/profile/').set(auth(u.token)).field('nickName', `u${u.userId}`).field('sex', '0').expect(201);
    // An English account uploads the Cabinet Office's holiday CSV (Shift_JIS) with its UI in English.
    const h = await upload(t, english.token, 'syukujitsu.csv', corpus('jp-syukujitsu-2020-2025.sjis.csv'), {
      title: 'Japanese national holidays',
      description: 'the official list',
      language: 'en',
    }).expect(201);
    holidays = (await waitForBook(t, english.userId, h.body.id)).page;
    const w = await upload(t, japanese.token, 'seattle-weather.csv', corpus('seattle-weather.csv'), { title: 'Seattle weather', language: 'ja' }).expect(201);
    weather = (await waitForBook(t, japanese.userId, w.body.id)).page;
    const p = await upload(t, japanese.token, 'population.csv', corpus('jp-population-2020.csv'), {
      title: '都道府県の人口',
      language: 'ja',
      mydata: true,
      price: 800,
    }).expect(201);
    paid = (await waitForBook(t, japanese.userId, p.body.id)).page;
  }, 120_000);
  afterAll(() => t.close());

  const info = (id: number, headers: Record<string, string> = {}) =>
    request(t.http)
      .get(`/api/user/monopage/get-page-info/?pageId=${id}`)
      .set(headers)
      .expect(200)
      .then((r) => r.body as Page);

  it("lists a Japanese file uploaded by an English account among the Japanese Books, in each reader's language", async () => {
    const ja = await request(t.http).get('/api/user/pageccja/').set('Accept-Language', 'ja').expect(200);
    const listed = (ja.body as Page[]).find((b) => b.id === holidays)!;
    expect(listed).toBeDefined();
    expect(listed.language).toBe('ja');
    expect(listed.summary).toMatch(JAPANESE);
    expect(listed.summary).toContain('108件が25種類の国民の祝日・休日名称に分かれ');
    const en = await request(t.http).get('/api/user/pageccen/').set('Accept-Language', 'ja').expect(200);
    expect((en.body as Page[]).map((b) => b.id)).not.toContain(holidays);
    expect((en.body as Page[]).map((b) => b.id)).toContain(weather);

    // The uploader's account is English: the same Book, same list, in English (wire shape unchanged).
    const mine = await request(t.http).get('/api/user/pageccja/').set(auth(english.token)).set('Accept-Language', 'ja').expect(200);
    const inEnglish = (mine.body as Page[]).find((b) => b.id === holidays)!;
    expect(inEnglish.summary).toContain('108 rows in 25 holiday name values');
    expect(inEnglish.summary).toContain('The official list.');
    expect(Object.keys(inEnglish).sort()).toEqual(Object.keys(listed).sort());
    // A Japanese account reads it in Japanese whatever the header says.
    const jaReader = await info(holidays, { ...auth(japanese.token), 'Accept-Language': 'en' });
    expect(jaReader.summary).toContain('国民の祝日・休日名称');
    // The English title and description, quoted as written and marked untranslated (issue 40).
    expect(jaReader.summary).toContain('投稿者のタイトルと説明は英語のままです（未翻訳）: 「Japanese national holidays」「the official list」。');
  });

  it('links tags in both languages and shows those of the reader', async () => {
    const ja = await request(t.http).get(`/api/user/pageattribute/by-monopage/${weather}/`).set('Accept-Language', 'ja').expect(200);
    const en = await request(t.http).get(`/api/user/pageattribute/by-monopage/${weather}/`).set('Accept-Language', 'en').expect(200);
    expect(ja.body.length).toBeGreaterThan(0);
    expect(en.body.length).toBeGreaterThan(0);
    expect(ja.body.every((a: { language: string }) => a.language === 'ja')).toBe(true);
    expect(en.body.every((a: { language: string }) => a.language === 'en')).toBe(true);
    // The Book is in the lists of its tags in both languages.
    for (const tag of [ja.body[0], en.body[0]]) {
      const books = await request(t.http).get(`/api/user/pageattribute/${tag.id}/monopages/`).expect(200);
      expect(books.body.map((b: Page) => b.id)).toContain(weather);
    }
  });

  it('serves the column profile and the headline chart with the Book, to everyone, without raw rows', async () => {
    const page = await info(weather, { 'Accept-Language': 'en' });
    const profile = page.column_profile!;
    expect(profile.rows).toBe(1461);
    const byName = Object.fromEntries(profile.columns.map((c) => [c.name, c]));
    expect(byName.date).toMatchObject({ type: 'date', role: 'time', missing: 0 });
    expect(byName.temp_max).toMatchObject({ type: 'number', role: 'measure', min: -1.6, max: 35.6 });
    expect(byName.temp_max.bins!.reduce((a, b) => a + b, 0)).toBe(1461);
    expect(byName.weather.top![0]).toEqual({ value: 'rain', count: 641 });
    expect(profile.chart).toMatchObject({ kind: 'line', measure: 'precipitation', x: 'date', aggregate: 'mean', labels: ['2012', '2013', '2014', '2015'] });
    expect(JSON.stringify(page)).not.toContain('2012-01-02');
    // Only the Book detail carries it.
    const list = await request(t.http).get('/api/user/pageccen/').expect(200);
    expect(list.body[0].column_profile).toBeUndefined();
    expect(page.rating).toBe(0);
  });

  it('shows the first 20 rows to those who may download, never to others', async () => {
    // A free Book: anyone, visitors too.
    const free = await request(t.http).get(`/api/user/monopage/${weather}/preview/`).expect(200);
    expect(free.body.columns).toEqual(['date', 'precipitation', 'temp_max', 'temp_min', 'wind', 'weather']);
    expect(free.body.rows).toHaveLength(20);
    expect(free.body.rows[0]).toEqual(['2012-01-01', '0.0', '12.8', '5.0', '4.7', 'drizzle']);
    // A paid Book: a visitor is asked to sign in, another user refused, the uploader served.
    const visitor = await request(t.http).get(`/api/user/monopage/${paid}/preview/`).expect(401);
    expect(JSON.stringify(visitor.body)).not.toContain('東京都');
    const stranger = await request(t.http).get(`/api/user/monopage/${paid}/preview/`).set(auth(other.token)).expect(403);
    expect(JSON.stringify(stranger.body)).not.toContain('東京都');
    const owner = await request(t.http).get(`/api/user/monopage/${paid}/preview/`).set(auth(japanese.token)).expect(200);
    expect(owner.body.rows[1]).toEqual(['01000', '北海道', '2020年', '5224614']);
    // The profile of the paid Book is public (no rows in it).
    const page = await info(paid);
    expect(page.column_profile!.columns.map((c) => c.name)).toEqual(['地域コード', '地域', '調査年', '総人口（人）']);
    // The profile and chart hold no row: no codes, no row of cells; the chart shows the 20 highest prefectures.
    expect(JSON.stringify(page.column_profile)).not.toContain('01000');
    expect(page.column_profile!.chart).toMatchObject({ kind: 'bars', measure: '総人口（人）', x: '地域', unit: '人', aggregate: 'sum' });
    expect(page.column_profile!.chart!.values).toHaveLength(20);
    expect(page.column_profile!.chart!.labels).not.toContain('全国');
    await request(t.http).get('/api/user/monopage/999999/preview/').expect(404);
  });

  it("explains column names in the reader's language beside the name as written, and keeps the other language's label to itself", async () => {
    const label = (page: Page, name: string) => page.column_profile!.columns.find((c) => c.name === name)!.label;
    // English columns: a Japanese reader gets Japanese labels; an English reader the names alone.
    const ja = await info(weather, { 'Accept-Language': 'ja' });
    expect(label(ja, 'temp_max')).toBe('最高気温');
    expect(label(ja, 'precipitation')).toBe('降水量');
    expect(label(ja, 'weather')).toBe('天気');
    const en = await info(weather, { 'Accept-Language': 'en' });
    expect(en.column_profile!.columns.every((c) => c.label === undefined)).toBe(true);
    // Japanese columns: English labels with the unit for an English reader (the account's language wins over the header).
    const census = await info(paid, { ...auth(english.token), 'Accept-Language': 'ja' });
    expect(label(census, '総人口（人）')).toBe('Total population (people)');
    expect(label(census, '地域コード')).toBe('Area code');
    const censusJa = await info(paid, { 'Accept-Language': 'ja' });
    expect(censusJa.column_profile!.columns.every((c) => c.label === undefined)).toBe(true);
    // The stored labels of both languages and the backfill's mark stay on the server.
    expect(JSON.stringify(census.column_profile)).not.toContain('最高気温');
    expect(JSON.stringify(ja.column_profile)).not.toMatch(/labelled|"ja":/);
  });

  it('labels the columns of profiles stored before labels existed (the backfill job)', async () => {
    await db.query(
      `UPDATE pages SET column_profile = jsonb_set(column_profile - 'labelled', '{columns}', (SELECT jsonb_agg(c - 'label') FROM jsonb_array_elements(column_profile->'columns') c)) WHERE id = $1`,
      [weather],
    );
    expect((await info(weather, { 'Accept-Language': 'ja' })).column_profile!.columns.find((c) => c.name === 'temp_max')!.label).toBeUndefined();
    const service = t.app.get(BookGenerationService);
    expect(await service.labelPending()).toBeGreaterThanOrEqual(1);
    expect((await info(weather, { 'Accept-Language': 'ja' })).column_profile!.columns.find((c) => c.name === 'temp_max')!.label).toBe('最高気温');
    expect(await service.labelPending()).toBe(0);
  });

  it('writes the missing language of a Book made before both, and moves it to the list of its data', async () => {
    const old = await createBook(t.app, { title: '古い本', language: 'ja', contributors: [japanese.userId] });
    const [before] = await db.query(`SELECT texts FROM pages WHERE id = $1`, [old]);
    expect(Object.keys(before.texts)).toEqual(['ja']);
    const service = t.app.get(BookGenerationService);
    let done = 0;
    for (let i = 0; i < 10 && (await db.query(`SELECT 1 FROM pages WHERE NOT (texts ? 'ja' AND texts ? 'en')`)).length; i++)
      done += await service.translatePending();
    expect(done).toBeGreaterThan(0);
    const [after] = await db.query(`SELECT texts, language FROM pages WHERE id = $1`, [old]);
    // Its stored file is missing (a fixture): it keeps its text for both languages and is not tried again.
    expect(Object.keys(after.texts).sort()).toEqual(['en', 'ja']);
    expect(after.texts.ja.title).toBe('古い本');
    expect(await service.translatePending()).toBe(0);
  });
});
