import { type INestApplication, Logger } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { type DataSource } from 'typeorm';
import { searchDocument } from '../common/search/search-text';
import { User } from '../modules/auth/entities/user.entity';
import { hashPassword } from '../modules/auth/passwords';
import { Profile } from '../modules/profiles/entities/profile.entity';
import { JobsService } from '../jobs/jobs.service';
import { GENERATE_QUEUE } from '../modules/uploads/uploads.service';
import { UploadedFile } from '../modules/uploads/entities/uploaded-file.entity';
import { detectDataFile } from '../modules/uploads/generation/file-types';
import { FileStorage } from '../storage/file-storage';

export const DEMO_PASSWORD = 'demo-password-2026';

interface DemoUser {
  email: string;
  language: 'ja' | 'en';
  nickName: string;
  caption: string;
  description: string;
  birthday: string;
  sex: string;
  colors: [string, string];
}

export const DEMO_USERS: DemoUser[] = [
  { email: 'hanako@example.com', language: 'ja', nickName: '山田花子', caption: '統計と地域データが好きです', description: '都道府県ごとの健康保険や人口のデータを集めています。', birthday: '1990-04-01', sex: '3', colors: ['#2f6f9f', '#f2b84b'] },
  { email: 'taro@example.com', language: 'ja', nickName: 'たろう', caption: '気象データを毎日記録', description: '東京の気温と降水量を10年分まとめています。', birthday: '1985-11-23', sex: '1', colors: ['#3a8a5c', '#e8e1d0'] },
  { email: 'emily@example.com', language: 'en', nickName: 'Emily', caption: 'Open data for better cities', description: 'I publish transport and housing datasets from public sources.', birthday: '1993-07-15', sex: '3', colors: ['#8a4fa3', '#f6d6e3'] },
  { email: 'ken@example.com', language: 'en', nickName: 'Ken Sato', caption: 'Sports stats and fitness logs', description: 'Running logs, marathon results and league tables.', birthday: '1998-02-09', sex: '1', colors: ['#c0533b', '#fbe3c4'] },
];

async function avatar([bg, fg]: [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="${bg}"/><circle cx="200" cy="160" r="80" fill="${fg}"/><rect x="80" y="270" width="240" height="160" rx="120" fill="${fg}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Demo users with profiles, only into an empty database. Everyone's password is DEMO_PASSWORD. */
export async function seedDemo(app: INestApplication): Promise<void> {
  const dataSource = app.get<DataSource>(getDataSourceToken());
  const storage = app.get(FileStorage);
  if ((await dataSource.getRepository(User).count()) > 0) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const demo of DEMO_USERS) {
    const user = await dataSource.getRepository(User).save({ email: demo.email, passwordHash, language: demo.language, emailVerified: true });
    const key = `profiles/${user.id}/${crypto.randomUUID()}.jpg`;
    await storage.put(key, await avatar(demo.colors), 'image/jpeg');
    await dataSource.getRepository(Profile).insert({
      userId: user.id,
      nickName: demo.nickName,
      caption: demo.caption,
      description: demo.description,
      birthday: demo.birthday,
      sex: demo.sex,
      img: key,
      searchText: searchDocument(demo.nickName, demo.caption),
    });
  }
  await seedDemoBooks(app, dataSource, storage);
  Logger.debug(`Demo content seeded: ${DEMO_USERS.length} users (password "${DEMO_PASSWORD}")`, 'Seed');
}

/** Sample files each demo user "uploaded"; the job queue turns them into Books after start-up. */
const DEMO_UPLOADS: Array<{ email: string; file: string; title: string; description: string; language: 'ja' | 'en'; price?: number }> = [
  { email: 'hanako@example.com', file: 'prefecture-health-insurance.csv', title: '都道府県別 健康保険料率', description: '協会けんぽの都道府県ごとの保険料率と加入者数。', language: 'ja' },
  { email: 'taro@example.com', file: 'tokyo-weather-2025.csv', title: '東京の毎日の天気 2025', description: '気温と降水量の日次記録（Shift_JIS）。', language: 'ja' },
  { email: 'emily@example.com', file: 'world-city-populations.xlsx', title: 'World city populations', description: 'Population and area of large cities.', language: 'en', price: 800 },
  { email: 'emily@example.com', file: 'remote-work-survey.docx', title: 'Remote work survey 2025', description: 'Findings of a survey on remote work.', language: 'en' },
  { email: 'ken@example.com', file: 'park-photo.jpg', title: 'Morning in the park', description: 'A photo from a morning run.', language: 'en' },
  { email: 'hanako@example.com', file: 'community-report-ja.docx', title: '地域活動の報告書', description: '町内会の活動報告。', language: 'ja' },
];

function samplesDir(): string | undefined {
  return [path.resolve(process.cwd(), 'backend/samples'), path.resolve(process.cwd(), 'samples')].find((d) => fs.existsSync(d));
}

async function seedDemoBooks(app: INestApplication, dataSource: DataSource, storage: FileStorage): Promise<void> {
  const dir = samplesDir();
  if (!dir) return;
  const jobs = app.get(JobsService);
  for (const demo of DEMO_UPLOADS) {
    const file = path.join(dir, demo.file);
    if (!fs.existsSync(file)) continue;
    const bytes = fs.readFileSync(file);
    const type = detectDataFile(bytes.subarray(0, 64 * 1024), demo.file);
    const user = await dataSource.getRepository(User).findOneBy({ email: demo.email });
    if (!type || !user) continue;
    const key = `files/${user.id}/${crypto.randomUUID()}`;
    await storage.put(key, bytes, type.mime);
    await dataSource.transaction(async (manager) => {
      const row = manager.getRepository(UploadedFile).create({
        userId: user.id,
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
        status: 'pending',
      });
      await manager.getRepository(UploadedFile).insert(row);
      await jobs.send(GENERATE_QUEUE, { fileId: row.id }, manager);
    });
  }
}
