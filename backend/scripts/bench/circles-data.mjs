// Bench data for circles, made set-based in the database: one circle of `members` members (every
// user holding a bench token among them, so each connection reads the thread as a member) and
// `posts` circle posts by its members, with the stored counters as the app keeps them.

/** Loads the circle; answers its id and scale. Users (and their tokens) must be loaded already. */
export async function loadCircles(sql, { members = 10000, posts = 100000 }) {
  const [{ id: circleId }] = (
    await sql.query(
      `INSERT INTO circles (owner_id, title, description, image, search_text)
     SELECT min(user_id), 'Bench circle', 'The circle of the bench: members share their data.', 'circles/bench.jpg', 'bench circle' FROM auth_tokens
     RETURNING id`,
    )
  ).rows;
  // Token holders first (they are the bench's connections), then the oldest active users.
  await sql.query(
    `INSERT INTO circle_members (circle_id, user_id, created_on)
     SELECT $1, u.id, now() - (row_number() OVER (ORDER BY t.user_id IS NULL, u.id)) * interval '1 minute'
       FROM users u LEFT JOIN (SELECT DISTINCT user_id FROM auth_tokens) t ON t.user_id = u.id
      WHERE u.is_active ORDER BY t.user_id IS NULL, u.id LIMIT $2`,
    [circleId, members],
  );
  const memberIds = (await sql.query(`SELECT user_id FROM circle_members WHERE circle_id = $1 ORDER BY user_id`, [circleId])).rows.map((r) => r.user_id);
  const [{ max: before }] = (await sql.query(`SELECT coalesce(max(id), 0)::int AS max FROM posts`)).rows;
  // Circle posts, oldest first (ids follow time), by members spread evenly.
  await sql.query(
    `INSERT INTO posts (user_id, text, communitypost_flag, created_on)
     SELECT m.ids[1 + (g::bigint * 2654435761 % array_length(m.ids, 1))::int], 'circle note ' || g, true, now() - ($2::int - g) * interval '20 seconds'
       FROM generate_series(1, $2::int) g, (SELECT $1::int[] AS ids) m`,
    [memberIds, posts],
  );
  await sql.query(`INSERT INTO circle_posts (circle_id, post_id, user_id) SELECT $1, id, user_id FROM posts WHERE id > $2 AND communitypost_flag`, [
    circleId,
    before,
  ]);
  await sql.query(
    `UPDATE circles c SET member_count = (SELECT count(*) FROM circle_members WHERE circle_id = c.id),
       post_count = (SELECT count(*) FROM circle_posts WHERE circle_id = c.id), last_post_id = (SELECT coalesce(max(post_id), 0) FROM circle_posts WHERE circle_id = c.id)
     WHERE c.id = $1`,
    [circleId],
  );
  await sql.query('ANALYZE circles, circle_members, circle_posts, posts');
  const [scale] = (await sql.query(`SELECT member_count, post_count FROM circles WHERE id = $1`, [circleId])).rows;
  return { circleId, circleMembers: scale.member_count, circlePosts: scale.post_count };
}
