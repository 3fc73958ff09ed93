import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { VERIFY_LINK, uniqueEmail } from './app';
import { linkFromNewestMail } from './mail';

export const PASSWORD = 'quiet-harbour-2026';
export const SAMPLE_CSV = fileURLToPath(new URL('../../../backend/samples/prefecture-health-insurance.csv', import.meta.url));

export type SeededUser = { email: string; token: string; userId: number };

const auth = (token: string) => ({ Authorization: `Token ${token}` });

/** An account made through the API (register, mailed link, login), optionally with a profile. */
export async function apiUser(
  request: APIRequestContext,
  { label = 'user', language = 'en', nickName, caption }: { label?: string; language?: 'ja' | 'en'; nickName?: string; caption?: string } = {},
): Promise<SeededUser> {
  const email = uniqueEmail(label);
  const register = await request.post('/api/user/register/', { data: { email, password1: PASSWORD, password2: PASSWORD, agreed: true, language } });
  expect(register.status()).toBe(201);
  const link = await linkFromNewestMail(email, VERIFY_LINK);
  const [, id, key] = /\/verify\/(\d+)\/([^/?#\s]+)/.exec(link) ?? [];
  expect((await request.post('/api/user/verify/', { data: { id: Number(id), key } })).status()).toBe(200);
  const login = await request.post('/api/user/login/', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  let userId = 0;
  if (nickName) {
    const profile = await request.post('/api/user/profile/', {
      headers: auth(token),
      multipart: { nickName, birth: '1988-03-14', sex: '0', ...(caption ? { caption } : {}) },
    });
    expect(profile.status(), await profile.text()).toBe(201);
    userId = ((await profile.json()) as { userProfile: number }).userProfile;
  }
  return { email, token, userId };
}

/**
 * A CSV of random figures. Books of the same subject share one Book (an upload with the same
 * title words and column names joins it, when free). The default is rainfall by prefecture and
 * month; `'stations'` (passengers by station and hour, the crawler journey's) and `'ferries'`
 * (boardings by port and month, the first-screen journey's) are each one journey's own subject,
 * for a test that needs a Book of its own whatever ran before it; `'own'` is a subject drawn at
 * random for each call.
 */
export async function uniqueCsv(label: string, shape: 'rainfall' | 'stations' | 'ferries' | 'own' = 'rainfall'): Promise<string> {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-csv-')), `${label}.csv`);
  if (shape === 'own') {
    // Three words drawn from thirty name the columns: two such files share fewer subject words
    // than a Book asks of a file that joins it.
    const words = [
      'lighthouse',
      'orchard',
      'glacier',
      'harbor',
      'meadow',
      'canyon',
      'quarry',
      'vineyard',
      'observatory',
      'reservoir',
      'bakery',
      'library',
      'museum',
      'stadium',
      'aquarium',
      'temple',
      'castle',
      'tunnel',
      'bridge',
      'airport',
      'pier',
      'lagoon',
      'volcano',
      'forest',
      'island',
      'valley',
      'plateau',
      'delta',
      'ridge',
      'summit',
    ];
    const [a, b, c] = words.sort(() => Math.random() - 0.5);
    const rows = Array.from({ length: 6 }, (_, i) =>
      Array.from({ length: 10 }, (_, y) => `${a} ${i + 1},${2015 + y},${Math.round(100 + Math.random() * 5000)}`),
    ).flat();
    fs.writeFileSync(file, `${a}_name,year,${b}_${c}_count\n${rows.join('\n')}\n`);
    return file;
  }
  if (shape === 'ferries') {
    const ports = ['Kobe', 'Beppu', 'Otaru', 'Tsuruga', 'Niigata', 'Kagoshima'];
    const rows = ports.flatMap((p) => Array.from({ length: 12 }, (_, m) => `${p},${m + 1},${Math.round(2000 + Math.random() * 30000)}`));
    fs.writeFileSync(file, `port,month,ferry_boardings\n${rows.join('\n')}\n`);
    return file;
  }
  if (shape === 'stations') {
    const stations = ['Shinjuku', 'Shibuya', 'Ikebukuro', 'Umeda', 'Hakata', 'Sapporo'];
    const rows = stations.flatMap((s) => Array.from({ length: 24 }, (_, h) => `${s},${h},${Math.round(500 + Math.random() * 20000)}`));
    fs.writeFileSync(file, `station,hour,passengers\n${rows.join('\n')}\n`);
    return file;
  }
  const prefectures = ['Hokkaido', 'Aomori', 'Tokyo', 'Osaka', 'Fukuoka', 'Okinawa'];
  const rows = prefectures.flatMap((p) => Array.from({ length: 12 }, (_, m) => `${p},${m + 1},${(50 + Math.random() * 250).toFixed(1)}`));
  fs.writeFileSync(file, `prefecture,month,rainfall_mm\n${rows.join('\n')}\n`);
  return file;
}

/** Uploads a data file through the API and waits for its Book; answers the Book's id. */
export async function apiBook(
  request: APIRequestContext,
  user: SeededUser,
  title: string,
  file = SAMPLE_CSV,
  description = '',
  circle?: number,
): Promise<number> {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const upload = await request.post('/api/user/upload/', {
    headers: { ...auth(user.token), 'Accept-Language': 'ja' },
    multipart: {
      title,
      description,
      user_id: String(user.userId),
      file: { name: path.basename(file), mimeType: 'text/csv', buffer: fs.readFileSync(file) },
      ...(circle ? { communities: String(circle) } : {}),
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { id } = (await upload.json()) as { id: number };
  return bookOfUpload(request, user, id);
}

/** Waits for the Book an uploaded file becomes (the uploader's file list names it); answers its id. */
export async function bookOfUpload(request: APIRequestContext, user: SeededUser, fileId: number): Promise<number> {
  let page: number | null = null;
  await expect
    .poll(
      async () => {
        const list = (await (await request.get(`/api/user/uploadedfiles/?user_id=${user.userId}&count=0`, { headers: auth(user.token) })).json()) as Array<{
          id: number;
          page: number | null;
        }>;
        page = list.find((f) => f.id === fileId)?.page ?? null;
        return page;
      },
      { timeout: 120_000, intervals: [500, 1000, 2000] },
    )
    .not.toBeNull();
  return page as unknown as number;
}

/** Starts the browser session with a token made through the API (no log-in form round trip). */
export async function useToken(page: Page, token: string, language?: 'ja' | 'en'): Promise<void> {
  await page.addInitScript(
    ([t, l]) => {
      window.localStorage.setItem('current-token', t);
      if (l) window.localStorage.setItem('language', l);
    },
    [token, language ?? ''] as const,
  );
}
