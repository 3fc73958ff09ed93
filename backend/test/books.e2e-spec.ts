import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AuthService } from '../src/modules/auth/auth.service';
import { BookGenerationService } from '../src/modules/uploads/book-generation.service';
import { sample, upload, waitForBook } from './helpers/books';
import { eventsHandled } from './helpers/events';
import { auth, signUp, startTestApp, type TestApp } from './helpers/test-app';
import { validationErrors } from './helpers/errors';

/** Collects a response body as bytes, whatever its content type. */
function binary(res: request.Response, callback: (err: Error | null, body: Buffer) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
}

interface Page {
  id: number;
  title: string;
  summary: string;
  page_price: number;
  is_owned: boolean;
  badpoint: string;
  answer: string;
  point1: string;
  files: Array<{ id: number; title: string; profile: { id: number; userId: number; img: string | null } }>;
  encrypted_pageId?: string;
  monthly_views: number;
  gender_count: { male: number; female: number };
  language: string;
}

describe('Books', () => {
  let t: TestApp;
  let db: DataSource;
  let hanako: { token: string; userId: number };
  let taro: { token: string; userId: number };
  let visitorless: { token: string; userId: number };
  let freeBook: Page;
  let paidBook: Page;
  let csvFileId: number;
  let paidFileId: number;

  beforeAll(async () => {
    t = await startTestApp({ UPLOAD_MAX_BYTES: String(2 * 1024 * 1024) });
    db = t.app.get(getDataSourceToken());
    hanako = await signUp(t, 'hanako@example.com');
    taro = await signUp(t, 'taro@example.com');
    visitorless = await signUp(t, 'noprofile@example.com');
    await request(t.http).post('/api/user/profile/').set(auth(hanako.token)).field('nickName', '花子').field('sex', '3').expect(201);
    await request(t.http).post('/api/user/profile/').set(auth(taro.token)).field('nickName', 'たろう').field('sex', '1').expect(201);
  });
  afterAll(() => t.close());

  describe('upload', () => {
    it('accepts a Japanese CSV at once and generates a Book from it in the background', async () => {
      const res = await upload(t, hanako.token, 'prefecture health insurance.csv', sample('prefecture-health-insurance.csv'), {
        title: '都道府県別 健康保険料率',
        description: '協会けんぽの料率',
      }).expect(201);
      expect(res.body).toMatchObject({
        title: '都道府県別 健康保険料率',
        file: 'prefecture_health_insurance.csv',
        kind: 'csv',
        status: 'pending',
        page: null,
        price: 0,
        mydata: false,
      });
      csvFileId = res.body.id;
      const done = await waitForBook(t, hanako.userId, csvFileId);
      const info = await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${done.page}`).expect(200);
      freeBook = info.body;
      expect(freeBook.title).toBe('都道府県別 健康保険料率');
      expect(freeBook.summary.length).toBeGreaterThan(10);
      expect(freeBook.point1).not.toBe('');
      expect(freeBook.language).toBe('ja');
      expect(freeBook.files).toEqual([
        expect.objectContaining({ id: csvFileId, profile: expect.objectContaining({ userId: hanako.userId, nickName: '花子' }) }),
      ]);
      const tags = await request(t.http).get(`/api/user/pageattribute/by-monopage/${freeBook.id}/`).expect(200);
      expect(tags.body.length).toBeGreaterThan(0);
      expect(tags.body.length).toBeLessThanOrEqual(5);
      expect(tags.body.every((a: { language: string }) => a.language === 'ja')).toBe(true);
    });

    it('accepts an English workbook priced in own-data mode', async () => {
      const res = await upload(t, taro.token, 'world-city-populations.xlsx', sample('world-city-populations.xlsx'), {
        title: 'World city populations',
        price: 800,
        mydata: true,
        language: 'en',
      }).expect(201);
      paidFileId = res.body.id;
      const done = await waitForBook(t, taro.userId, paidFileId);
      paidBook = (await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${done.page}`).set(auth(taro.token)).expect(200)).body;
      expect(paidBook).toMatchObject({ page_price: 800, language: 'en', is_owned: true });
      expect(paidBook.answer).not.toBe('');
    });

    it('refuses what it must, storing nothing', async () => {
      const before = await db.query(`SELECT count(*)::int AS n FROM uploaded_files`);
      await request(t.http).post('/api/user/upload/').attach('file', sample('prefecture-health-insurance.csv'), 'a.csv').field('title', 'x').expect(401);
      await upload(t, visitorless.token, 'a.csv', sample('prefecture-health-insurance.csv')).expect(403, {
        detail: 'Create your profile before posting data.',
        code: 'profileRequired',
      });
      // A PNG named .csv is refused by its content.
      const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
      await upload(t, hanako.token, 'fake.csv', png).expect(
        400,
        validationErrors({ file: ['Unsupported file type. Upload a JPEG, CSV, Excel or Word file.'] }),
      );
      await upload(t, hanako.token, 'script.csv', Buffer.from('#!/bin/sh\nrm -rf /\n')).expect(400);
      await upload(t, hanako.token, 'a.csv', sample('prefecture-health-insurance.csv'), { price: 800 }).expect(
        400,
        validationErrors({
          price: ['A price can be set only for your own data (mydata).'],
        }),
      );
      await upload(t, hanako.token, 'a.csv', sample('prefecture-health-insurance.csv'), { price: 500, mydata: true }).expect(400);
      await request(t.http)
        .post('/api/user/upload/')
        .set(auth(hanako.token))
        .attach('file', sample('prefecture-health-insurance.csv'), 'a.csv')
        .expect(
          400,
          validationErrors({
            title: ['This field is required.'],
          }),
        );
      await request(t.http)
        .post('/api/user/upload/')
        .set(auth(hanako.token))
        .field('title', 'no file')
        .expect(400, validationErrors({ file: ['No file was submitted.'] }));
      await request(t.http)
        .post('/api/user/upload/')
        .set(auth(hanako.token))
        .field('title', 'x')
        .field('user_id', String(taro.userId))
        .attach('file', sample('prefecture-health-insurance.csv'), 'a.csv')
        .expect(403);
      await upload(t, hanako.token, 'big.csv', Buffer.alloc(3 * 1024 * 1024, 'a,b\n')).expect(413);
      const after = await db.query(`SELECT count(*)::int AS n FROM uploaded_files`);
      expect(after[0].n).toBe(before[0].n);
    });
  });

  describe('reading Books', () => {
    it('refuses every logged-in-only Book call without a token: 401, DRF body, WWW-Authenticate: Token', async () => {
      const calls = [
        request(t.http).get('/api/user/monopage/search-owned-pages/'),
        request(t.http).get('/api/user/owning_and_related_pages/'),
        request(t.http).get('/api/user/owningpagecc/'),
        request(t.http).get('/api/user/followingpage/'),
        request(t.http).post('/api/user/followingpage/').send({ pageId: 1 }),
        request(t.http).delete('/api/user/unfollow-page/?pageId=1'),
        request(t.http).post('/api/user/owningpage/').send({ encrypted_pageId: 'x' }),
        request(t.http).post('/api/user/get_s3_url/').send({ file_id: 1 }),
        request(t.http).post('/api/user/download/').send({ file_id: 1 }),
        request(t.http).post('/api/user/upload/').field('title', 'x'),
      ];
      for (const call of calls) {
        const res = await call.expect(401);
        expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.', code: 'notAuthenticated' });
        expect(res.headers['www-authenticate']).toBe('Token');
      }
    });

    it('answers 404 for an unknown Book and 400 for a bad id', async () => {
      await request(t.http).get('/api/user/monopage/get-page-info/?pageId=999999').expect(404, { detail: 'Not found.', code: 'notFound' });
      await request(t.http)
        .get('/api/user/monopage/get-page-info/?pageId=abc')
        .expect(400, validationErrors({ pageId: ['A valid integer is required.'] }));
      await request(t.http).get('/api/user/relatedmonopage/999999/').expect(404);
      await request(t.http).get('/api/user/pageattribute/by-monopage/999999/').expect(404);
    });

    it('hides the paid part of a paid Book from viewers who do not own it', async () => {
      const anon = (await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${paidBook.id}`).expect(200)).body;
      expect(anon).toMatchObject({ is_owned: false, answer: '', badpoint: '' });
      expect(anon.encrypted_pageId).toBeUndefined();
      const other = (await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${paidBook.id}`).set(auth(hanako.token)).expect(200)).body;
      expect(other).toMatchObject({ is_owned: false, answer: '' });
      expect(other.encrypted_pageId).toBeUndefined();
    });

    it('lists Books by language and newest, with count paging', async () => {
      const ja = await request(t.http).get('/api/user/pageccja/?count=0').expect(200);
      expect(ja.body.map((p: Page) => p.id)).toEqual([freeBook.id]);
      const en = await request(t.http).get('/api/user/pageccen/').expect(200);
      expect(en.body.map((p: Page) => p.id)).toEqual([paidBook.id]);
      const all = await request(t.http).get('/api/user/newpagecc/?count=0').expect(200);
      expect(all.body.map((p: Page) => p.id)).toEqual([paidBook.id, freeBook.id]);
      await request(t.http).get('/api/user/newpagecc/?count=1').expect(200, []);
      await request(t.http).get('/api/user/newpagecc/?count=x').expect(400);
    });

    it('finds Books by Japanese words of two characters and by English words', async () => {
      const ids = async (query: string) =>
        (await request(t.http).get('/api/user/monopage/search-pages/').query({ query, count: 0 }).expect(200)).body.map((p: Page) => p.id);
      expect(await ids('保険')).toContain(freeBook.id);
      expect(await ids('健康保険')).toContain(freeBook.id);
      expect(await ids('population')).toContain(paidBook.id);
      expect(await ids('保険')).not.toContain(paidBook.id);
      expect(await ids('zzzz-nothing')).toEqual([]);
    });

    it('lists tags by language, searches them, and lists the Books of a tag', async () => {
      const ja = await request(t.http).get('/api/user/attributecc/?lan=ja&count=0').expect(200);
      expect(ja.body).toHaveLength(10);
      await request(t.http).get('/api/user/attributecc/?lan=fr').expect(400);
      const all = await request(t.http).get('/api/user/pageattribute/by-language/en/').expect(200);
      expect(all.body.length).toBeGreaterThanOrEqual(40);
      await request(t.http).get('/api/user/pageattribute/by-language/fr/').expect(404);
      const found = await request(t.http).get('/api/user/pageattribute/search/').query({ q: '健康', lan: 'ja', count: 0 }).expect(200);
      expect(found.body.map((a: { attributeName: string }) => a.attributeName)).toContain('健康');
      const page1 = await request(t.http).get('/api/user/pageattribute/search/').query({ q: '', lan: 'en', count: 1 }).expect(200);
      expect(page1.body).toHaveLength(10);
      const tag = (await request(t.http).get(`/api/user/pageattribute/by-monopage/${freeBook.id}/`)).body[0];
      await request(t.http).get(`/api/user/pageattribute/${tag.id}/`).expect(200, tag);
      const books = await request(t.http).get(`/api/user/pageattribute/${tag.id}/monopages/?count=0`).expect(200);
      expect(books.body.map((p: Page) => p.id)).toContain(freeBook.id);
      await request(t.http).get('/api/user/pageattribute/999999/').expect(404);
    });

    it('lists related Books (at most 5, never the Book itself)', async () => {
      const res = await request(t.http).get(`/api/user/relatedmonopage/${freeBook.id}/`).expect(200);
      expect(res.body.length).toBeLessThanOrEqual(5);
      expect(res.body.map((p: Page) => p.id)).not.toContain(freeBook.id);
    });

    it("lists a user's uploads and the Books holding them", async () => {
      const files = await request(t.http).get(`/api/user/uploadedfiles/?user_id=${hanako.userId}`).expect(200);
      expect(files.body.map((f: { id: number }) => f.id)).toEqual([csvFileId]);
      await request(t.http)
        .get('/api/user/uploadedfiles/')
        .expect(400, validationErrors({ user_id: ['A valid integer is required.'] }));
      const books = await request(t.http).get(`/api/user/${hanako.userId}/monopages-with-files/?count=0`).expect(200);
      expect(books.body.map((p: Page) => p.id)).toEqual([freeBook.id]);
    });
  });

  describe('following and views', () => {
    it('follows once, refuses a repeat, lists, reports status, and unfollows', async () => {
      await request(t.http).post('/api/user/followingpage/').send({ pageId: freeBook.id }).expect(401);
      const res = await request(t.http).post('/api/user/followingpage/').set(auth(taro.token)).send({ pageId: freeBook.id }).expect(201);
      expect(res.body).toMatchObject({ pageId: freeBook.id });
      await request(t.http).post('/api/user/followingpage/').set(auth(taro.token)).send({ pageId: freeBook.id }).expect(400, {
        detail: 'This page is already followed',
        code: 'alreadyFollowed',
      });
      await request(t.http).post('/api/user/followingpage/').set(auth(taro.token)).send({ pageId: 999999 }).expect(404);
      const list = await request(t.http).get('/api/user/followingpage/?count=0').set(auth(taro.token)).expect(200);
      expect(list.body.map((p: Page) => p.id)).toEqual([freeBook.id]);
      const status = await request(t.http)
        .get(`/api/user/monopage/check-user-page-status/?userId=${taro.userId}&pageId=${freeBook.id}`)
        .set(auth(taro.token))
        .expect(200);
      expect(status.body).toEqual({ is_followed: true, is_owned: false });
      await request(t.http).get(`/api/user/monopage/check-user-page-status/?userId=${hanako.userId}&pageId=${freeBook.id}`).set(auth(taro.token)).expect(403);
      const info = (await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${freeBook.id}`)).body;
      expect(info.gender_count).toEqual({ male: 1, female: 0 });
      await request(t.http).delete(`/api/user/unfollow-page/?pageId=${freeBook.id}`).set(auth(taro.token)).expect(204);
      await request(t.http).delete(`/api/user/unfollow-page/?pageId=${freeBook.id}`).set(auth(taro.token)).expect(404);
    });

    it('counts one view per viewer per day in monthly_views', async () => {
      await request(t.http).get(`/api/user/record_page_view/${taro.userId}/${freeBook.id}/`).set(auth(taro.token)).expect(200);
      await request(t.http).get(`/api/user/record_page_view/${taro.userId}/${freeBook.id}/`).set(auth(taro.token)).expect(200);
      await request(t.http).get(`/api/user/record_page_view/0/${freeBook.id}/`).expect(200);
      await request(t.http).get(`/api/user/record_page_view/${hanako.userId}/${freeBook.id}/`).set(auth(taro.token)).expect(403);
      await request(t.http).get(`/api/user/record_page_view/0/999999/`).expect(404);
      const info = (await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${freeBook.id}`)).body;
      expect(info.monthly_views).toBe(2);
    });
  });

  describe('ownership and files', () => {
    it('lets anyone logged in take a free Book with the signed ticket, and refuses forged tickets', async () => {
      const info = (await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${freeBook.id}`).set(auth(taro.token)).expect(200)).body;
      expect(info.encrypted_pageId).toEqual(expect.any(String));
      await request(t.http)
        .post('/api/user/owningpage/')
        .set(auth(taro.token))
        .send({ encrypted_pageId: String(freeBook.id) })
        .expect(400);
      await request(t.http).post('/api/user/owningpage/').set(auth(hanako.token)).send({ encrypted_pageId: info.encrypted_pageId }).expect(400);
      await request(t.http).post('/api/user/owningpage/').set(auth(taro.token)).send({ encrypted_pageId: info.encrypted_pageId }).expect(201);
      const owned = await request(t.http).get('/api/user/owningpagecc/?count=0').set(auth(taro.token)).expect(200);
      expect(owned.body.map((p: Page) => p.id)).toEqual(expect.arrayContaining([freeBook.id, paidBook.id]));
      const search = await request(t.http).get('/api/user/monopage/search-owned-pages/').query({ query: '保険' }).set(auth(taro.token)).expect(200);
      expect(search.body.map((p: Page) => p.id)).toEqual([freeBook.id]);
      await request(t.http).get('/api/user/owning_and_related_pages/?count=0').set(auth(taro.token)).expect(200);
      await request(t.http).get('/api/user/owningpagecc/').expect(401);
    });

    it('downloads a free Book file as a blob named by its type; a paid one only for its owner', async () => {
      const res = await request(t.http).post('/api/user/download/').set(auth(taro.token)).send({ file_id: csvFileId }).buffer(true).parse(binary).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toContain('prefecture_health_insurance.csv');
      expect(Buffer.from(res.body).equals(sample('prefecture-health-insurance.csv'))).toBe(true);

      await request(t.http).post('/api/user/download/').set(auth(hanako.token)).send({ file_id: paidFileId }).expect(403);
      await request(t.http).post('/api/user/get_s3_url/').set(auth(hanako.token)).send({ file_id: paidFileId }).expect(403);
      await request(t.http).post('/api/user/download/').send({ file_id: paidFileId }).expect(401);
      await request(t.http).post('/api/user/download/').set(auth(hanako.token)).send({ file_id: 999999 }).expect(404);
      await request(t.http)
        .post('/api/user/download/')
        .set(auth(hanako.token))
        .send({})
        .expect(400, validationErrors({ file_id: ['This field is required.'] }));
      const own = await request(t.http).post('/api/user/download/').set(auth(taro.token)).send({ file_id: paidFileId }).buffer(true).parse(binary).expect(200);
      expect(own.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    });

    it('hands out a signed URL that works for 5 minutes and not when tampered with', async () => {
      const res = await request(t.http).post('/api/user/get_s3_url/').set(auth(hanako.token)).send({ file_id: csvFileId }).expect(200);
      const url = new URL(res.body.s3_url);
      const file = await request(t.http)
        .get(url.pathname + url.search)
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(Buffer.from(file.body).equals(sample('prefecture-health-insurance.csv'))).toBe(true);
      await request(t.http).get(`/api/user/files/${paidFileId}/content${url.search}`).expect(403);
      await request(t.http)
        .get(url.pathname + url.search.replace(/.$/, 'x'))
        .expect(403);
    });
  });

  describe('contributors and idempotency', () => {
    it('a file on the same subject from another user joins the existing Book as a contributor', async () => {
      const res = await upload(t, taro.token, 'health-insurance-2.csv', sample('prefecture-health-insurance.csv'), { title: '都道府県別 健康保険料率' }).expect(
        201,
      );
      const done = await waitForBook(t, taro.userId, res.body.id);
      expect(done.page).toBe(freeBook.id);
      const info = (await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${freeBook.id}`)).body;
      expect(info.files.map((f: { profile: { userId: number } }) => f.profile.userId)).toEqual([hanako.userId, taro.userId]);
    });

    it("a file like another user's paid Book never joins it: the Book's files stay sold, the upload makes a Book of its own", async () => {
      // The attack: the same title and the same columns as taro's ¥800 workbook, uploaded free.
      const mallory = await signUp(t, 'mallory@example.com');
      await request(t.http).post('/api/user/profile/').set(auth(mallory.token)).field('nickName', 'mallory').expect(201);
      const res = await upload(t, mallory.token, 'world-city-populations.xlsx', sample('world-city-populations.xlsx'), {
        title: 'World city populations',
        language: 'en',
      }).expect(201);
      const done = await waitForBook(t, mallory.userId, res.body.id);
      expect(done.page).not.toBe(paidBook.id);
      const paid = (await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${paidBook.id}`).set(auth(mallory.token)).expect(200)).body;
      expect(paid).toMatchObject({ is_owned: false, badpoint: '', answer: '' });
      expect(paid.files.map((f: { profile: { userId: number } }) => f.profile.userId)).toEqual([taro.userId]);
      await request(t.http).post('/api/user/download/').set(auth(mallory.token)).send({ file_id: paidFileId }).expect(403);
      await request(t.http).post('/api/user/get_s3_url/').set(auth(mallory.token)).send({ file_id: paidFileId }).expect(403);
      const owners = await db.query(`SELECT user_id FROM page_owners WHERE page_id = $1 ORDER BY user_id`, [paidBook.id]);
      expect(owners.map((o: { user_id: number }) => o.user_id)).toEqual([taro.userId]);
    });

    it('a priced file never joins a free Book (its data would be given away): it makes a Book of its own at its price', async () => {
      const seller = await signUp(t, 'seller@example.com');
      await request(t.http).post('/api/user/profile/').set(auth(seller.token)).field('nickName', 'seller').expect(201);
      const res = await upload(t, seller.token, 'health.csv', sample('prefecture-health-insurance.csv'), {
        title: '都道府県別 健康保険料率',
        price: 800,
        mydata: true,
      }).expect(201);
      const done = await waitForBook(t, seller.userId, res.body.id);
      expect(done.page).not.toBe(freeBook.id);
      const own = (await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${done.page}`).expect(200)).body;
      expect(own.page_price).toBe(800);
      expect(own.files.map((f: { profile: { userId: number } }) => f.profile.userId)).toEqual([seller.userId]);
    });

    it('running a generation job again never creates a second Book', async () => {
      const before = (await db.query(`SELECT count(*)::int AS n FROM pages`))[0].n;
      await t.app.get(BookGenerationService).process(csvFileId);
      await t.app.get(BookGenerationService).process(csvFileId);
      expect((await db.query(`SELECT count(*)::int AS n FROM pages`))[0].n).toBe(before);
    });
  });

  describe('leaving contributors', () => {
    it('a contributor who asks for deletion disappears from the Book at once, and the purge removes their data files', async () => {
      const leaver = await signUp(t, 'leaving-contributor@example.com');
      await request(t.http).post('/api/user/profile/').set(auth(leaver.token)).field('nickName', '去る人').expect(201);
      const res = await upload(t, leaver.token, 'weather.csv', sample('tokyo-weather-2025.csv'), { title: '気象データ' }).expect(201);
      const done = await waitForBook(t, leaver.userId, res.body.id);
      const [{ storage_key: key }] = await db.query(`SELECT storage_key FROM uploaded_files WHERE id = $1`, [res.body.id]);
      const stored = path.join(t.dataDir, 'files', key);
      expect(fs.existsSync(stored)).toBe(true);
      const before = (await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${done.page}`).expect(200)).body;
      expect(before.files[0].profile).toMatchObject({ userId: leaver.userId, nickName: '去る人' });

      await request(t.http).post('/api/user/deleteprofile/').set(auth(leaver.token)).expect(200);
      await eventsHandled(t.app, 'event.account.');
      const after = (await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${done.page}`).expect(200)).body;
      expect(after.files[0].profile).toMatchObject({ id: null, nickName: null, img: null });

      await t.app.get(AuthService).purgeDeletedAccounts(new Date(Date.now() + 15 * 24 * 3600 * 1000));
      await eventsHandled(t.app, 'event.account.');
      expect(fs.existsSync(stored)).toBe(false);
      const purged = (await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${done.page}`).expect(200)).body;
      expect(purged.files.filter((f: { profile: { userId: number } }) => f.profile.userId === leaver.userId)).toEqual([]);
    });
  });
});
