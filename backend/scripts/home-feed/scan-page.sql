-- candidate (a): the page of $1's home feed from a capped scan of everyone's newest visible posts
-- $1 viewer, $2 limit, $3 offset, $4 cap (entries of the scan)
WITH hid AS (SELECT ub.blocked_id FROM user_blocks ub WHERE ub.blocker_id = $1
          UNION ALL SELECT ub.blocker_id FROM user_blocks ub WHERE ub.blocked_id = $1
          UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = $1)
SELECT s.id FROM (SELECT p.id, p.user_id, p.review_to, p.reposting, p.reposting_from_user FROM posts p
                   WHERE NOT p.communitypost_flag AND NOT p.hidden ORDER BY p.id DESC LIMIT $4) s
 WHERE (s.reposting_from_user IS NULL OR s.reposting_from_user NOT IN (SELECT * FROM hid))
   AND (s.user_id = $1 OR (s.user_id NOT IN (SELECT * FROM hid)
        AND (s.user_id IN (SELECT fr.ask_to FROM follow_requests fr WHERE fr.ask_from = $1 AND fr.approved)
             OR (NOT s.reposting AND s.review_to IN (SELECT pf.page_id FROM page_follows pf WHERE pf.user_id = $1)))))
 ORDER BY s.id DESC LIMIT ($2::int + $3::int)
