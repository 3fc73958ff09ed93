import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import sharp from 'sharp';
import request from 'supertest';
import { LocalFileStorage } from '../src/storage/local-file-storage';
import { S3FileStorage } from '../src/storage/s3-file-storage';
import { auth, signUp, startTestApp, type TestApp } from './helpers/test-app';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

describe('file storage', () => {
  let s3rver: S3rver;
  let s3dir: string;
  let endpoint: string;

  beforeAll(async () => {
    s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-s3-'));
    s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, configureBuckets: [{ name: 'monobook', configs: [] }] });
    const { port } = (await s3rver.run()) as { port: number };
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await s3rver.close();
    fs.rmSync(s3dir, { recursive: true, force: true });
  });

  const s3 = () =>
    new S3FileStorage({ bucket: 'monobook', region: 'us-east-1', endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });

  it('S3: puts buffers and streams, reads them back with their type, deletes them', async () => {
    const storage = s3();
    await storage.put('files/a/hello.csv', Buffer.from('a,b\n1,2\n'), 'text/csv');
    await storage.put('files/a/stream.txt', Readable.from(['streamed ', 'content']), 'text/plain');
    const got = await storage.get('files/a/hello.csv');
    expect(got?.contentType).toBe('text/csv');
    expect(await text(got!.stream)).toBe('a,b\n1,2\n');
    expect(await text((await storage.get('files/a/stream.txt'))!.stream)).toBe('streamed content');
    await storage.delete('files/a/hello.csv');
    expect(await storage.get('files/a/hello.csv')).toBeNull();
    storage.destroy();
  });

  it('S3: presigned URLs expire within 5 minutes and name the download', async () => {
    const storage = s3();
    await storage.put('files/b/data.csv', Buffer.from('x'), 'text/csv');
    const url = new URL((await storage.presignedUrl('files/b/data.csv', 3600, '健康 data.csv'))!);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    expect(url.searchParams.get('response-content-disposition')).toContain(encodeURIComponent('健康 data.csv'));
    const res = await fetch(url);
    expect(await res.text()).toBe('x');
    storage.destroy();
  });

  it('S3: signs download URLs for the public endpoint when it differs from the internal one', async () => {
    const storage = new S3FileStorage({
      bucket: 'monobook',
      region: 'us-east-1',
      endpoint,
      publicEndpoint: 'http://files.example.test:9000',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    const url = new URL((await storage.presignedUrl('files/b/data.csv', 60))!);
    expect(url.host).toBe('files.example.test:9000');
    storage.destroy();
  });

  it('both drivers refuse keys that could escape their root', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-local-'));
    const local = new LocalFileStorage(dir);
    for (const key of ['../etc/passwd', 'a/../../b', '/abs/path', 'a//b', 'a/./b', 'with space']) {
      await expect(local.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe storage key/);
      await expect(s3().get(key)).rejects.toThrow(/unsafe storage key/);
    }
    await local.put('ok/file.txt', Buffer.from('fine'), 'text/plain');
    expect(await text((await local.get('ok/file.txt'))!.stream)).toBe('fine');
    expect(await local.get('ok/missing.txt')).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('the app with STORAGE_DRIVER=s3', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'monobook',
        S3_ENDPOINT: endpoint,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      });
    });
    afterAll(() => t.close());

    it('stores an avatar in the bucket and serves it under /media', async () => {
      const { token } = await signUp(t, 's3user@example.com');
      const avatar = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c0533b' } })
        .jpeg()
        .toBuffer();
      const res = await request(t.http).post('/api/user/profile/').set(auth(token)).field('nickName', 'S3').attach('img', avatar, 'a.jpg').expect(201);
      const key = new URL(res.body.img).pathname.replace('/media/', '');
      const fromBucket = await s3().get(key);
      expect(fromBucket?.contentType).toBe('image/jpeg');
      const served = await request(t.http).get(`/media/${key}`).expect(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['cache-control']).toContain('immutable');
      await request(t.http).get('/media/profiles/1/missing.jpg').expect(404);
      await request(t.http).get('/media/files/private.csv').expect(404);
    });
  });
});
