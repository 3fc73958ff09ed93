import request from 'supertest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sample, upload, waitForBook } from './helpers/books';
import { auth, signUp, startTestApp, type TestApp } from './helpers/test-app';
import { validationErrors } from './helpers/errors';

/**
 * Issue 40: Books from the files Japanese offices really hand out — the 協会けんぽ rates saved the
 * ways offices and programs save a table (test/fixtures/corpus/office-*, SOURCES.md), uploaded
 * through the API as a new user would; and what a new user saw of the holiday list's Book (its
 * title, description, tags and related Books).
 */
const corpus = (name: string) => fs.readFileSync(path.resolve(process.cwd(), 'test/fixtures/corpus', name));

interface Column {
  name: string;
  type: string;
  role: string;
  unit?: string;
  label?: string;
}
interface Page {
  id: number;
  title: string;
  summary: string;
  goodpoint: string;
  point1: string;
  point2: string;
  point3: string;
  answer: string;
  column_profile: { sheet: string; rows: number; columns: Column[]; chart?: { measure: string; labels: string[] } } | null;
}

const RATES = ['都道府県', '健康保険料率(%)', '前年度差', '加入者数', '地域'];
const SHAPES = [
  { shape: 'EUC-JP CSV', file: 'office-kenpo-r5.eucjp.csv', columns: RATES, unit: '%' },
  { shape: 'ISO-2022-JP CSV', file: 'office-kenpo-r5.jis.csv', columns: RATES, unit: '%' },
  { shape: 'Excel "Unicode text" (UTF-16LE, tabs, .txt)', file: 'office-kenpo-r5.utf16.txt', columns: RATES, unit: '%' },
  { shape: 'tab-separated .tsv', file: 'office-kenpo-r5.tsv', columns: RATES, unit: '%' },
  { shape: 'semicolon-separated .txt', file: 'office-kenpo-r5.semicolon.txt', columns: RATES, unit: '%' },
  {
    shape: 'e-Stat Shift_JIS CSV (title, unit row, notes, source)',
    file: 'office-kenpo-r5-estat.sjis.csv',
    columns: ['都道府県', '健康保険料率', '前年度差', '加入者数（人）', '地域'],
    unit: '%',
  },
  {
    shape: 'Excel: notes sheet first, merged title, two-row header',
    file: 'office-kenpo-r5-merged.xlsx',
    columns: ['都道府県', '健康保険料率（合計）', '健康保険料率（個人負担分）', '加入者数', '地域'],
    unit: undefined,
    sheet: '保険料率',
  },
];

describe('Books from office files (issue 40)', () => {
  let t: TestApp;
  let clerk: { token: string; userId: number };
  let english: { token: string; userId: number };
  let other: { token: string; userId: number };
  const books = new Map<string, { page: number; ms: number }>();
  let holidays: number;
  let holidays2: number;
  let weather: number;
  let photo: number;
  let penguins: number;
  let co2: number;

  const info = (id: number, headers: Record<string, string> = {}) =>
    request(t.http)
      .get(`/api/user/monopage/get-page-info/?pageId=${id}`)
      .set(headers)
      .expect(200)
      .then((r) => r.body as Page);
  const all = (p: Page) => [p.title, p.summary, p.goodpoint, p.point1, p.point2, p.point3, p.answer].join('\n');

  beforeAll(async () => {
    t = await startTestApp({ UPLOAD_MAX_BYTES: String(2 * 1024 * 1024) });
    clerk = await signUp(t, 'clerk@example.com');
    english = await signUp(t, 'english@example.com');
    other = await signUp(t, 'other@example.com');
    for (const u of [clerk, english, other])
      await request(t.http).post('/api/user/profile/').set(auth(u.token)).field('nickName', `u${u.userId}`).field('sex', '0').expect(201);
    for (const s of SHAPES) {
      const started = Date.now();
      const res = await upload(t, clerk.token, s.file, corpus(s.file), { title: '協会けんぽの健康保険料率' }).expect(201);
      const done = await waitForBook(t, clerk.userId, res.body.id, 60_000);
      books.set(s.file, { page: done.page, ms: Date.now() - started });
    }
    // The holiday list: uploaded with a Japanese title and description by an English account.
    const h = await upload(t, english.token, 'syukujitsu_sjis.csv', corpus('jp-syukujitsu-2020-2025.sjis.csv'), {
      title: '日本の祝日一覧',
      description: '内閣府が公表している国民の祝日の一覧です。',
      language: 'en',
    }).expect(201);
    holidays = (await waitForBook(t, english.userId, h.body.id)).page;
    const h2 = await upload(t, other.token, 'holidays.csv', corpus('jp-holidays-2000-2030.csv'), { title: '祝日 2000〜2030年' }).expect(201);
    holidays2 = (await waitForBook(t, other.userId, h2.body.id)).page;
    const w = await upload(t, other.token, 'tokyo-weather-2025.csv', sample('tokyo-weather-2025.csv'), { title: '東京の天気 2025' }).expect(201);
    weather = (await waitForBook(t, other.userId, w.body.id)).page;
    const p = await upload(t, other.token, 'park-photo.jpg', sample('park-photo.jpg'), { title: '日本の公園' }).expect(201);
    photo = (await waitForBook(t, other.userId, p.body.id)).page;
    // Two tables with no tag of their subject: both get only the tag of a table (統計 / Statistics).
    const pg = await upload(t, other.token, 'palmer-penguins.csv', corpus('palmer-penguins.csv'), { title: 'Penguins', language: 'en' }).expect(201);
    penguins = (await waitForBook(t, other.userId, pg.body.id)).page;
    const c = await upload(t, english.token, 'co2-mauna-loa.csv', corpus('co2-mauna-loa.csv'), { title: 'CO2 at Mauna Loa', language: 'en' }).expect(201);
    co2 = (await waitForBook(t, english.userId, c.body.id)).page;
  }, 900_000);
  afterAll(() => t.close());

  it.each(SHAPES)('makes a Book of the 47 prefectures from the $shape', async (s) => {
    const { page } = books.get(s.file)!;
    const ja = await info(page, { 'Accept-Language': 'ja' });
    const en = await info(page, { 'Accept-Language': 'en' });
    const profile = ja.column_profile!;
    expect(profile.rows).toBe(47);
    expect(profile.columns.map((c) => c.name)).toEqual(s.columns);
    expect(profile.columns.map((c) => c.type)).toEqual(['text', 'number', 'number', 'number', 'text']);
    expect(profile.columns[1]).toMatchObject({ role: 'measure', ...(s.unit ? { unit: s.unit } : {}) });
    if (s.sheet) expect(profile.sheet).toBe(s.sheet);
    else expect(profile.sheet).toBe('協会けんぽの健康保険料率');
    // The uploader's title, never the file name; the extremes named in both languages.
    expect(ja.title).toBe('協会けんぽの健康保険料率');
    expect(en.title).toBe('協会けんぽの健康保険料率');
    const pct = s.unit ?? '';
    expect(all(ja)).toContain(`佐賀県が最も高く（10.51${pct}）`);
    expect(all(ja)).toContain(`新潟県が最も低い（9.33${pct}）`);
    expect(all(en)).toContain(`Saga (佐賀県) (10.51${pct})`);
    expect(all(en)).toContain(`Niigata (新潟県) (9.33${pct})`);
  });

  it('says which sheet of the workbook it read, and names the joined header in English', async () => {
    const { page } = books.get('office-kenpo-r5-merged.xlsx')!;
    expect((await info(page, { 'Accept-Language': 'ja' })).summary).toContain('全2シートのうちシート「保険料率」の表');
    const en = await info(page, { 'Accept-Language': 'en' });
    expect(en.summary).toContain('the table on sheet “保険料率” of 2 sheets');
    expect(en.column_profile!.columns.find((c) => c.name === '健康保険料率（個人負担分）')!.label).toBe("Health insurance rate, employee's share");
  });

  it('states the source row of the e-Stat file, and counts neither its notes nor its unit row', async () => {
    const { page } = books.get('office-kenpo-r5-estat.sjis.csv')!;
    const ja = await info(page, { 'Accept-Language': 'ja' });
    expect(ja.goodpoint).toContain('出典はファイルに「資料：全国健康保険協会「都道府県単位保険料率」」とあります。');
    expect(ja.column_profile!.chart!.labels).not.toContain('注１）前年度差の「△」は引下げ、「－」は据置きを示す。');
    const preview = await request(t.http).get(`/api/user/monopage/${page}/preview/`).expect(200);
    expect(preview.body.rows[0]).toEqual(['北海道', '10.29', '0.07', '1,648,000', '北海道']);
    expect(JSON.stringify(preview.body)).not.toContain('単位');
  });

  it("uses the uploader's title and description in both languages, the other marked untranslated", async () => {
    const ja = await info(holidays, { 'Accept-Language': 'ja' });
    const en = await info(holidays, { ...auth(english.token) });
    expect(ja.title).toBe('日本の祝日一覧');
    expect(en.title).toBe('日本の祝日一覧');
    // The table caption (the profile's sheet) is the title, not the file name ("Syukujitsu sjis").
    expect(ja.column_profile!.sheet).toBe('日本の祝日一覧');
    expect(JSON.stringify(en)).not.toMatch(/Syukujitsu/i);
    expect(ja.summary).toContain('日本の祝日一覧のデータです');
    expect(ja.summary).toContain('内閣府が公表している国民の祝日の一覧です。');
    expect(en.summary).toContain('This table covers 日本の祝日一覧');
    expect(en.summary).toContain(
      "The uploader's title and description, in Japanese (not translated): “日本の祝日一覧” — “内閣府が公表している国民の祝日の一覧です。”.",
    );
    // The Japanese text takes them as written, unmarked.
    expect(ja.summary).not.toContain('未翻訳');
  });

  it('tags every Book, in both languages, from the tag lists', async () => {
    for (const id of [holidays, holidays2, weather, photo, penguins, co2, ...[...books.values()].map((b) => b.page)]) {
      for (const language of ['ja', 'en']) {
        const tags = await request(t.http).get(`/api/user/pageattribute/by-monopage/${id}/`).set('Accept-Language', language).expect(200);
        expect([id, language, tags.body.length > 0]).toEqual([id, language, true]);
      }
    }
    const names = async (id: number, language: string) =>
      (await request(t.http).get(`/api/user/pageattribute/by-monopage/${id}/`).set('Accept-Language', language).expect(200)).body.map(
        (a: { attributeName: string }) => a.attributeName,
      );
    expect(await names(holidays, 'ja')).toContain('祝日');
    expect(await names(holidays, 'en')).toContain('Holidays');
  });

  it('relates Books by shared tags and similar columns, never the unrelated ones that merely exist', async () => {
    const related = async (id: number) => ((await request(t.http).get(`/api/user/relatedmonopage/${id}/`).expect(200)).body as Page[]).map((p) => p.id);
    const forHolidays = await related(holidays);
    expect(forHolidays).toContain(holidays2);
    expect(forHolidays).not.toContain(weather);
    expect(forHolidays).not.toContain(photo);
    for (const b of books.values()) expect(forHolidays).not.toContain(b.page);
    // The rates in one shape are related to the same rates in the others.
    const forRates = await related(books.get('office-kenpo-r5.eucjp.csv')!.page);
    expect(forRates.length).toBe(5);
    for (const id of forRates) expect([...books.values()].map((b) => b.page)).toContain(id);
    // A tag that only says what kind of file a Book is relates nothing.
    for (const id of [penguins, co2]) {
      const tags = await request(t.http).get(`/api/user/pageattribute/by-monopage/${id}/`).set('Accept-Language', 'en').expect(200);
      expect(tags.body.map((a: { attributeName: string }) => a.attributeName)).toEqual(['Statistics']);
    }
    expect(await related(penguins)).not.toContain(co2);
    const forPhoto = await related(photo);
    expect(forPhoto).not.toContain(holidays);
    expect(forPhoto).not.toContain(weather);
  });

  it('still refuses text that is no table, in any encoding', async () => {
    const prose = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('これは表ではありません。ただの文章です。\r\n', 'utf16le')]);
    await upload(t, clerk.token, 'memo.txt', prose).expect(400, validationErrors({ file: ['Unsupported file type. Upload a JPEG, CSV, Excel or Word file.'] }));
  });

  afterAll(() => {
    // The proof's table: shape → rows, columns, extremes, time from upload to Book.
    const lines = SHAPES.map((s) => `${s.shape} | 47 | ${s.columns.join(', ')} | 佐賀県 10.51 / 新潟県 9.33 | ${books.get(s.file)?.ms ?? '?'} ms`);
    console.log(`office shapes (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}):\n${lines.join('\n')}`);
  });
});
