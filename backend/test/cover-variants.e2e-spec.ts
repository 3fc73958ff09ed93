import * as crypto from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { FileStorage } from '../src/storage/file-storage';
import { sample, upload, waitForBook } from './helpers/books';
import { auth, signUp, startTestApp, type TestApp } from './helpers/test-app';

/** Collects a response body as bytes, whatever its content type. */
function binary(res: request.Response, callback: (err: Error | null, body: Buffer) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
}

/**
 * A cover's phone copy (backend/src/storage/cover-variants.ts): `/media/covers/<name>.jpg` is,
 * 640 px wide, `/media/covers/<name>.w640.jpg`. Written beside the cover when the Book is made;
 * made at the first request for a cover that has none; anything else is a 404, never a 5xx.
 */
describe('cover variants', () => {
  let t: TestApp;
  let storage: FileStorage;
  let coverPath: string; // /media/covers/<name>.jpg
  const variantOf = (p: string, width = 640) => p.replace(/\.jpg$/, `.w${width}.jpg`);
  const key = (p: string) => p.replace(/^\/media\//, '');
  const get = (p: string) => request(t.http).get(p).buffer(true).parse(binary);

  beforeAll(async () => {
    t = await startTestApp();
    storage = t.app.get(FileStorage);
    const author = await signUp(t, 'covers@example.com');
    await request(t.http).post('/api/user/profile/').set(auth(author.token)).field('nickName', '表紙').field('sex', '3').expect(201);
    const res = await upload(t, author.token, 'prefecture-health-insurance.csv', sample('prefecture-health-insurance.csv'), {
      title: '表紙の幅',
      description: '幅の違う表紙',
    }).expect(201);
    const done = await waitForBook(t, author.userId, res.body.id as number);
    const page = await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${done.page}`).expect(200);
    coverPath = new URL(page.body.img as string).pathname;
    expect(coverPath).toMatch(/^\/media\/covers\/[0-9a-f-]+\.jpg$/);
  }, 60_000);
  afterAll(() => t.close());

  it('is written beside the cover when the Book is made, and served 640 px wide as a JPEG', async () => {
    expect(await storage.get(key(variantOf(coverPath)))).not.toBeNull();
    const cover = await get(coverPath).expect(200);
    const res = await get(variantOf(coverPath)).expect(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(Number(res.headers['content-length'])).toBe((res.body as Buffer).length);
    const meta = await sharp(res.body as Buffer).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 640, height: 336 });
    expect((res.body as Buffer).length).toBeLessThan((cover.body as Buffer).length);
  });

  it('is made at its first request when the cover has none (a Book made before), then stored', async () => {
    await storage.delete(key(variantOf(coverPath)));
    expect(await storage.get(key(variantOf(coverPath)))).toBeNull();
    // Several at once: each gets the image (made once).
    const answers = await Promise.all([1, 2, 3].map(() => get(variantOf(coverPath))));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(res.body as Buffer).metadata()).width).toBe(640);
    }
    expect(answers[1].body).toEqual(answers[0].body);
    expect(await storage.get(key(variantOf(coverPath)))).not.toBeNull();
    expect((await get(variantOf(coverPath)).expect(200)).body).toEqual(answers[0].body);
  });

  it('answers 404 for a width not offered, a cover that is not there, a copy of a copy, or a cover that is no image', async () => {
    await storage.put('covers/not-an-image.jpg', Buffer.from('plain text, not a JPEG'), 'image/jpeg');
    const missing = `/media/covers/${crypto.randomUUID()}.jpg`;
    const paths = [
      variantOf(coverPath, 641),
      variantOf(coverPath, 1200),
      variantOf(coverPath, 0),
      variantOf(coverPath, 99999),
      variantOf(coverPath, 1234567),
      coverPath.replace(/\.jpg$/, '.w640.w640.jpg'),
      coverPath.replace(/\.jpg$/, '.w-640.jpg'),
      coverPath.replace(/\.jpg$/, '.w640.png'),
      variantOf(missing),
      '/media/covers/not-an-image.w640.jpg',
      '/media/covers/..%2Fsecret.w640.jpg',
      '/media/posts/anything.w640.jpg',
      '/media/files/private.w640.jpg',
    ];
    const statuses = await Promise.all(paths.map(async (p) => [p, (await get(p)).status]));
    expect(statuses).toEqual(paths.map((p) => [p, 404]));
    // Nothing was stored for them.
    expect(await storage.get('covers/not-an-image.w640.jpg')).toBeNull();
    expect(await storage.get(key(variantOf(coverPath, 641)))).toBeNull();
    // The cover itself is served as before.
    expect((await get(coverPath)).status).toBe(200);
  });
});
