SELECT u.n + b.n - o.n AS n, u.rating_sum + b.rating_sum - o.rating_sum AS rating_sum
              FROM (SELECT coalesce(sum(c.post_count), 0)::int AS n, coalesce(sum(c.rating_sum), 0)::int AS rating_sum FROM post_counts c WHERE c.user_id IN (SELECT $1::int UNION ALL SELECT fr.ask_to FROM follow_requests fr WHERE fr.ask_from = $1 AND fr.approved)) u,
                   (SELECT coalesce(sum(pt.post_count), 0)::int AS n, coalesce(sum(pt.rating_sum), 0)::int AS rating_sum FROM pages pt WHERE pt.id IN (SELECT pf.page_id FROM page_follows pf WHERE pf.user_id = $1)) b,
                   (SELECT count(*)::int AS n, coalesce(sum(p.rating), 0)::int AS rating_sum
                      FROM (SELECT pf.page_id FROM page_follows pf WHERE pf.user_id = $1) fb(bid)
                      JOIN posts p ON p.review_to = fb.bid AND NOT p.communitypost_flag AND NOT p.hidden AND NOT p.reposting
                     WHERE p.user_id IN (SELECT $1::int UNION ALL SELECT fr.ask_to FROM follow_requests fr WHERE fr.ask_from = $1 AND fr.approved)) o
