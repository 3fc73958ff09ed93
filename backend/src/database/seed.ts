import { type INestApplication, Logger } from '@nestjs/common';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import sharp from 'sharp';
import { type Language } from '../common/i18n/language';
import { searchDocument } from '../common/search/search-text';
import { hashPassword } from '../modules/auth/passwords';
import { JobsService } from '../jobs/jobs.service';
import { GENERATE_QUEUE } from '../modules/uploads/uploads.service';
import { detectDataFile } from '../modules/uploads/generation/file-types';
import { FileStorage } from '../storage/file-storage';
import { Db } from './db';

export const DEMO_PASSWORD = 'demo-password-2026';

interface DemoUser {
  email: string;
  language: Language;
  nickName: string;
  caption: string;
  description: string;
  birthday: string;
  sex: string;
  colors: [string, string];
}

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'hanako@example.com',
    language: 'ja',
    nickName: '山田花子',
    caption: '統計と地域データが好きです',
    description: '都道府県ごとの健康保険や人口のデータを集めています。',
    birthday: '1990-04-01',
    sex: '3',
    colors: ['#2f6f9f', '#f2b84b'],
  },
  {
    email: 'taro@example.com',
    language: 'ja',
    nickName: 'たろう',
    caption: '気象データを毎日記録',
    description: '東京の気温と降水量を10年分まとめています。',
    birthday: '1985-11-23',
    sex: '1',
    colors: ['#3a8a5c', '#e8e1d0'],
  },
  {
    email: 'emily@example.com',
    language: 'en',
    nickName: 'Emily',
    caption: 'Open data for better cities',
    description: 'I publish transport and housing datasets from public sources.',
    birthday: '1993-07-15',
    sex: '3',
    colors: ['#8a4fa3', '#f6d6e3'],
  },
  {
    email: 'ken@example.com',
    language: 'en',
    nickName: 'Ken Sato',
    caption: 'Sports stats and fitness logs',
    description: 'Running logs, marathon results and league tables.',
    birthday: '1998-02-09',
    sex: '1',
    colors: ['#c0533b', '#fbe3c4'],
  },
];

async function avatar([bg, fg]: [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="${bg}"/><circle cx="200" cy="160" r="80" fill="${fg}"/><rect x="80" y="270" width="240" height="160" rx="120" fill="${fg}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Demo users with profiles and their uploads, only into an empty database; true when it seeded.
 * Everyone's password is DEMO_PASSWORD. Then `seedDemoLife`, once their Books are made.
 */
export async function seedDemo(app: INestApplication): Promise<boolean> {
  const db = app.get(Db);
  const storage = app.get(FileStorage);
  if (await db.row<{ one: number }>(`SELECT 1 AS one FROM users LIMIT 1`)) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const demo of DEMO_USERS) {
    const user = (await db.row<{ id: number }>(
      `INSERT INTO users (email, password_hash, language, email_verified) VALUES (:email, :passwordHash, :language, true) RETURNING id`,
      { email: demo.email, passwordHash, language: demo.language },
    ))!;
    const key = `profiles/${user.id}/${crypto.randomUUID()}.jpg`;
    await storage.put(key, await avatar(demo.colors), 'image/jpeg');
    await db.exec(
      `INSERT INTO profiles (user_id, nick_name, caption, description, birthday, sex, img, search_text)
       VALUES (:userId, :nickName, :caption, :description, :birthday, :sex, :img, :searchText)`,
      {
        userId: user.id,
        nickName: demo.nickName,
        caption: demo.caption,
        description: demo.description,
        birthday: demo.birthday,
        sex: demo.sex,
        img: key,
        searchText: searchDocument(demo.nickName, demo.caption),
      },
    );
  }
  await seedDemoBooks(app, db, storage);
  Logger.debug(`Demo content seeded: ${DEMO_USERS.length} users (password "${DEMO_PASSWORD}")`, 'Seed');
  return true;
}

/** Sample files each demo user "uploaded"; the job queue turns them into Books after start-up. */
const DEMO_UPLOADS: Array<{ email: string; file: string; title: string; description: string; language: Language; price?: number }> = [
  {
    email: 'hanako@example.com',
    file: 'prefecture-health-insurance.csv',
    title: '都道府県別 健康保険料率',
    description: '協会けんぽの都道府県ごとの保険料率と加入者数。',
    language: 'ja',
  },
  {
    email: 'taro@example.com',
    file: 'tokyo-weather-2025.csv',
    title: '東京の毎日の天気 2025',
    description: '気温と降水量の日次記録（Shift_JIS）。',
    language: 'ja',
  },
  {
    email: 'emily@example.com',
    file: 'world-city-populations.xlsx',
    title: 'World city populations',
    description: 'Population and area of large cities.',
    language: 'en',
    price: 800,
  },
  {
    email: 'emily@example.com',
    file: 'remote-work-survey.docx',
    title: 'Remote work survey 2025',
    description: 'Findings of a survey on remote work.',
    language: 'en',
  },
  { email: 'ken@example.com', file: 'park-photo.jpg', title: 'Morning in the park', description: 'A photo from a morning run.', language: 'en' },
  { email: 'hanako@example.com', file: 'community-report-ja.docx', title: '地域活動の報告書', description: '町内会の活動報告。', language: 'ja' },
];

function samplesDir(): string | undefined {
  return [path.resolve(process.cwd(), 'backend/samples'), path.resolve(process.cwd(), 'samples')].find((d) => fs.existsSync(d));
}

/** The id of the demo user with this address. */
const demoUserId = async (db: Db, email: string): Promise<number | undefined> =>
  (await db.row<{ id: number }>(`SELECT id FROM users WHERE email = :email`, { email }))?.id;

async function seedDemoBooks(app: INestApplication, db: Db, storage: FileStorage): Promise<void> {
  const dir = samplesDir();
  if (!dir) return;
  const jobs = app.get(JobsService);
  for (const demo of DEMO_UPLOADS) {
    const file = path.join(dir, demo.file);
    if (!fs.existsSync(file)) continue;
    const bytes = fs.readFileSync(file);
    const type = detectDataFile(bytes.subarray(0, 64 * 1024), demo.file);
    const userId = await demoUserId(db, demo.email);
    if (!type || userId === undefined) continue;
    const key = `files/${userId}/${crypto.randomUUID()}`;
    await storage.put(key, bytes, type.mime);
    await db.transaction(async (tx) => {
      const row = (await db.row<{ id: number }>(
        `INSERT INTO uploaded_files (user_id, title, description, file_name, storage_key, mime_type, kind, size_bytes, price, mydata, language, status)
         VALUES (:userId, :title, :description, :fileName, :storageKey, :mimeType, :kind, :sizeBytes, :price, :mydata, :language, 'pending') RETURNING id`,
        {
          userId,
          title: demo.title,
          description: demo.description,
          fileName: demo.file,
          storageKey: key,
          mimeType: type.mime,
          kind: type.kind,
          sizeBytes: bytes.length,
          price: demo.price ?? 0,
          mydata: !!demo.price,
          language: demo.language,
        },
        tx,
      ))!;
      await jobs.send(GENERATE_QUEUE, { fileId: row.id }, tx);
    });
  }
}

/** The demo Book a circle keeps on its shelf: a small table made here (a town's clean-up days). */
function cleanupCsv(): Buffer {
  const rows = ['月,参加者数,回収量kg'];
  const people = [18, 22, 25, 31, 28, 19, 15, 17, 26, 33, 29, 24];
  people.forEach((n, i) => rows.push(`2025-${String(i + 1).padStart(2, '0')},${n},${Math.round(n * 3.4 + (i % 3) * 5)}`));
  return Buffer.from(`${rows.join('\n')}\n`);
}

/**
 * Life among the demo users, so that the first screens have something real to show to a person and
 * to a crawler: follows among the four, posts, reviews with ratings of each other's Books, comments
 * and likes, and one open circle with a thread and a Book on its shelf. Made through the app's own
 * API (in process, as each demo user), so every counter, event and rule applies as for people.
 * Runs after `seedDemo` once the demo Books exist (it waits for them, up to `waitMs`).
 */
export async function seedDemoLife(app: INestApplication, waitMs = 300_000): Promise<void> {
  const db = app.get(Db);
  // The app's own HTTP routing on a loopback port of its own, for as long as this takes (the app
  // itself may not listen yet). Fastify's `routing` runs the whole request lifecycle.
  const fastify = app.getHttpAdapter().getInstance() as {
    ready(): PromiseLike<unknown>;
    routing: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  };
  await fastify.ready(); // its hooks are in place once ready (app.init() alone, as in prepare.ts, leaves that to listen)
  const server = http.createServer((req, res) => fastify.routing(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/user/`;
  const call = async <T = Record<string, unknown>>(method: string, url: string, token: string | undefined, body?: object | FormData): Promise<T> => {
    const headers: Record<string, string> = { 'accept-language': 'ja', ...(token ? { authorization: `Token ${token}` } : {}) };
    const payload = body instanceof FormData ? body : body ? JSON.stringify(body) : undefined;
    if (payload !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${url}`, { method, headers, body: payload });
    const text = await res.text();
    if (!res.ok) throw new Error(`demo: ${method} ${url} answered ${res.status}: ${text.slice(0, 200)}`);
    return (text ? JSON.parse(text) : {}) as T;
  };
  try {
    await demoLife(db, call, waitMs);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

type DemoCall = <T = Record<string, unknown>>(method: string, url: string, token: string | undefined, body?: object | FormData) => Promise<T>;

async function demoLife(db: Db, call: DemoCall, waitMs: number): Promise<void> {
  const users = new Map<string, { id: number; token: string }>();
  for (const demo of DEMO_USERS) {
    const { token } = await call<{ token: string }>('POST', 'login/', undefined, { email: demo.email, password: DEMO_PASSWORD });
    const id = await demoUserId(db, demo.email);
    if (id === undefined) throw new Error(`demo: no account ${demo.email}`);
    users.set(demo.email.split('@')[0], { id, token });
  }
  const [hanako, taro, emily, ken] = ['hanako', 'taro', 'emily', 'ken'].map((name) => users.get(name)!);

  // Follows: a request, approved by the person followed.
  const follows: Array<[typeof hanako, typeof hanako]> = [
    [hanako, taro],
    [taro, hanako],
    [emily, hanako],
    [hanako, emily],
    [ken, emily],
    [taro, ken],
    [ken, hanako],
  ];
  for (const [from, to] of follows) {
    await call('POST', 'approval/', from.token, { askTo: to.id });
    await call('POST', 'approval/', to.token, { askTo: from.id, approved: true });
  }

  // An open circle: hanako's, taro and emily asked to join and were let in.
  const icon = new Blob([await avatar(['#1f6f78', '#f2b84b'])], { type: 'image/jpeg' });
  const circleForm = new FormData();
  circleForm.append('title', '地域データ研究会');
  circleForm.append('description', '地域の統計や活動の記録を持ち寄って読み解くサークルです。どなたでも参加できます。');
  circleForm.append('image', icon, 'circle.jpg');
  const circle = (await call<{ id: number }>('POST', 'create-community/', hanako.token, circleForm)).id;
  for (const member of [taro, emily]) {
    await call('POST', 'communityjoin/', member.token, { community: circle });
    await call('POST', `community/${circle}/join-request/approve/${member.id}/`, hanako.token);
  }
  // Its shelf: a table hanako posted to the circle.
  const uploadForm = new FormData();
  uploadForm.append('title', '町内清掃の参加者と回収量 2025');
  uploadForm.append('description', '毎月の町内清掃に参加した人数と、集めたごみの量。');
  uploadForm.append('communities', String(circle));
  uploadForm.append('file', new Blob([cleanupCsv()], { type: 'text/csv' }), 'town-cleanup-2025.csv');
  await call('POST', 'upload/', hanako.token, uploadForm);

  // The Books, once the job queue has made them all.
  const deadline = Date.now() + waitMs;
  let books = new Map<string, number>();
  for (;;) {
    const rows = await db.rows<{ title: string; page_id: number | null; status: string }>(`SELECT title, page_id, status FROM uploaded_files`);
    books = new Map(rows.filter((r) => r.page_id !== null).map((r) => [r.title, r.page_id!]));
    if (rows.every((r) => r.status === 'done' || r.status === 'failed')) break;
    if (Date.now() > deadline) throw new Error(`demo: the demo Books were not made within ${waitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const health = books.get('都道府県別 健康保険料率');
  const weather = books.get('東京の毎日の天気 2025');
  const survey = books.get('Remote work survey 2025');
  const cleanup = books.get('町内清掃の参加者と回収量 2025');
  // A file posted to a circle makes a members-only Book; hanako, its creator, makes it public so
  // that the open circle's shelf shows it to everyone (as a person who wants it read would).
  if (cleanup) await call('POST', `monopage/${cleanup}/make-public/`, hanako.token);

  const post = (who: typeof hanako, body: object) => call<{ id: number }>('POST', 'monopost/', who.token, body).then((p) => p.id);
  const comment = (who: typeof hanako, postId: number, text: string) => call('POST', 'monocomment/', who.token, { post: postId, text });
  const like = (who: typeof hanako, postId: number) => call('PUT', `monopost/${postId}/`, who.token, { liked: [who.id] });

  const posts: number[] = [];
  if (health) {
    const review = await post(taro, { text: '都道府県ごとの差がひと目でわかります。佐賀県が一番高いのは意外でした。', rating: 80, reviewTo: health });
    await comment(hanako, review, 'ありがとうございます！来年度の料率が出たら追加します。');
    await like(hanako, review);
    await like(emily, review);
    posts.push(review, await post(ken, { text: 'Clear tables. I would love a map view of the rates.', rating: 70, reviewTo: health }));
  }
  if (weather) {
    const review = await post(emily, {
      text: 'A whole year of Tokyo weather, day by day. The rainy season stands out clearly.',
      rating: 90,
      reviewTo: weather,
    });
    await comment(taro, review, 'Thank you! 2026 is being recorded too.');
    await like(taro, review);
    await like(ken, review);
    posts.push(review, await post(hanako, { text: '梅雨と夏の暑さがよくわかるデータ。洗濯の計画に使っています。', rating: 85, reviewTo: weather }));
  }
  if (survey) posts.push(await post(ken, { text: 'Interesting survey. Most people want two office days a week.', rating: 75, reviewTo: survey }));
  const news = await post(emily, { text: 'New this week: city populations from 2006 to 2023, with areas. Comments welcome!', purepost_flag: true });
  await comment(hanako, news, '面積も入っているので人口密度が計算できますね。');
  await like(hanako, news);
  await like(taro, news);
  const run = await post(ken, { text: 'Ran 10 km along the river this morning. Logging every run this year.', purepost_flag: true });
  await like(emily, run);
  posts.push(news, run, await post(taro, { text: '今日の東京は最高気温12度。明日は雨の予報です。', purepost_flag: true }));
  for (const id of posts.slice(0, 3)) await like(ken, id).catch(() => undefined); // a like on one's own post is refused: fine

  // The circle's thread.
  const thread = await post(hanako, {
    text: '研究会へようこそ。町内清掃の記録をBookにしました。季節による違いを一緒に見てみましょう。',
    communitypost_flag: true,
    communities: [circle],
    ...(cleanup ? { reviewTo: cleanup } : {}),
  });
  await comment(taro, thread, '秋に参加者が増えていますね。気温との関係も見てみたいです。');
  await comment(emily, thread, 'Nice data! The October peak is interesting.');
  await like(taro, thread);
  await post(taro, { text: '東京の天気のBookと並べると、雨の月は参加者が少ないようです。', communitypost_flag: true, communities: [circle] });
  Logger.log(`Demo life seeded: ${follows.length} follows, posts, reviews, comments, likes and the circle "地域データ研究会"`, 'Seed');
}
