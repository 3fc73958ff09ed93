// Bench data: users with profiles whose nicknames and captions look like the real site's
// (about two thirds Japanese, one third English), written with multi-row INSERTs.
import * as crypto from 'node:crypto';

/** Small deterministic PRNG (mulberry32), so runs with the same --seed load the same data. */
export function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return { next, int, pick: (list) => list[int(list.length)], chance: (p) => next() < p };
}

const JA_FAMILY = [
  '佐藤',
  '鈴木',
  '高橋',
  '田中',
  '伊藤',
  '渡辺',
  '山本',
  '中村',
  '小林',
  '加藤',
  '吉田',
  '山田',
  '佐々木',
  '山口',
  '松本',
  '井上',
  '木村',
  '林',
  '斎藤',
  '清水',
];
const JA_GIVEN = [
  '花子',
  '太郎',
  '健',
  '美咲',
  '翔太',
  '陽菜',
  '大輔',
  '結衣',
  '拓海',
  '優子',
  '直樹',
  '愛',
  '蓮',
  '真由美',
  '誠',
  '彩',
  '悠斗',
  '由美',
  '浩二',
  'さくら',
];
const JA_HANDLES = [
  'たろう',
  'はなこ',
  'けんちゃん',
  'みさき',
  'ゆうき',
  'あおい',
  'そら',
  'データ好き',
  'ケンジ',
  'ユミ',
  'タク',
  'ミホ',
  '統計おじさん',
  'グラフ職人',
  '地図マニア',
  'ねこ好き',
  'ランナー',
  '気象オタク',
];
const JA_TOPICS = [
  '人口',
  '気象',
  '健康保険',
  '交通',
  '住宅',
  '観光',
  '教育',
  '選挙',
  '農業',
  '漁業',
  '電力',
  '財政',
  '医療',
  '地価',
  '賃金',
  '物価',
  '雇用',
  'スポーツ',
  '鉄道',
  'マラソン',
];
const JA_PLACES = ['東京', '大阪', '北海道', '沖縄', '京都', '福岡', '名古屋', '横浜', '全国', '都道府県'];
const JA_CAPTIONS = [
  (t, t2, p) => `${p}の${t}データを集めています`,
  (t, t2) => `${t}と${t2}の統計が好きです`,
  (t, t2, p) => `${p}在住。${t}のオープンデータを公開中`,
  (t) => `毎日${t}を記録しています`,
  (t) => `${t}の研究をしています`,
  (t) => `${t}データの可視化に興味があります`,
  (t, t2, p) => `${p}の${t}をグラフにしています`,
  () => '',
];
const JA_DESCRIPTIONS = [
  (t, t2, p) => `${p}の${t}に関する資料を10年分まとめています。${t2}のデータも少しずつ追加中です。`,
  (t) => `仕事で${t}の分析をしています。元データはなるべく公開します。`,
  (t, t2) => `${t}と${t2}の関係を調べるのが趣味です。`,
  () => '',
];

const EN_FIRST = [
  'Emily',
  'Ken',
  'Olivia',
  'James',
  'Sophie',
  'Daniel',
  'Mia',
  'Lucas',
  'Hannah',
  'Noah',
  'Grace',
  'Ryan',
  'Chloe',
  'Ethan',
  'Zoe',
  'Liam',
  'Aiko',
  'Yuki',
  'Sam',
  'Alex',
];
const EN_LAST = ['Sato', 'Smith', 'Brown', 'Tanaka', 'Wilson', 'Taylor', 'Clark', 'Lee', 'Walker', 'Young', 'Hall', 'King', 'Wright', 'Green', 'Baker'];
const EN_HANDLES = ['data_nerd', 'openmaps', 'statsfan', 'chartlover', 'geo_kate', 'runner_jp', 'csv_wrangler', 'civic_hacker', 'weather_watch', 'rail_fan'];
const EN_TOPICS = [
  'population',
  'weather',
  'housing',
  'transport',
  'health insurance',
  'elections',
  'energy',
  'tourism',
  'education',
  'crime',
  'sports',
  'marathon',
  'football',
  'climate',
  'agriculture',
  'wages',
  'prices',
];
const EN_PLACES = ['Tokyo', 'Osaka', 'London', 'New York', 'Kyoto', 'Berlin', 'Sydney', 'Sapporo', 'Fukuoka'];
const EN_CAPTIONS = [
  (t, t2, p) => `Open data for better ${p}`,
  (t, t2, p) => `${cap(t)} stats from ${p}`,
  (t) => `I collect ${t} datasets`,
  (t, t2) => `${cap(t)} and ${t2} nerd`,
  (t) => `Data journalist covering ${t}`,
  (t, t2, p, y) => `Visualising ${t} data since ${y}`,
  (t, t2, p) => `${cap(t)} logs, ${p}`,
  () => '',
];
const EN_DESCRIPTIONS = [
  (t, t2, p) => `I publish ${t} and ${t2} datasets about ${p} from public sources.`,
  (t) => `Spreadsheets, maps and charts about ${t}. Corrections welcome.`,
  () => '',
];

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const clip = (s, n) => [...s].slice(0, n).join('');

function nickname(r, ja) {
  if (ja) {
    switch (r.int(4)) {
      case 0:
        return `${r.pick(JA_FAMILY)}${r.pick(JA_GIVEN)}`;
      case 1:
        return r.pick(JA_GIVEN);
      case 2:
        return r.pick(JA_HANDLES);
      default:
        return `${r.pick(JA_HANDLES)}${r.int(100)}`;
    }
  }
  switch (r.int(4)) {
    case 0:
      return `${r.pick(EN_FIRST)} ${r.pick(EN_LAST)}`;
    case 1:
      return r.pick(EN_FIRST);
    case 2:
      return r.pick(EN_HANDLES);
    default:
      return `${r.pick(EN_FIRST).toLowerCase()}${r.int(1000)}`;
  }
}

function texts(r, ja) {
  const topics = ja ? JA_TOPICS : EN_TOPICS;
  const t = r.pick(topics);
  let t2 = r.pick(topics);
  if (t2 === t) t2 = topics[(topics.indexOf(t) + 1) % topics.length];
  const p = r.pick(ja ? JA_PLACES : EN_PLACES);
  const y = 2005 + r.int(20);
  const caption = r.pick(ja ? JA_CAPTIONS : EN_CAPTIONS)(t, t2, p, y);
  const description = r.pick(ja ? JA_DESCRIPTIONS : EN_DESCRIPTIONS)(t, t2, p, y);
  return { caption: clip(caption, 100), description };
}

const DAY = 24 * 60 * 60 * 1000;
const pad = (n) => String(n).padStart(2, '0');

/**
 * Generates `count` users. 95 % have a profile, 1 % asked for deletion (inactive, profile
 * hidden), the rest are ordinary active accounts; sign-ups are spread over three years.
 */
export function* generateUsers(count, r, now = Date.now()) {
  for (let i = 0; i < count; i++) {
    const ja = r.chance(0.65);
    const joined = new Date(now - r.next() * 3 * 365 * DAY);
    const inactive = r.chance(0.01);
    const user = {
      email: `bench${i}.${crypto.randomBytes(3).toString('hex')}@example.test`,
      language: ja ? 'ja' : 'en',
      isActive: !inactive,
      dateJoined: joined,
      deletionRequestedAt: inactive ? new Date(now - r.next() * 10 * DAY) : null,
      profile: null,
    };
    if (r.chance(0.95)) {
      const year = 1950 + r.int(58);
      const { caption, description } = texts(r, ja);
      user.profile = {
        nickName: clip(nickname(r, ja), 20),
        caption,
        description,
        birthday: r.chance(0.7) ? `${year}-${pad(1 + r.int(12))}-${pad(1 + r.int(28))}` : null,
        sex: r.pick(['0', '0', '1', '3', '4']),
        createdOn: new Date(joined.getTime() + r.next() * 2 * DAY),
      };
    }
    yield user;
  }
}

/** `INSERT INTO table (cols) VALUES (...), (...) [RETURNING ...]` for `rows` (arrays of values). */
async function insertRows(sql, table, columns, rows, returning) {
  const params = [];
  const tuples = rows.map((row) => `(${row.map((value) => (params.push(value), `$${params.length}`)).join(', ')})`);
  const text = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}${returning ? ` RETURNING ${returning}` : ''}`;
  return (await sql.query(text, params)).rows;
}

export const sha256 = (value) => crypto.createHash('sha256').update(value).digest('hex');

/**
 * Inserts the users and profiles in one transaction, in batches of `batchSize`, and issues
 * auth tokens (40 hex characters, stored as their SHA-256) for up to `tokenCount` active users
 * that have a profile. Returns what the scenarios need.
 */
export async function loadData(sql, { users, seed, batchSize = 500, tokenCount = 200, passwordHash, searchDocument, onProgress = () => {} }) {
  const r = random(seed);
  const empty = await sql.query('SELECT count(*)::int AS n FROM users');
  if (empty.rows[0].n !== 0) throw new Error('the bench database is not empty');
  const out = { users: 0, profiles: 0, inactive: 0, tokens: [], tokenOwners: [], userIdsWithProfile: [], profileIds: [] };
  const tokenOwners = out.tokenOwners; // the users holding tokens[i]
  await sql.query('BEGIN');
  try {
    let batch = [];
    const flush = async () => {
      if (!batch.length) return;
      const ids = await insertRows(
        sql,
        'users',
        ['email', 'password_hash', 'is_active', 'email_verified', 'language', 'date_joined', 'deletion_requested_at'],
        batch.map((u) => [u.email, passwordHash, u.isActive, true, u.language, u.dateJoined, u.deletionRequestedAt]),
        'id',
      );
      const profiles = [];
      batch.forEach((u, i) => {
        const id = ids[i].id;
        if (!u.isActive) out.inactive++;
        if (!u.profile) return;
        const p = u.profile;
        profiles.push([id, p.nickName, p.caption, p.description, p.birthday, p.sex, p.createdOn, searchDocument(p.nickName, p.caption)]);
        if (u.isActive) {
          out.userIdsWithProfile.push(id);
          if (tokenOwners.length < tokenCount) tokenOwners.push(id);
        }
      });
      if (profiles.length) {
        const rows = await insertRows(
          sql,
          'profiles',
          ['user_id', 'nick_name', 'caption', 'description', 'birthday', 'sex', 'created_on', 'search_text'],
          profiles,
          'id',
        );
        for (const row of rows) out.profileIds.push(row.id);
      }
      out.users += batch.length;
      out.profiles += profiles.length;
      batch = [];
      onProgress(out.users);
    };
    for (const user of generateUsers(users, r)) {
      batch.push(user);
      if (batch.length >= batchSize) await flush();
    }
    await flush();
    const tokenRows = tokenOwners.map((userId) => {
      const key = crypto.randomBytes(20).toString('hex');
      out.tokens.push(key);
      return [userId, sha256(key)];
    });
    for (let i = 0; i < tokenRows.length; i += batchSize) {
      await insertRows(sql, 'auth_tokens', ['user_id', 'key_hash'], tokenRows.slice(i, i + batchSize));
    }
    await sql.query('COMMIT');
  } catch (err) {
    await sql.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
  // Fresh statistics, as autovacuum would have after a while in production.
  await sql.query('VACUUM ANALYZE users');
  await sql.query('VACUUM ANALYZE profiles');
  await sql.query('VACUUM ANALYZE auth_tokens');
  return out;
}
