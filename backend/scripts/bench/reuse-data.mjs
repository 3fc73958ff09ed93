// A bench data set loaded once and measured many times (`npm run bench -- --database NAME`): what
// the scenarios need, read back from a database an earlier run of the same command loaded.
import * as crypto from 'node:crypto';
import { sha256 } from './data.mjs';

/**
 * The bench users keep their accounts; their tokens (stored as SHA-256 only) are issued anew, the
 * same users holding them, so each connection is again a member of the bench circle.
 */
export async function reuseData(sql) {
  const one = async (text, params) => (await sql.query(text, params)).rows[0];
  const ints = async (text, params) => (await sql.query(text, params)).rows.map((r) => r.id);
  const owners = await ints(`SELECT DISTINCT user_id AS id FROM auth_tokens ORDER BY user_id`);
  if (!owners.length) throw new Error('the database holds no bench tokens: it was not loaded by the bench');
  const tokens = owners.map(() => crypto.randomBytes(20).toString('hex'));
  await sql.query('BEGIN');
  await sql.query(`DELETE FROM auth_tokens WHERE user_id = ANY($1::int[])`, [owners]);
  await sql.query(`INSERT INTO auth_tokens (user_id, key_hash) SELECT * FROM unnest($1::int[], $2::text[])`, [owners, tokens.map(sha256)]);
  await sql.query('COMMIT');
  const counts = await one(
    `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM profiles)::int AS profiles,
            (SELECT count(*) FROM users WHERE NOT is_active)::int AS inactive, (SELECT count(*) FROM pages)::int AS books,
            (SELECT count(*) FROM page_views)::int AS views, (SELECT count(*) FROM posts)::int AS posts,
            (SELECT count(*) FROM follow_requests WHERE approved)::int AS follows, (SELECT max(followed_count) FROM follow_counts)::int AS max_followers,
            (SELECT count(*) FROM post_likes)::int AS likes, (SELECT min(id) FROM users)::int AS min_id`,
  );
  const tags = (await sql.query('SELECT id, language FROM attributes ORDER BY id')).rows;
  const circle = await one(`SELECT id, member_count, post_count FROM circles WHERE title = 'Bench circle' ORDER BY id LIMIT 1`);
  return {
    users: counts.users,
    profiles: counts.profiles,
    inactive: counts.inactive,
    tokens,
    tokenOwners: owners,
    userIdsWithProfile: await ints(`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.is_active ORDER BY u.id`),
    profileIds: await ints(`SELECT id FROM profiles ORDER BY id`),
    books: counts.books,
    views: counts.views,
    pageIds: await ints(`SELECT id FROM pages ORDER BY id`),
    tagIds: [...tags.filter((t) => t.language === 'ja').slice(0, 10), ...tags.filter((t) => t.language === 'en').slice(0, 10)].map((t) => t.id),
    ...(counts.posts
      ? {
          posts: counts.posts,
          follows: counts.follows,
          maxFollowers: counts.max_followers,
          likes: counts.likes,
          famousUserIds: Array.from({ length: 5 }, (_, i) => counts.min_id + i),
          posters: (await sql.query('SELECT user_id FROM post_counts ORDER BY user_id DESC LIMIT 45')).rows.map((r) => r.user_id),
          ...(circle ? { circleId: circle.id, circleMembers: circle.member_count, circlePosts: circle.post_count } : {}),
        }
      : {}),
  };
}
