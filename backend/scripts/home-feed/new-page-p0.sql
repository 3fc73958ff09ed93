WITH scan AS (
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
      ) f ORDER BY f.id DESC LIMIT 10 OFFSET 0