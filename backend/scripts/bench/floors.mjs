// The floor of each bench scenario: the least any server could do for the same answer. A scenario
// names its floor with `floor: '<name>'`; the floor server (floor-server.mjs) answers the
// scenario's requests with the handler of that name, so the bench measures app and floor side by
// side and reports the ratio.
//
//   express   bare Express + helmet (the same helmet settings as the app), a fixed JSON body:
//             the floor of any Express app, for GET /healthz
//   sql       node:http + pg: the same SQL statements the app runs for the request (token lookup,
//             the list, the two pack queries, ...), the rows turned into the same JSON shape
//
// The SQL here is copied from the app (backend/src/modules/**); keep it in step when the app's
// statements change, or the ratio compares different work.
import * as crypto from 'node:crypto';

const PAGE_COLUMNS = `p.id, p.title, p.summary, p.img, p.language, p.page_price, p.goodpoint, p.badpoint,
  p.point1, p.point2, p.point3, p.point4, p.point5, p.answer, p.owner_id, p.created_on`;
const PROFILE_COLUMNS = 'p.id, p.user_id, p.nick_name, p.caption, p.description, p.birthday, p.sex, p.img, p.img_background, p.created_on';
const PAGE_SIZE = 10;

const fail = (status, detail) => Object.assign(new Error(detail), { status });

/** DRF token authentication: the same statement as TokenService.resolve. */
async function tokenUser(db, headers, required) {
  const header = headers.authorization;
  if (!header) {
    if (required) throw fail(401, 'Authentication credentials were not provided.');
    return null;
  }
  const key = header.trim().split(/\s+/)[1] ?? '';
  const { rows } = await db.query(
    `SELECT t.id AS token_id, u.id, u.email, u.language, u.is_active
       FROM auth_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.key_hash = $1`,
    [crypto.createHash('sha256').update(key.toLowerCase()).digest('hex')],
  );
  if (!rows[0] || !rows[0].is_active) throw fail(401, 'Invalid token.');
  return rows[0];
}

const media = (origin, key) => (key ? `${origin}/media/${key}` : null);

function profileJson(row, origin) {
  return {
    id: row.id,
    userId: row.user_id,
    nickName: row.nick_name,
    caption: row.caption,
    description: row.description,
    birthday: row.birthday,
    sex: row.sex,
    img: media(origin, row.img),
    imgBackground: media(origin, row.img_background),
    created_on: new Date(row.created_on).toISOString(),
  };
}

/** PagesService.pack: statistics and first files of a page of Books, two statements. */
async function packPages(db, rows, viewerId, origin) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [stats, files] = await Promise.all([
    db.query(
      `SELECT p.id,
         (SELECT count(*) FROM page_views v WHERE v.page_id = p.id AND v.viewed_on > CURRENT_DATE - 30)::int AS monthly_views,
         (SELECT count(*) FROM page_follows f JOIN profiles pr ON pr.user_id = f.user_id WHERE f.page_id = p.id AND pr.sex = '1')::int AS male,
         (SELECT count(*) FROM page_follows f JOIN profiles pr ON pr.user_id = f.user_id WHERE f.page_id = p.id AND pr.sex = '3')::int AS female,
         EXISTS (SELECT 1 FROM page_owners o WHERE o.page_id = p.id AND o.user_id = $2) AS owner,
         EXISTS (SELECT 1 FROM uploaded_files uf WHERE uf.page_id = p.id AND uf.user_id = $2 AND uf.status = 'done') AS contributor
       FROM pages p WHERE p.id = ANY($1::int[])`,
      [ids, viewerId],
    ),
    db.query(
      `SELECT * FROM (
         SELECT f.id, f.page_id, f.title, f.community_ids, f.user_id, pr.id AS profile_id, pr.img AS profile_img, pr.nick_name AS profile_nick_name,
                row_number() OVER (PARTITION BY f.page_id ORDER BY f.created_on, f.id) AS n
           FROM uploaded_files f LEFT JOIN profiles pr ON pr.user_id = f.user_id
          WHERE f.page_id = ANY($1::int[]) AND f.status = 'done') x
        WHERE n <= 3 ORDER BY page_id, n`,
      [ids],
    ),
  ]);
  const statsById = new Map(stats.rows.map((s) => [s.id, s]));
  const filesByPage = new Map();
  for (const f of files.rows) {
    const list = filesByPage.get(f.page_id) ?? [];
    list.push({
      id: f.id,
      title: f.title,
      profile: { id: f.profile_id, userId: f.user_id, img: media(origin, f.profile_img), nickName: f.profile_nick_name },
      communities: f.community_ids ?? [],
      communities_info: [],
    });
    filesByPage.set(f.page_id, list);
  }
  return rows.map((row) => {
    const s = statsById.get(row.id);
    const owned = !!(s?.owner || s?.contributor);
    const access = row.page_price === 0 || owned;
    return {
      id: row.id,
      title: row.title,
      summary: row.summary,
      img: media(origin, row.img),
      created_on: new Date(row.created_on).toISOString(),
      page_price: row.page_price,
      rating: 0,
      is_owned: owned,
      goodpoint: row.goodpoint,
      badpoint: access ? row.badpoint : '',
      point1: row.point1,
      point2: row.point2,
      point3: row.point3,
      point4: row.point4,
      point5: row.point5,
      answer: access ? row.answer : '',
      post_count: 0,
      monthly_views: s?.monthly_views ?? 0,
      gender_count: { male: s?.male ?? 0, female: s?.female ?? 0 },
      files: filesByPage.get(row.id) ?? [],
      language: row.language,
    };
  });
}

const offset = (url) => Math.max(0, Number(url.searchParams.get('count') ?? 0) || 0) * PAGE_SIZE;

/**
 * SQL floors by scenario name: (db, { url, headers, origin, searchQuery }) => JSON body.
 * `searchQuery` is the app's own word splitter (from backend/dist), as the app runs it too.
 */
export const sqlFloors = {
  async myprofile(db, { headers, origin }) {
    const user = await tokenUser(db, headers, true);
    const { rows } = await db.query(`SELECT ${PROFILE_COLUMNS} FROM profiles p WHERE p.user_id = $1 LIMIT 1`, [user.id]);
    if (!rows[0]) throw fail(404, 'Not found.');
    return profileJson(rows[0], origin);
  },
  async newprofiles(db, { headers, origin }) {
    await tokenUser(db, headers, false);
    const { rows } = await db.query(
      `SELECT ${PROFILE_COLUMNS} FROM profiles p JOIN users u ON u.id = p.user_id AND u.is_active = true
        WHERE p.nick_name <> 'default' ORDER BY p.created_on DESC, p.id DESC LIMIT 10`,
    );
    return rows.map((r) => profileJson(r, origin));
  },
  async 'profile-search'(db, { url, headers, origin, searchQuery }) {
    await tokenUser(db, headers, false);
    const q = searchQuery(url.searchParams.get('q') ?? '');
    if (!q) return [];
    const { rows } = await db.query(
      `SELECT ${PROFILE_COLUMNS} FROM profiles p JOIN users u ON u.id = p.user_id AND u.is_active = true
        WHERE p.search_vector @@ to_tsquery('simple', $1) ORDER BY p.created_on DESC, p.id DESC LIMIT 10 OFFSET ${offset(url)}`,
      [q],
    );
    return rows.map((r) => profileJson(r, origin));
  },
  async 'profile-detail'(db, { url, headers, origin }) {
    await tokenUser(db, headers, false);
    const userId = Number(url.pathname.split('/').filter(Boolean).pop());
    const { rows } = await db.query(
      `SELECT ${PROFILE_COLUMNS} FROM profiles p JOIN users u ON u.id = p.user_id AND u.is_active = true WHERE p.user_id = $1`,
      [userId],
    );
    if (!rows[0]) throw fail(404, 'Not found.');
    return profileJson(rows[0], origin);
  },
  async 'book-list'(db, { url, headers, origin }) {
    const user = await tokenUser(db, headers, false);
    const language = url.pathname.includes('pageccja') ? 'ja' : 'en';
    const { rows } = await db.query(
      `SELECT ${PAGE_COLUMNS} FROM pages p WHERE p.language = $1 ORDER BY p.created_on DESC, p.id DESC LIMIT $2 OFFSET $3`,
      [language, PAGE_SIZE, offset(url)],
    );
    return packPages(db, rows, user?.id ?? 0, origin);
  },
  async 'book-info'(db, { url, headers, origin }) {
    const user = await tokenUser(db, headers, false);
    const { rows } = await db.query(`SELECT ${PAGE_COLUMNS} FROM pages p WHERE p.id = $1`, [Number(url.searchParams.get('pageId'))]);
    const [page] = await packPages(db, rows, user?.id ?? 0, origin);
    if (!page) throw fail(404, 'Not found.');
    if (user && page.page_price === 0) page.encrypted_pageId = crypto.createHmac('sha256', 'floor').update(`${page.id}:${user.id}`).digest('base64url');
    return page;
  },
  async 'book-search'(db, { url, headers, origin, searchQuery }) {
    const user = await tokenUser(db, headers, false);
    const q = searchQuery(url.searchParams.get('query') ?? '');
    if (!q) return [];
    const { rows } = await db.query(
      `SELECT ${PAGE_COLUMNS} FROM pages p WHERE p.search_vector @@ to_tsquery('simple', $1) ORDER BY p.created_on DESC, p.id DESC LIMIT $2 OFFSET $3`,
      [q, PAGE_SIZE, offset(url)],
    );
    return packPages(db, rows, user?.id ?? 0, origin);
  },
  async 'book-tag'(db, { url, headers, origin }) {
    const user = await tokenUser(db, headers, false);
    const tagId = Number(url.pathname.split('/').filter(Boolean).at(-2));
    const { rows } = await db.query(
      `SELECT ${PAGE_COLUMNS} FROM page_attributes pa JOIN pages p ON p.id = pa.page_id
        WHERE pa.attribute_id = $1 ORDER BY pa.page_id DESC LIMIT $2 OFFSET $3`,
      [tagId, PAGE_SIZE, offset(url)],
    );
    return packPages(db, rows, user?.id ?? 0, origin);
  },
};
