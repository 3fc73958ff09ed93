// notifications/unread/ and notifications/all/ beside their floor, with a large notifications
// table (bench-notifications.mjs, part `lists`).
//
// The data (one generate_series statement per table): --users users with profiles, a post each
// and a comment on each post, 1,000 Books, and --notifications notifications spread evenly over
// the users, newest last: post_liked (the recipient's post), post_commented (its comment),
// user_followed, data_book_followed (a Book). A user's older notifications are read, the newest
// tenth (and 3 % of the others) unread: about 13 % unread in all.
//
// The floor: a bare node:http server answering the same JSON from ONE hand-written statement
// per request (the token lookup included, the JSON built by PostgreSQL), sent as the text the
// database returns. Its answers are checked equal (deep, parsed) to the app's for a sample of
// users and pages before anything is measured.
import { spawn } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as http from 'node:http';
import * as path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { backendDir } from './common.mjs';

const media = (column) => `CASE WHEN coalesce(${column}, '') = '' THEN NULL ELSE $2::text || '/media/' || ${column} END`;
const iso = (column) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** $1 key_hash, $2 media origin, $3 limit, $4 offset; `unread` selects the unread list with its total. */
function floorSql(unread) {
  const where = unread ? 'AND NOT n.read' : '';
  const item = `json_build_object(
      'id', n.id, 'type', n.type, 'read', n.read, 'created_on', ${iso('n.created_on')},
      'post', n.post_id, 'comment', n.comment_id, 'page', n.page_id, 'community', n.community_id,
      'relatedUser', (SELECT json_build_object('id', pr.id, 'userId', pr.user_id, 'nickName', pr.nick_name, 'img', ${media('pr.img')})
                        FROM profiles pr WHERE pr.user_id = n.actor_id AND pr.active),
      'preview', CASE WHEN n.type = 'post_commented' THEN c.text WHEN n.post_id IS NOT NULL THEN p.text ELSE b.title END,
      'target_gone', (n.post_id IS NOT NULL AND p.id IS NULL) OR (n.page_id IS NOT NULL AND b.id IS NULL))`;
  const rows = `(SELECT n.* FROM notifications n WHERE n.recipient_id = (SELECT id FROM viewer) ${where} ORDER BY n.id DESC LIMIT $3 OFFSET $4) n
      LEFT JOIN posts p ON p.id = n.post_id AND NOT p.hidden
      LEFT JOIN post_comments c ON c.id = n.comment_id AND NOT c.hidden
      LEFT JOIN pages b ON b.id = n.page_id`;
  const list = `coalesce((SELECT json_agg(${item} ORDER BY n.id DESC) FROM ${rows}), '[]'::json)`;
  return `WITH viewer AS (SELECT u.id FROM auth_tokens t JOIN users u ON u.id = t.user_id WHERE t.key_hash = $1 AND u.is_active)
    SELECT (SELECT id FROM viewer) AS viewer, ${
      unread
        ? `json_build_object('total_unread_count', (SELECT count(*)::int FROM notifications x WHERE x.recipient_id = (SELECT id FROM viewer) AND NOT x.read), 'notifications', ${list})`
        : list
    }::text AS body`;
}
export const FLOOR_SQL = { unread: floorSql(true), all: floorSql(false) };

/** Seeds the lists' data through `db` (query(text, params) → rows). Answers { users, tokenOf(i) }. */
export async function seedLists(db, { users, notifications }) {
  const tag = crypto.randomBytes(3).toString('hex');
  const ids = (
    await db.query(
      `INSERT INTO users (email, email_verified, language) SELECT 'n' || $1 || '-' || g || '@bench.test', true, 'ja' FROM generate_series(1, $2::int) g RETURNING id`,
      [tag, users],
    )
  ).map((r) => r.id);
  await db.query(`INSERT INTO profiles (user_id, nick_name) SELECT id, 'user ' || id FROM unnest($1::int[]) AS id`, [ids]);
  const posts = (
    await db.query(
      `INSERT INTO posts (user_id, text) SELECT id, 'A post by user ' || id FROM unnest($1::int[]) WITH ORDINALITY AS u(id, k) ORDER BY k RETURNING id`,
      [ids],
    )
  ).map((r) => r.id);
  const comments = (
    await db.query(
      `INSERT INTO post_comments (post_id, user_id, text) SELECT p, ($2::int[])[1 + (k % cardinality($2::int[]))], 'A comment on post ' || p FROM unnest($1::int[]) WITH ORDINALITY AS x(p, k) ORDER BY k RETURNING id`,
      [posts, ids],
    )
  ).map((r) => r.id);
  const books = (
    await db.query(`INSERT INTO pages (title, owner_id) SELECT 'Book number ' || g, $1 FROM generate_series(1, 1000) g RETURNING id`, [ids[0]])
  ).map((r) => r.id);
  const perUser = Math.ceil(notifications / users);
  // g = k * users + r: the k-th notification of user r (k grows with time).
  await db.query(
    `INSERT INTO notifications (recipient_id, type, actor_id, object_id, post_id, comment_id, page_id, read, created_on)
     SELECT ($1::int[])[1 + r], t.type, ($1::int[])[(1 + (r + 1 + (g::bigint * 7919) % ($4::int - 1)) % $4::int)::int], g,
            CASE WHEN t.type IN ('post_liked', 'post_commented') THEN ($2::int[])[1 + r] END,
            CASE WHEN t.type = 'post_commented' THEN ($3::int[])[1 + r] END,
            CASE WHEN t.type = 'data_book_followed' THEN ($5::int[])[1 + g % cardinality($5::int[])] END,
            NOT (k >= $6::int * 0.9 OR (g::bigint * 2654435761) % 100 < 3),
            now() - ($7::int - g) * interval '1 second'
       FROM generate_series(0, $7::int - 1) g
      CROSS JOIN LATERAL (SELECT g % $4::int AS r, g / $4::int AS k) rk
      CROSS JOIN LATERAL (SELECT (ARRAY['post_liked', 'post_commented', 'user_followed', 'data_book_followed'])[1 + (g / 3) % 4] AS type) t`,
    [ids, posts, comments, users, books, perUser, notifications],
  );
  // As autovacuum leaves a table that has settled (statistics, the visibility map for index-only counts).
  await db.query(`VACUUM ANALYZE notifications`);
  await db.query(`ANALYZE`);
  const [{ unread }] = await db.query(`SELECT count(*)::int AS unread FROM notifications WHERE NOT read`);
  return { ids, unread };
}

/** The floor server: one statement per request through `query(text, params)` → rows. */
export async function startFloor(query, headers) {
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://floor');
      const key = /^Token ([0-9a-f]{40})$/i.exec(req.headers.authorization ?? '')?.[1];
      const keyHash = key ? crypto.createHash('sha256').update(key.toLowerCase()).digest('hex') : null;
      const unread = url.pathname === '/api/user/notifications/unread/';
      if (!unread && url.pathname !== '/api/user/notifications/all/') return void res.writeHead(404).end();
      const page = Math.max(0, Number(url.searchParams.get('count') ?? 0) | 0);
      const [row] = await query(unread ? FLOOR_SQL.unread : FLOOR_SQL.all, [keyHash, 'http://bench.test', unread ? 50 : 10, unread ? 0 : page * 10]);
      if (!row?.viewer) return void res.writeHead(401, headers).end('{"detail":"Invalid token."}');
      res.writeHead(200, headers).end(row.body);
    } catch (err) {
      console.error(err);
      res.writeHead(500).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${server.address().port}` };
}

/** The first differences between the app's and the floor's answers for the given tokens, pages 0 to 2. */
export async function compareAnswers(appUrl, floorUrl, tokens) {
  const problems = [];
  for (const token of tokens) {
    for (const p of [
      '/api/user/notifications/unread/',
      '/api/user/notifications/all/?count=0',
      '/api/user/notifications/all/?count=1',
      '/api/user/notifications/all/?count=2',
    ]) {
      const get = async (base) => {
        const res = await fetch(`${base}${p}`, { headers: { authorization: `Token ${token}` } });
        return { status: res.status, json: await res.json() };
      };
      const [a, f] = [await get(appUrl), await get(floorUrl)];
      if (a.status !== 200 || !isDeepStrictEqual(a, f))
        problems.push(`${p}: app ${a.status} ${JSON.stringify(a.json).slice(0, 300)}\n  floor ${f.status} ${JSON.stringify(f.json).slice(0, 300)}`);
    }
  }
  return problems;
}

/** One autocannon run from a child process (load-child.mjs). */
export function loadFromChild({ url, paths, tokens, connections, duration }) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(backendDir, 'scripts/bench/load-child.mjs'), JSON.stringify({ url, paths, tokens, connections, duration })],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1))) : reject(new Error(`load child exited ${code}`))));
  });
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Rounds of one target's runs into one row: req/s over all rounds, p50/p99 the median of the rounds'. */
export function combine(runs) {
  const requests = runs.reduce((a, r) => a + r.requests, 0);
  const seconds = runs.reduce((a, r) => a + r.seconds, 0);
  const statuses = {};
  for (const r of runs) for (const [code, n] of Object.entries(r.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  return {
    rps: requests / seconds,
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    requests,
    statuses,
    errors: runs.reduce((a, r) => a + r.errors, 0),
  };
}
