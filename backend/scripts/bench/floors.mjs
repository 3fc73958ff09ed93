// The floor of each bench scenario: the least any server could do for the same answer. A scenario
// names its floor with `floor: '<name>'`; the floor server (floor-server.mjs) answers the
// scenario's requests with the handler of that name, so the bench measures app and floor side by
// side and reports the ratio.
//
//   express   bare Express + helmet (the same helmet settings as the app), a fixed JSON body:
//             the floor of any Express app, for GET /healthz
//   sql       node:http + pg: the same SQL statements the app runs for the request (token lookup,
//             the list, the pack queries, ...), the rows turned into the same JSON shape
//
// The profile floors' SQL is copied from the app (backend/src/modules/**): keep it in step when
// the app's statements change, or the ratio compares different work. The Book floors call the
// app's own BooksService (built in floor-server.mjs from backend/dist), so they cannot drift.
import * as crypto from 'node:crypto';

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

const pageOf = (url) => {
  const index = Math.max(0, Number(url.searchParams.get('count') ?? 0) || 0);
  return { index, offset: index * PAGE_SIZE, limit: PAGE_SIZE };
};
/** The app's AuthUser of a token row (undefined for a visitor). */
const viewerOf = (row) => (row ? { id: row.id, email: row.email, language: row.language, tokenId: row.token_id } : undefined);

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
  // The Book floors run the app's own BooksService and BookPacker (from backend/dist) over the
  // bare pool: the same statements and the same packing, without the framework around them.
  async 'book-list'(db, { url, headers, books }) {
    const user = await tokenUser(db, headers, false);
    return books.byLanguage(url.pathname.includes('pageccja') ? 'ja' : 'en', pageOf(url), viewerOf(user));
  },
  async 'book-info'(db, { url, headers, books }) {
    const user = await tokenUser(db, headers, false);
    return books.info(Number(url.searchParams.get('pageId')), viewerOf(user));
  },
  async 'book-search'(db, { url, headers, books }) {
    const user = await tokenUser(db, headers, false);
    return books.search(url.searchParams.get('query') ?? '', pageOf(url), viewerOf(user));
  },
  async 'book-tag'(db, { url, headers, books }) {
    const user = await tokenUser(db, headers, false);
    return books.byAttribute(Number(url.pathname.split('/').filter(Boolean).at(-2)), pageOf(url), viewerOf(user));
  },
};
