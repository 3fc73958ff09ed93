import { type INestApplication, Logger } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import * as crypto from 'node:crypto';
import sharp from 'sharp';
import { type DataSource } from 'typeorm';
import { searchDocument } from '../common/search/search-text';
import { User } from '../modules/auth/entities/user.entity';
import { hashPassword } from '../modules/auth/passwords';
import { Profile } from '../modules/profiles/entities/profile.entity';
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

const DEMO_USERS: DemoUser[] = [
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
  Logger.log(`Demo content seeded: ${DEMO_USERS.length} users (password "${DEMO_PASSWORD}")`, 'Seed');
}
