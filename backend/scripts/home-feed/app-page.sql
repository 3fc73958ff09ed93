SELECT f.id, f.id AS sort_key FROM (
        (SELECT p.id FROM posts p WHERE p.user_id = $1 AND (p.reposting_from_user IS NULL OR p.reposting_from_user NOT IN (SELECT ub.blocked_id FROM user_blocks ub WHERE ub.blocker_id = $1
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
          UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = $1)) AND NOT p.reposting AND NOT p.communitypost_flag AND NOT p.hidden ORDER BY p.id DESC LIMIT (10::int + 0::int)) x)
      ) f ORDER BY f.id DESC LIMIT 10 OFFSET 0