SELECT t.n AS total, t.rating_sum, p.id, p.user_id, p.text, p.img, p.rating, p.review_to, p.reposting, p.reposting_from, p.reposting_from_user,
  p.new_data_flag, p.purepost_flag, p.communitypost_flag, CASE WHEN p.reposting THEN coalesce((SELECT o.liked_times FROM posts o WHERE o.id = p.reposting_from), p.liked_times) ELSE p.liked_times END AS liked_times, CASE WHEN p.reposting THEN coalesce((SELECT o.reposted_times FROM posts o WHERE o.id = p.reposting_from), p.reposted_times) ELSE p.reposted_times END AS reposted_times,
  CASE WHEN p.reposting THEN coalesce((SELECT o.commented_counts FROM posts o WHERE o.id = p.reposting_from), p.commented_counts) ELSE p.commented_counts END AS commented_counts, p.created_on, p.hidden, p.moderated_reason, $2::int IS NOT NULL AND EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = coalesce(p.reposting_from, p.id) AND l.user_id = $2::int) AS is_liked,
      $2::int IS NOT NULL AND EXISTS (SELECT 1 FROM posts r WHERE r.user_id = $2::int AND r.reposting AND r.reposting_from = coalesce(p.reposting_from, p.id)) AS is_reposted,
      $2::int IS NOT NULL AND EXISTS (SELECT 1 FROM post_comments c WHERE c.user_id = $2::int AND c.post_id = coalesce(p.reposting_from, p.id)) AS is_commented,
      (SELECT json_build_object('id', prs.id, 'user_id', prs.user_id, 'nick_name', prs.nick_name, 'img', prs.img)
               FROM profiles prs WHERE prs.user_id = p.user_id AND prs.active) AS author_json,
      CASE WHEN p.reposting_from_user IS NOT NULL THEN (SELECT json_build_object('id', prs.id, 'user_id', prs.user_id, 'nick_name', prs.nick_name, 'img', prs.img)
               FROM profiles prs WHERE prs.user_id = p.reposting_from_user AND prs.active) END AS reposter_json,
      CASE WHEN p.review_to IS NOT NULL AND row_number() OVER (PARTITION BY p.review_to) = 1 THEN (SELECT json_build_object(
        'id', bk.id, 'title', bk.title, 'summary', bk.summary, 'img', bk.img, 'language', bk.language, 'page_price', bk.page_price,
        'goodpoint', bk.goodpoint, 'badpoint', bk.badpoint, 'point1', bk.point1, 'point2', bk.point2, 'point3', bk.point3,
        'point4', bk.point4, 'point5', bk.point5, 'answer', bk.answer, 'owner_id', bk.owner_id,
        'created_on', to_char(bk.created_on AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'post_count', bk.post_count, 'rating_sum', bk.rating_sum, 'rating_count', bk.rating_count, 'texts', bk.texts,
        'members_only', bk.members_only, 'moderated_reason', bk.moderated_reason,
        'monthly_views', (SELECT coalesce(sum(bkd.views), 0) FROM page_view_days bkd WHERE bkd.page_id = bk.id AND bkd.day > CURRENT_DATE - 30)::int,
        'male', coalesce(bkc.male, 0), 'female', coalesce(bkc.female, 0),
        'owned', EXISTS (SELECT 1 FROM page_owners bko WHERE bko.page_id = bk.id AND bko.user_id = coalesce($2::int, 0)),
        'files', coalesce((SELECT json_agg(json_build_object('file_id', bkf.file_id, 'page_id', bkf.page_id, 'title', bkf.title,
                   'links', NULL::json, 'user_id', bkf.user_id, 'profile', (SELECT json_build_object('id', prs.id, 'user_id', prs.user_id, 'nick_name', prs.nick_name, 'img', prs.img)
               FROM profiles prs WHERE prs.user_id = bkf.user_id AND prs.active))
                   ORDER BY bkf.created_on, bkf.file_id)
              FROM (SELECT * FROM book_files f WHERE f.page_id = bk.id ORDER BY f.created_on, f.file_id LIMIT 3) bkf), '[]'::json)) FROM pages bk LEFT JOIN page_follower_counts bkc ON bkc.page_id = bk.id
              WHERE bk.id = p.review_to AND (bk.owner_id = $2::int OR bk.moderated_reason IS NULL AND (NOT bk.members_only
      OR EXISTS (SELECT 1 FROM page_owners rdo WHERE rdo.page_id = bk.id AND rdo.user_id = $2::int)
      OR false))) END AS book_json,
      CASE WHEN p.communitypost_flag THEN NULL::json END AS circle_links
            FROM (SELECT u.n + b.n - o.n AS n, u.rating_sum + b.rating_sum - o.rating_sum AS rating_sum
              FROM (SELECT coalesce(sum(c.post_count), 0)::int AS n, coalesce(sum(c.rating_sum), 0)::int AS rating_sum FROM post_counts c WHERE c.user_id IN (SELECT $1::int UNION ALL SELECT fr.ask_to FROM follow_requests fr WHERE fr.ask_from = $1 AND fr.approved)) u,
                   (SELECT coalesce(sum(pt.post_count), 0)::int AS n, coalesce(sum(pt.rating_sum), 0)::int AS rating_sum FROM pages pt WHERE pt.id IN (SELECT pf.page_id FROM page_follows pf WHERE pf.user_id = $1)) b,
                   (SELECT count(*)::int AS n, coalesce(sum(p.rating), 0)::int AS rating_sum
                      FROM (SELECT pf.page_id FROM page_follows pf WHERE pf.user_id = $1) fb(bid)
                      JOIN posts p ON p.review_to = fb.bid AND NOT p.communitypost_flag AND NOT p.hidden AND NOT p.reposting
                     WHERE p.user_id IN (SELECT $1::int UNION ALL SELECT fr.ask_to FROM follow_requests fr WHERE fr.ask_from = $1 AND fr.approved)) o) t LEFT JOIN (WITH scan AS (
        SELECT s.id FROM (SELECT p.id, p.user_id, p.review_to, p.reposting, p.reposting_from_user FROM posts p WHERE NOT p.communitypost_flag AND NOT p.hidden
                           ORDER BY p.id DESC
                           LIMIT 2 * (10::int + 0::int) * (1 + (SELECT count(*) FROM (SELECT fr.ask_to FROM follow_requests fr WHERE fr.ask_from = $1 AND fr.approved) c) + (SELECT count(*) FROM (SELECT pf.page_id FROM page_follows pf WHERE pf.user_id = $1) c))) s
         WHERE (s.user_id = $1 OR s.user_id NOT IN (SELECT ub.blocked_id FROM user_blocks ub WHERE ub.blocker_id = $1
          UNION ALL SELECT ub.blocker_id FROM user_blocks ub WHERE ub.blocked_id = $1
          UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = $1)
                AND (s.user_id IN (SELECT fr.ask_to FROM follow_requests fr WHERE fr.ask_from = $1 AND fr.approved) OR NOT s.reposting AND s.review_to IN (SELECT pf.page_id FROM page_follows pf WHERE pf.user_id = $1))) AND (s.reposting_from_user IS NULL OR s.reposting_from_user NOT IN (SELECT ub.blocked_id FROM user_blocks ub WHERE ub.blocker_id = $1
          UNION ALL SELECT ub.blocker_id FROM user_blocks ub WHERE ub.blocked_id = $1
          UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = $1))
         ORDER BY s.id DESC LIMIT (10::int + 0::int))
      SELECT f.id, f.id AS sort_key FROM (
        SELECT scan.id FROM scan WHERE (SELECT count(*) FROM scan) >= (10::int + 0::int)
        UNION ALL
        SELECT m.id FROM ((SELECT p.id FROM posts p WHERE p.user_id = $1 AND (p.reposting_from_user IS NULL OR p.reposting_from_user NOT IN (SELECT ub.blocked_id FROM user_blocks ub WHERE ub.blocker_id = $1
          UNION ALL SELECT ub.blocker_id FROM user_blocks ub WHERE ub.blocked_id = $1
          UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = $1)) AND NOT p.communitypost_flag AND NOT p.hidden ORDER BY p.id DESC LIMIT (10::int + 0::int))
        UNION
        (SELECT x.id FROM (SELECT fr.ask_to FROM follow_requests fr WHERE fr.ask_from = $1 AND fr.approved) fu(uid)
           CROSS JOIN LATERAL (SELECT p.id FROM posts p WHERE p.user_id = fu.uid AND (p.reposting_from_user IS NULL OR p.reposting_from_user NOT IN (SELECT ub.blocked_id FROM user_blocks ub WHERE ub.blocker_id = $1
          UNION ALL SELECT ub.blocker_id FROM user_blocks ub WHERE ub.blocked_id = $1
          UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = $1)) AND NOT p.communitypost_flag AND NOT p.hidden ORDER BY p.id DESC LIMIT (10::int + 0::int)) x
          WHERE fu.uid NOT IN (SELECT ub.blocked_id FROM user_blocks ub WHERE ub.blocker_id = $1
          UNION ALL SELECT ub.blocker_id FROM user_blocks ub WHERE ub.blocked_id = $1
          UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = $1))
        UNION
        (SELECT x.id FROM (SELECT pf.page_id FROM page_follows pf WHERE pf.user_id = $1) fb(bid)
           CROSS JOIN LATERAL (SELECT p.id FROM posts p WHERE p.review_to = fb.bid AND p.user_id NOT IN (SELECT ub.blocked_id FROM user_blocks ub WHERE ub.blocker_id = $1
          UNION ALL SELECT ub.blocker_id FROM user_blocks ub WHERE ub.blocked_id = $1
          UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = $1) AND (p.reposting_from_user IS NULL OR p.reposting_from_user NOT IN (SELECT ub.blocked_id FROM user_blocks ub WHERE ub.blocker_id = $1
          UNION ALL SELECT ub.blocker_id FROM user_blocks ub WHERE ub.blocked_id = $1
          UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = $1)) AND NOT p.reposting AND NOT p.communitypost_flag AND NOT p.hidden ORDER BY p.id DESC LIMIT (10::int + 0::int)) x)) m WHERE (SELECT count(*) FROM scan) < (10::int + 0::int)
      ) f ORDER BY f.id DESC LIMIT 10 OFFSET 0) pg ON true LEFT JOIN posts p ON p.id = pg.id
           ORDER BY pg.sort_key DESC