// Bench data for the social core, made set-based in the database (fast at a million rows): a
// follow graph (each user follows `follows` others; the first `famous` users are followed by
// `famousFollowers` users each), `posts` posts (a third of them reviews of a Book with a
// rating; famous users write 5 % of all posts), likes, and the stored counters as the app keeps
// them (follow_counts, post_counts, liked_times, a Book's post_count and rating).

/** Loads the social data for users (ids `minId`…`maxId`) and Books already in the database. */
export async function loadSocial(sql, { posts, follows = 20, famous = 5, famousFollowers = 12000, likes = 200000 }) {
  const { min_id: minId, max_id: maxId } = (await sql.query('SELECT min(id)::int AS min_id, max(id)::int AS max_id FROM users')).rows[0];
  const { min_page: minPage, max_page: maxPage } = (await sql.query('SELECT min(id)::int AS min_page, max(id)::int AS max_page FROM pages')).rows[0];
  const n = maxId - minId + 1;
  const pages = maxPage - minPage + 1;
  // A multiplicative hash spreads each user's follows over everyone, deterministically.
  await sql.query(
    `INSERT INTO follow_requests (ask_from, ask_to, approved)
     SELECT a, b, approved FROM (
       SELECT a, $1 + ((a::bigint * 2654435761 + g * 40503) % $2)::int AS b, g % 10 <> 0 AS approved
         FROM generate_series($1::int, $3::int) a, generate_series(1, $4::int) g) x
      WHERE a <> b
     ON CONFLICT DO NOTHING`,
    [minId, n, maxId, follows],
  );
  await sql.query(
    `INSERT INTO follow_requests (ask_from, ask_to, approved)
     SELECT a, f, true FROM generate_series($1::int, $1 + $2 - 1) a, generate_series($1::int, $1 + $3 - 1) f WHERE a <> f
     ON CONFLICT (ask_from, ask_to) DO UPDATE SET approved = true`,
    [minId, Math.min(famousFollowers, n), famous],
  );
  await sql.query(`DELETE FROM follow_requests WHERE ask_from = ask_to`);
  await sql.query(
    `INSERT INTO follow_counts (user_id, following_count, followed_count)
     SELECT u, sum(following)::int, sum(followed)::int FROM (
       SELECT ask_from AS u, 1 AS following, 0 AS followed FROM follow_requests WHERE approved
       UNION ALL SELECT ask_to, 0, 1 FROM follow_requests WHERE approved) x GROUP BY u`,
  );
  // Posts, oldest first (ids follow time), one every 30 s back from now.
  await sql.query(
    `INSERT INTO posts (user_id, text, rating, review_to, purepost_flag, created_on)
     SELECT CASE WHEN g % 20 = 0 THEN $1 + (g / 20) % $5 ELSE $1 + ((g::bigint * 2246822519) % $2)::int END,
            'post ' || g || ' about data',
            CASE WHEN g % 3 = 0 THEN 5 * (1 + (g / 3) % 20) END,
            CASE WHEN g % 3 = 0 THEN $3 + ((g::bigint * 3266489917) % $4)::int END,
            g % 3 <> 0,
            now() - ($6::int - g) * interval '30 seconds'
       FROM generate_series(1, $6::int) g`,
    [minId, n, minPage, pages, famous, posts],
  );
  await sql.query(
    `UPDATE pages p SET post_count = s.n, rating_sum = s.total, rating_count = s.rated FROM (
       SELECT review_to, count(*)::int AS n, coalesce(sum(rating), 0)::int AS total, count(rating)::int AS rated
         FROM posts WHERE review_to IS NOT NULL GROUP BY review_to) s WHERE s.review_to = p.id`,
  );
  // Each user's stored post count and rating sum (the home and user feeds' totals read these).
  await sql.query(
    `INSERT INTO post_counts (user_id, post_count, rating_sum)
     SELECT user_id, count(*), coalesce(sum(rating), 0) FROM posts WHERE NOT communitypost_flag GROUP BY user_id
     ON CONFLICT (user_id) DO UPDATE SET post_count = EXCLUDED.post_count, rating_sum = EXCLUDED.rating_sum`,
  );
  const { max_post: maxPost } = (await sql.query('SELECT max(id)::int AS max_post FROM posts')).rows[0];
  await sql.query(
    `INSERT INTO post_likes (post_id, user_id)
     SELECT $3::int - ((g::bigint * 40503) % $5)::int, $1 + ((g::bigint * 2654435761) % $2)::int FROM generate_series(1, $4::int) g
     ON CONFLICT DO NOTHING`,
    // likes fall on the newest 50,000 posts (all of them on a smaller run)
    [minId, n, maxPost, likes, Math.min(50000, posts)],
  );
  await sql.query(`UPDATE posts p SET liked_times = l.n FROM (SELECT post_id, count(*)::int AS n FROM post_likes GROUP BY post_id) l WHERE l.post_id = p.id`);
  await sql.query('ANALYZE');
  const counts = (
    await sql.query(
      `SELECT (SELECT count(*) FROM posts)::int AS posts, (SELECT count(*) FROM follow_requests WHERE approved)::int AS follows,
            (SELECT max(followed_count) FROM follow_counts)::int AS max_followers, (SELECT count(*) FROM post_likes)::int AS likes`,
    )
  ).rows[0];
  return { ...counts, famousUserIds: Array.from({ length: famous }, (_, i) => minId + i) };
}
