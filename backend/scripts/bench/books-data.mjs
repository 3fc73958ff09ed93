// Bench data for Books: pages with tags, one done upload each, followers and a window of views.
import { random } from './data.mjs';

const JA_SUBJECTS = [
  '都道府県別 健康保険料率',
  '東京の毎日の天気',
  '人口の推移',
  '市区町村別 地価',
  '鉄道の乗車人数',
  'マラソン大会の記録',
  '電力の使用量',
  '観光客数の推移',
  '学校の児童数',
  '物価指数',
];
const EN_SUBJECTS = [
  'World city populations',
  'Daily weather in London',
  'Housing prices by district',
  'Marathon results',
  'Energy use by country',
  'Tourism statistics',
  'School enrolment',
  'Consumer price index',
  'Rail ridership',
  'Election turnout',
];
const JA_WORDS = ['保険', '人口', '気象', '地価', '鉄道', '電力', '観光', '教育', '物価', '健康'];
const EN_WORDS = ['population', 'weather', 'housing', 'marathon', 'energy', 'tourism', 'school', 'prices', 'rail', 'election'];

async function insertRows(sql, table, columns, rows, returning) {
  const params = [];
  const tuples = rows.map((row) => `(${row.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`);
  return (await sql.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}${returning ? ` RETURNING ${returning}` : ''}`, params))
    .rows;
}

/**
 * Inserts `books` Books owned by random users with profiles (2/3 Japanese), 1–3 tags each, one
 * done upload each, a few followers, and `views` view rows spread over the last 30 days.
 */
export async function loadBooks(sql, { books, views, seed, userIds, searchDocument, batchSize = 400 }) {
  const r = random(seed + 7);
  const tags = (await sql.query('SELECT id, language FROM attributes')).rows;
  const tagsOf = { ja: tags.filter((t) => t.language === 'ja').map((t) => t.id), en: tags.filter((t) => t.language === 'en').map((t) => t.id) };
  const out = { books: 0, views: 0, pageIds: [], tagIds: [...tagsOf.ja.slice(0, 10), ...tagsOf.en.slice(0, 10)] };
  await sql.query('BEGIN');
  try {
    for (let start = 0; start < books; start += batchSize) {
      const rows = [];
      const meta = [];
      for (let i = start; i < Math.min(books, start + batchSize); i++) {
        const ja = r.chance(0.66);
        const subject = r.pick(ja ? JA_SUBJECTS : EN_SUBJECTS);
        const word = r.pick(ja ? JA_WORDS : EN_WORDS);
        const title = `${subject} ${2000 + r.int(26)}`;
        const summary = ja
          ? `${word}に関する${10 + r.int(990)}行の表。主な列: 地域, 年, 値。`
          : `A table of ${10 + r.int(990)} rows about ${word}. Main columns: region, year, value.`;
        const owner = r.pick(userIds);
        const created = new Date(Date.now() - r.next() * 400 * 24 * 3600 * 1000);
        rows.push([
          title,
          summary,
          ja ? 'ja' : 'en',
          r.chance(0.2) ? 800 : 0,
          `${word}`,
          `${word}`,
          `${word} 1`,
          `${word} 2`,
          '',
          '',
          '',
          owner,
          created,
          searchDocument(title, summary, word),
        ]);
        meta.push({ ja, owner, created });
      }
      const ids = await insertRows(
        sql,
        'pages',
        [
          'title',
          'summary',
          'language',
          'page_price',
          'goodpoint',
          'badpoint',
          'point1',
          'point2',
          'point3',
          'point4',
          'point5',
          'owner_id',
          'created_on',
          'search_text',
        ],
        rows,
        'id',
      );
      const tagRows = [];
      const fileRows = [];
      const followRows = [];
      ids.forEach(({ id }, k) => {
        out.pageIds.push(id);
        const pool = meta[k].ja ? tagsOf.ja : tagsOf.en;
        const chosen = new Set(Array.from({ length: 1 + r.int(3) }, () => pool[r.int(Math.min(pool.length, 15))]));
        for (const tag of chosen) tagRows.push([id, tag]);
        fileRows.push([meta[k].owner, id, 'data', 'data.csv', `files/${meta[k].owner}/bench-${id}`, 'text/csv', 'csv', 1000, 'done', meta[k].created]);
        const followers = new Set(Array.from({ length: r.int(4) }, () => r.pick(userIds)));
        for (const f of followers) followRows.push([f, id]);
      });
      await insertRows(sql, 'page_attributes', ['page_id', 'attribute_id'], tagRows);
      await insertRows(
        sql,
        'uploaded_files',
        ['user_id', 'page_id', 'title', 'file_name', 'storage_key', 'mime_type', 'kind', 'size_bytes', 'status', 'created_on'],
        fileRows,
      );
      if (followRows.length)
        await sql.query(`INSERT INTO page_follows (user_id, page_id) SELECT * FROM unnest($1::int[], $2::int[]) ON CONFLICT DO NOTHING`, [
          followRows.map((f) => f[0]),
          followRows.map((f) => f[1]),
        ]);
      out.books += ids.length;
    }
    // The Books' record of their files and their contributors as owners, as the upload pipeline
    // leaves them (BooksService.attachFile): the Book packer shows the first files of each Book.
    await sql.query(
      `INSERT INTO book_files (file_id, page_id, user_id, title, created_on)
       SELECT id, page_id, user_id, title, created_on FROM uploaded_files WHERE page_id IS NOT NULL AND status = 'done'
       ON CONFLICT DO NOTHING`,
    );
    await sql.query(
      `INSERT INTO page_owners (user_id, page_id, source, created_on)
       SELECT user_id, page_id, 'contributor', min(created_on) FROM uploaded_files WHERE page_id IS NOT NULL AND status = 'done' GROUP BY user_id, page_id
       ON CONFLICT (user_id, page_id) DO NOTHING`,
    );
    // Views: distinct (page, day, viewer) rows, skewed towards a few popular Books.
    const popular = out.pageIds.slice(0, Math.max(1, Math.floor(out.pageIds.length / 20)));
    for (let done = 0; done < views; done += 5000) {
      const n = Math.min(5000, views - done);
      const pages = [];
      const days = [];
      const viewers = [];
      for (let i = 0; i < n; i++) {
        pages.push(r.chance(0.5) ? r.pick(popular) : r.pick(out.pageIds));
        days.push(r.int(30));
        viewers.push(`u:${done + i}`);
      }
      const res = await sql.query(
        `INSERT INTO page_views (page_id, viewed_on, viewer) SELECT p, CURRENT_DATE - d, v FROM unnest($1::int[], $2::int[], $3::text[]) AS t(p, d, v) ON CONFLICT DO NOTHING`,
        [pages, days, viewers],
      );
      out.views += res.rowCount ?? 0;
    }
    // The stored counters the app keeps in the acting transaction, filled as the migration fills them.
    await sql.query(`DELETE FROM page_follower_counts`);
    await sql.query(
      `INSERT INTO page_follower_counts (page_id, male, female)
       SELECT page_id, count(*) FILTER (WHERE follower_sex = '1'), count(*) FILTER (WHERE follower_sex = '3')
         FROM page_follows WHERE follower_sex IN ('1', '3') GROUP BY page_id`,
    );
    await sql.query(`DELETE FROM page_view_days`);
    await sql.query(`INSERT INTO page_view_days (page_id, day, views) SELECT page_id, viewed_on, count(*) FROM page_views GROUP BY page_id, viewed_on`);
    await sql.query('COMMIT');
  } catch (err) {
    await sql.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
  for (const table of ['pages', 'page_attributes', 'uploaded_files', 'page_follows', 'page_views', 'page_follower_counts', 'page_view_days'])
    await sql.query(`VACUUM ANALYZE ${table}`);
  return out;
}

export const BOOK_WORDS = { ja: JA_WORDS, en: EN_WORDS };
