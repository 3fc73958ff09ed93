SELECT t.n, pg.id, pg.sort_key FROM (SELECT u.n + b.n - o.n AS n, u.rating_sum + b.rating_sum - o.rating_sum AS rating_sum
              FROM (SELECT coalesce(sum(c.post_count), 0)::int AS n, coalesce(sum(c.rating_sum), 0)::int AS rating_sum FROM post_counts c WHERE c.user_id IN (SELECT $1::int UNION ALL SELECT fr.ask_to FROM follow_requests fr WHERE fr.ask_from = $1 AND fr.approved)) u,
                   (SELECT coalesce(sum(pt.post_count), 0)::int AS n, coalesce(sum(pt.rating_sum), 0)::int AS rating_sum FROM pages pt WHERE pt.id IN (SELECT pf.page_id FROM page_follows pf WHERE pf.user_id = $1)) b,
                   (SELECT count(*)::int AS n, coalesce(sum(p.rating), 0)::int AS rating_sum
                      FROM (SELECT pf.page_id FROM page_follows pf WHERE pf.user_id = $1) fb(bid)
                      JOIN posts p ON p.review_to = fb.bid AND NOT p.reposting AND NOT p.communitypost_flag AND NOT p.hidden
                     WHERE p.user_id IN (SELECT $1::int UNION ALL SELECT fr.ask_to FROM follow_requests fr WHERE fr.ask_from = $1 AND fr.approved)) o) t LEFT JOIN LATERAL (WITH home_scan AS (
        SELECT s.id FROM (SELECT p.id, p.user_id, p.review_to, p.reposting, p.reposting_from_user FROM posts p
                           WHERE NOT p.communitypost_flag AND NOT p.hidden ORDER BY p.id DESC LIMIT (SELECT CASE WHEN n > 0 AND (10::int + 30::int)::bigint * (SELECT max(a.id) FROM posts a) <= 2::bigint * 10::int * n * t.n THEN 2 * 10::int * n ELSE 0 END FROM (SELECT (SELECT count(*) FROM (SELECT fr.ask_to FROM follow_requests fr WHERE fr.ask_from = $1 AND fr.approved) c) + (SELECT count(*) FROM (SELECT pf.page_id FROM page_follows pf WHERE pf.user_id = $1) c) AS n OFFSET 0) n)) s
         WHERE (s.user_id IN (SELECT fr.ask_to FROM follow_requests fr WHERE fr.ask_from = $1 AND fr.approved) OR NOT s.reposting AND s.review_to IN (SELECT pf.page_id FROM page_follows pf WHERE pf.user_id = $1) OR s.user_id = $1)
           AND (s.user_id = $1 OR s.user_id NOT IN (SELECT ub.blocked_id FROM user_blocks ub WHERE ub.blocker_id = $1
          UNION ALL SELECT ub.blocker_id FROM user_blocks ub WHERE ub.blocked_id = $1
          UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = $1)) AND (s.reposting_from_user IS NULL OR s.reposting_from_user NOT IN (SELECT ub.blocked_id FROM user_blocks ub WHERE ub.blocker_id = $1
          UNION ALL SELECT ub.blocker_id FROM user_blocks ub WHERE ub.blocked_id = $1
          UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = $1))
         ORDER BY s.id DESC LIMIT (10::int + 30::int))
      SELECT f.id, f.id AS sort_key FROM (
        SELECT home_scan.id FROM home_scan WHERE (SELECT count(*) FROM home_scan) >= (10::int + 30::int)
        UNION ALL
        SELECT m.id FROM ((SELECT p.id FROM posts p WHERE p.user_id = $1 AND (p.reposting_from_user IS NULL OR p.reposting_from_user NOT IN (SELECT ub.blocked_id FROM user_blocks ub WHERE ub.blocker_id = $1
          UNION ALL SELECT ub.blocker_id FROM user_blocks ub WHERE ub.blocked_id = $1
          UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = $1)) AND NOT p.communitypost_flag AND NOT p.hidden ORDER BY p.id DESC LIMIT (10::int + 30::int))
        UNION
        (SELECT x.id FROM (SELECT fr.ask_to FROM follow_requests fr WHERE fr.ask_from = $1 AND fr.approved) fu(uid)
           CROSS JOIN LATERAL (SELECT p.id FROM posts p WHERE p.user_id = fu.uid AND (p.reposting_from_user IS NULL OR p.reposting_from_user NOT IN (SELECT ub.blocked_id FROM user_blocks ub WHERE ub.blocker_id = $1
          UNION ALL SELECT ub.blocker_id FROM user_blocks ub WHERE ub.blocked_id = $1
          UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = $1)) AND NOT p.communitypost_flag AND NOT p.hidden ORDER BY p.id DESC LIMIT (10::int + 30::int)) x
          WHERE fu.uid NOT IN (SELECT ub.blocked_id FROM user_blocks ub WHERE ub.blocker_id = $1
          UNION ALL SELECT ub.blocker_id FROM user_blocks ub WHERE ub.blocked_id = $1
          UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = $1))
        UNION
        (SELECT x.id FROM (SELECT pf.page_id FROM page_follows pf WHERE pf.user_id = $1) fb(bid)
           CROSS JOIN LATERAL (SELECT p.id FROM posts p WHERE p.review_to = fb.bid AND p.user_id NOT IN (SELECT ub.blocked_id FROM user_blocks ub WHERE ub.blocker_id = $1
          UNION ALL SELECT ub.blocker_id FROM user_blocks ub WHERE ub.blocked_id = $1
          UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = $1) AND (p.reposting_from_user IS NULL OR p.reposting_from_user NOT IN (SELECT ub.blocked_id FROM user_blocks ub WHERE ub.blocker_id = $1
          UNION ALL SELECT ub.blocker_id FROM user_blocks ub WHERE ub.blocked_id = $1
          UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = $1)) AND NOT p.reposting AND NOT p.communitypost_flag AND NOT p.hidden ORDER BY p.id DESC LIMIT (10::int + 30::int)) x)) m WHERE (SELECT count(*) FROM home_scan) < (10::int + 30::int)
      ) f ORDER BY f.id DESC LIMIT 10 OFFSET 30) pg ON true ORDER BY pg.sort_key DESC