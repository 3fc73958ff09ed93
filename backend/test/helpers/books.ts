import * as fs from 'node:fs';
import * as path from 'node:path';
import request from 'supertest';
import { auth, type TestApp } from './test-app';

export const SAMPLES = path.resolve(process.cwd(), 'samples');
export const sample = (name: string) => fs.readFileSync(path.join(SAMPLES, name));

export interface UploadOptions {
  title?: string;
  description?: string;
  price?: number;
  mydata?: boolean;
  language?: 'ja' | 'en';
}

export function upload(t: TestApp, token: string, name: string, content: Buffer, opts: UploadOptions = {}) {
  const req = request(t.http)
    .post('/api/user/upload/')
    .set(auth(token))
    .set('Accept-Language', opts.language ?? 'ja')
    .field('title', opts.title ?? 'データ')
    .field('description', opts.description ?? '');
  if (opts.price !== undefined) req.field('price', String(opts.price));
  if (opts.mydata !== undefined) req.field('mydata', String(opts.mydata));
  return req.attach('file', content, name);
}

/** Waits until the background job has turned the upload into a Book; answers the file row. */
export async function waitForBook(t: TestApp, userId: number, fileId: number, timeoutMs = 60_000): Promise<{ page: number; status: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await request(t.http).get(`/api/user/uploadedfiles/?user_id=${userId}`).expect(200);
    const file = res.body.find((f: { id: number }) => f.id === fileId);
    if (file?.status === 'done' && file.page) return file;
    if (Date.now() > deadline) throw new Error(`no Book for file ${fileId}: ${JSON.stringify(file)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
