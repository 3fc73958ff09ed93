-- candidate (a): the page of :v's home feed from a capped scan of everyone's newest visible posts
-- :v viewer, 10 limit, 0 offset, :cap cap (entries of the scan)
WITH hid AS (SELECT ub.blocked_id FROM user_blocks ub WHERE ub.blocker_id = :v
          UNION ALL SELECT ub.blocker_id FROM user_blocks ub WHERE ub.blocked_id = :v
          UNION ALL SELECT um.muted_id FROM user_mutes um WHERE um.muter_id = :v)
SELECT s.id FROM (SELECT p.id, p.user_id, p.review_to, p.reposting, p.reposting_from_user FROM posts p
                   WHERE NOT p.communitypost_flag AND NOT p.hidden ORDER BY p.id DESC LIMIT :cap) s
 WHERE (s.reposting_from_user IS NULL OR s.reposting_from_user NOT IN (SELECT * FROM hid))
   AND (s.user_id = :v OR (s.user_id NOT IN (SELECT * FROM hid)
        AND (s.user_id IN (SELECT fr.ask_to FROM follow_requests fr WHERE fr.ask_from = :v AND fr.approved)
             OR (NOT s.reposting AND s.review_to IN (SELECT pf.page_id FROM page_follows pf WHERE pf.user_id = :v)))))
 ORDER BY s.id DESC LIMIT (10::int + 0::int)
