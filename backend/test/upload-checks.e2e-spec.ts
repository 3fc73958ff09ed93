import { getDataSourceToken } from '@nestjs/typeorm';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import S3rver from 's3rver';
import sharp from 'sharp';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { MESSAGES } from '../src/common/http/messages';
import { BookGenerationService } from '../src/modules/uploads/book-generation.service';
import { UploadedFile } from '../src/modules/uploads/entities/uploaded-file.entity';
import { FileStorage } from '../src/storage/file-storage';
import { sample, upload } from './helpers/books';
import { createUser, type UserFixture } from './helpers/factories';
import { auth, startTestApp, type TestApp } from './helpers/test-app';
import { validationErrors } from './helpers/errors';

function binary(res: request.Response, callback: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

/** The file name a Content-Disposition header gives (the UTF-8 form when there is one). */
function dispositionName(header: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8) return decodeURIComponent(utf8[1]);
  return /filename="([^"]*)"/.exec(header)![1];
}

/** A zip with one deflated entry (a plain archive, not an Office package). */
function plainZip(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const packed = deflateRawSync(data);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8);
  header.writeUInt32LE(packed.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(Buffer.byteLength(name), 26);
  return Buffer.concat([header, Buffer.from(name), packed]);
}

const UNSUPPORTED = validationErrors({ file: [MESSAGES.unsupportedFile] });
const MISMATCH = validationErrors({ file: [MESSAGES.fileExtensionMismatch] });
const RLO = '\u202e';

describe('uploads are checked by content, downloads named by it', () => {
  let t: TestApp;
  let uploader: UserFixture;
  let db: DataSource;

  beforeAll(async () => {
    t = await startTestApp();
    uploader = await createUser(t.app, { nickName: 'Checker' });
    db = t.app.get<DataSource>(getDataSourceToken());
  });
  afterAll(() => t.close());

  const count = async () => (await db.query(`SELECT count(*)::int AS n FROM uploaded_files`))[0].n as number;

  it('refuses a file whose bytes are no accepted type, whatever its name (34 bytes of text named fake.jpg)', async () => {
    const before = await count();
    const text = Buffer.from('this is not a picture, honestly!!\n');
    expect(text.length).toBe(34);
    await upload(t, uploader.token, 'fake.jpg', text).expect(400, UNSUPPORTED);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await upload(t, uploader.token, 'photo.jpg', png).expect(400, UNSUPPORTED);
    await upload(t, uploader.token, 'page.csv', Buffer.from('<!DOCTYPE html>\n<html><body><p>a,b,c</p>\n<p>d,e,f</p></body></html>\n')).expect(
      400,
      UNSUPPORTED,
    );
    await upload(t, uploader.token, 'doc.docx', Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n')).expect(400, UNSUPPORTED);
    await upload(t, uploader.token, 'tool.xls', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)])).expect(400, UNSUPPORTED);
    await upload(t, uploader.token, 'setup.doc', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)])).expect(400, UNSUPPORTED);
    await upload(t, uploader.token, 'archive.xlsx', plainZip('data/a.csv', 'a,b\n1,2\n')).expect(400, UNSUPPORTED);
    expect(await count()).toBe(before);
  });

  it('refuses a file whose content contradicts its extension', async () => {
    const before = await count();
    await upload(t, uploader.token, 'rates.jpg', sample('prefecture-health-insurance.csv')).expect(400, MISMATCH);
    await upload(t, uploader.token, 'page.html', sample('prefecture-health-insurance.csv')).expect(400, MISMATCH);
    await upload(t, uploader.token, 'photo.csv', sample('park-photo.jpg')).expect(400, MISMATCH);
    await upload(t, uploader.token, 'cities.docx', sample('world-city-populations.xlsx')).expect(400, MISMATCH);
    await upload(t, uploader.token, 'report.exe', sample('remote-work-survey.docx')).expect(400, MISMATCH);
    expect(await count()).toBe(before);
  });

  it('accepts real files under their own extensions or none: UTF-8 and Shift_JIS CSV, TSV, Excel, Word, JPEG', async () => {
    const accepted: Array<[string, Buffer, string]> = [
      ['rates.csv', sample('prefecture-health-insurance.csv'), 'csv'],
      ['weather.CSV', sample('tokyo-weather-2025.csv'), 'csv'], // Shift_JIS
      ['rates', sample('prefecture-health-insurance.csv'), 'csv'],
      ['rates.2024', sample('prefecture-health-insurance.csv'), 'csv'],
      ['scores.tsv', Buffer.from('name\tscore\nA\t1\nB\t2\nC\t3\n'), 'csv'],
      ['scores.txt', Buffer.from('name,score\nA,1\nB,2\nC,3\n'), 'csv'],
      ['cities.xlsx', sample('world-city-populations.xlsx'), 'xlsx'],
      ['survey.docx', sample('remote-work-survey.docx'), 'docx'],
      ['park.jpeg', sample('park-photo.jpg'), 'jpeg'],
    ];
    for (const [name, content, kind] of accepted) {
      const res = await upload(t, uploader.token, name, content).expect(201);
      expect(res.body).toMatchObject({ kind, status: 'pending', failure: null });
    }
  });

  describe('download names', () => {
    let fileId: number;

    beforeAll(async () => {
      const res = await upload(t, uploader.token, `report${RLO}vsc.exe\u200b.csv`, sample('prefecture-health-insurance.csv'), { title: '保険料率' }).expect(
        201,
      );
      fileId = res.body.id; // its uploader may download it at once, Book or not
    });

    it('stores a name without control and format characters', async () => {
      const list = await request(t.http).get(`/api/user/uploadedfiles/?user_id=${uploader.userId}`).expect(200);
      expect(list.body.find((f: { id: number }) => f.id === fileId).file).toBe('reportvsc.exe.csv');
    });

    it('names download/, the signed link and its content by the detected type, whatever was stored before', async () => {
      // A row stored before names were checked: an HTML name, a right-to-left override, a control character.
      await db.getRepository(UploadedFile).update(fileId, { fileName: `page${RLO}lmth\u0007.html` });
      const direct = await request(t.http)
        .post('/api/user/download/')
        .set(auth(uploader.token))
        .send({ file_id: fileId })
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(direct.headers['content-type']).toMatch(/^text\/csv/);
      expect(dispositionName(direct.headers['content-disposition'])).toBe('pagelmth.csv');
      expect(direct.headers['content-disposition']).toMatch(/^attachment; filename="pagelmth.csv"/);
      expect(direct.body.equals(sample('prefecture-health-insurance.csv'))).toBe(true);

      const url = new URL((await request(t.http).post('/api/user/get_s3_url/').set(auth(uploader.token)).send({ file_id: fileId }).expect(200)).body.s3_url);
      const signed = await request(t.http).get(`${url.pathname}${url.search}`).buffer(true).parse(binary).expect(200);
      expect(dispositionName(signed.headers['content-disposition'])).toBe('pagelmth.csv');
      expect(signed.headers['content-disposition']).not.toContain('%E2%80%AE'); // U+202E, percent-encoded
    });

    it('gives a name without extension the type’s, and keeps other characters', async () => {
      await db.getRepository(UploadedFile).update(fileId, { fileName: '健康保険 2024' });
      const res = await request(t.http).post('/api/user/download/').set(auth(uploader.token)).send({ file_id: fileId }).buffer(true).parse(binary).expect(200);
      expect(dispositionName(res.headers['content-disposition'])).toBe('健康保険 2024.csv');
    });
  });

  describe('the retry policy of Book generation', () => {
    const storedFile = async (status: 'processing' | 'pending', attempts: number) => {
      const storage = t.app.get(FileStorage);
      const key = `files/${uploader.userId}/retry-${status}-${attempts}-${Date.now()}`;
      await storage.put(key, sample('prefecture-health-insurance.csv'), 'application/octet-stream');
      const repo = db.getRepository(UploadedFile);
      const row = repo.create({
        userId: uploader.userId,
        title: `retry ${attempts}`,
        description: '',
        fileName: 'rates.csv',
        storageKey: key,
        mimeType: 'text/csv',
        kind: 'csv',
        sizeBytes: 100,
        price: 0,
        mydata: false,
        language: 'ja',
        status,
        attempts,
      });
      await repo.insert(row);
      return row.id;
    };

    it('runs a file once more after its process died mid-run, and fails it after a second death', async () => {
      const service = t.app.get(BookGenerationService);
      const repo = db.getRepository(UploadedFile);
      // Left `processing` by one run that never finished: the job's redelivery runs it again.
      const once = await storedFile('processing', 1);
      await service.process(once);
      expect(await repo.findOneByOrFail({ id: once })).toMatchObject({ status: 'done', attempts: 2, failure: null });
      // Left `processing` by two runs that never finished: failed, not run a third time.
      const twice = await storedFile('processing', 2);
      await service.process(twice);
      expect(await repo.findOneByOrFail({ id: twice })).toMatchObject({ status: 'failed', attempts: 2, failure: 'interrupted', pageId: null });
      // A failed file stays failed when a job for it comes again.
      await service.process(twice);
      expect(await repo.findOneByOrFail({ id: twice })).toMatchObject({ status: 'failed', attempts: 2, failure: 'interrupted' });
      const list = await request(t.http).get(`/api/user/uploadedfiles/?user_id=${uploader.userId}`).expect(200);
      expect(list.body.find((f: { id: number }) => f.id === twice)).toMatchObject({ status: 'failed', failure: 'interrupted', page: null });
    });

    it('fails an unreadable file for good on its first run, with the reason the uploader sees', async () => {
      // A compound file (the .xls signature) with no workbook in it: accepted by name, unreadable.
      const header = Buffer.alloc(512);
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
      const res = await upload(t, uploader.token, 'old.xls', Buffer.concat([header, Buffer.alloc(4096, 0xff)])).expect(201);
      // Behind the uploads above in the queue (each read in its own process): allow for a busy machine.
      const deadline = Date.now() + 200_000;
      let file: { status: string; failure: string | null; page: number | null } | undefined;
      while (Date.now() < deadline) {
        const list = await request(t.http).get(`/api/user/uploadedfiles/?user_id=${uploader.userId}`).expect(200);
        file = list.body.find((f: { id: number }) => f.id === res.body.id);
        if (file?.status === 'failed') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(file).toMatchObject({ status: 'failed', failure: 'unreadable', page: null });
      const [job] = await db.query(`SELECT state, retry_count FROM pgboss.job WHERE name = 'book-generate' AND (data->>'fileId')::int = $1`, [res.body.id]);
      expect(job).toMatchObject({ state: 'completed', retry_count: 0 });
    }, 240_000);
  });
});

describe('S3 presigned downloads are named by the detected type', () => {
  let s3rver: S3rver;
  let s3dir: string;
  let t: TestApp;

  beforeAll(async () => {
    s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-s3-names-'));
    s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, configureBuckets: [{ name: 'monobook', configs: [] }] });
    const { port } = (await s3rver.run()) as { port: number };
    t = await startTestApp({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'monobook',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await t.close();
    await s3rver.close();
    fs.rmSync(s3dir, { recursive: true, force: true });
  });

  it('signs a ContentDisposition with the type’s extension and no format characters', async () => {
    const user = await createUser(t.app, { nickName: 'S3Names' });
    const res = await upload(t, user.token, 'rates.csv', sample('prefecture-health-insurance.csv')).expect(201);
    const db = t.app.get<DataSource>(getDataSourceToken());
    await db.getRepository(UploadedFile).update(res.body.id, { fileName: `page${RLO}lmth.html` });
    const url = new URL((await request(t.http).post('/api/user/get_s3_url/').set(auth(user.token)).send({ file_id: res.body.id }).expect(200)).body.s3_url);
    const disposition = url.searchParams.get('response-content-disposition')!;
    expect(dispositionName(disposition)).toBe('pagelmth.csv');
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(dispositionName(served.headers.get('content-disposition')!)).toBe('pagelmth.csv');
  });
});
