// The kinds of people who read a home feed (issue 43), shaped among the bench users who hold
// tokens, so that the home feed is measured for each kind beside its expert floor:
//
//   popular   follow the 5 most-followed accounts (the loader has the first 12,000 users follow
//             them; the popular accounts themselves are left out), as most people on a social site
//   many      follow 500 more people (about 520 in all, the popular accounts among them)
//   books     follow 50 Books
//   newcomer  follow nobody and no Book (their own few posts only)
//
// Applied once to a loaded database (a database holding an earlier run's data is already shaped;
// running it again changes nothing). The follow counters and Book follower counters are kept as
// the app keeps them. Returns the tokens of each kind (`tokens` in the bench users' order).

const SHAPES = { popular: [5, 55], many: [-10], books: [-20, -10], newcomer: [-30, -20] };
const MANY = 500;
const BOOKS = 50;

/** The token indexes of each kind (slices of the bench users, ordered by user id). */
export function homeKinds(list) {
  return Object.fromEntries(Object.entries(SHAPES).map(([kind, [from, to]]) => [kind, list.slice(from, to)]));
}

/** Shapes the users (`owners`: user ids in the tokens' order) and answers { kind: tokens }. */
export async function shapeHomeUsers(sql, owners, tokens) {
  if (owners.length < 100) return null; // a tiny run: no room for the kinds
  const kinds = homeKinds(owners);
  const one = async (text, params) => (await sql.query(text, params)).rows[0];
  const shaped = await one(`SELECT count(*)::int AS n FROM page_follows WHERE user_id = $1`, [kinds.books[0]]);
  if (shaped.n < BOOKS) {
    const { min_id: minId, n } = await one(`SELECT min(id)::int AS min_id, (max(id) - min(id) + 1)::int AS n FROM users`);
    const { min_page: minPage, pages } = await one(`SELECT min(id)::int AS min_page, (max(id) - min(id) + 1)::int AS pages FROM pages`);
    await sql.query('BEGIN');
    try {
      // The newcomers: no follows at all (their Book follows counted off their Books).
      await sql.query(`DELETE FROM follow_requests WHERE ask_from = ANY($1::int[])`, [kinds.newcomer]);
      await sql.query(`DELETE FROM page_follows WHERE user_id = ANY($1::int[])`, [kinds.newcomer]);
      // 500 more people each (approved), spread over everyone by a multiplicative hash.
      await sql.query(
        `INSERT INTO follow_requests (ask_from, ask_to, approved)
         SELECT a, b, true FROM (SELECT a, $2 + ((a::bigint * 2246822519 + g * 104729) % $3)::int AS b
                                   FROM unnest($1::int[]) a, generate_series(1, $4::int) g) x WHERE a <> b
         ON CONFLICT (ask_from, ask_to) DO UPDATE SET approved = true`,
        [kinds.many, minId, n, MANY],
      );
      // 50 Books each.
      await sql.query(
        `INSERT INTO page_follows (user_id, page_id, follower_sex)
         SELECT a, $2 + ((a::bigint * 3266489917 + g * 7919) % $3)::int, coalesce((SELECT pr.sex FROM profiles pr WHERE pr.user_id = a), '0')
           FROM unnest($1::int[]) a, generate_series(1, $4::int) g
         ON CONFLICT (user_id, page_id) DO NOTHING`,
        [kinds.books, minPage, pages, BOOKS],
      );
      // The counters, from the rows (as the app keeps them).
      await sql.query(`DELETE FROM follow_counts`);
      await sql.query(
        `INSERT INTO follow_counts (user_id, following_count, followed_count)
         SELECT u, sum(following)::int, sum(followed)::int FROM (
           SELECT ask_from AS u, 1 AS following, 0 AS followed FROM follow_requests WHERE approved AND NOT hidden
           UNION ALL SELECT ask_to, 0, 1 FROM follow_requests WHERE approved AND NOT hidden) x GROUP BY u`,
      );
      await sql.query(`DELETE FROM page_follower_counts`);
      await sql.query(
        `INSERT INTO page_follower_counts (page_id, male, female)
         SELECT page_id, count(*) FILTER (WHERE follower_sex = '1'), count(*) FILTER (WHERE follower_sex = '3')
           FROM page_follows WHERE follower_sex IN ('1', '3') AND NOT hidden GROUP BY page_id`,
      );
      await sql.query('COMMIT');
    } catch (err) {
      await sql.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
    await sql.query('VACUUM ANALYZE follow_requests');
    await sql.query('VACUUM ANALYZE page_follows');
    await sql.query('VACUUM ANALYZE follow_counts');
    await sql.query('VACUUM ANALYZE page_follower_counts');
  }
  return homeKinds(tokens);
}
