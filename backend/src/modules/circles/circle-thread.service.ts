import { Injectable } from '@nestjs/common';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import type { AuthUser } from '../../common/auth/auth-user';
import { Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import { type PageWindow, pageSql } from '../../common/http/paging';
import type { SqlParams } from '../../database/db';
import type { PostListResponse } from '../posts/dto/post.dto';
import { FeedsService } from '../posts/feeds.service';
import { CircleReads } from './circle-reads.service';

/** The statements of one page of a circle's thread, as `FeedsService.listOf` takes them. */
export interface ThreadPageSql {
  pageSql: string;
  totalsSql: string;
  params: SqlParams;
  withSql?: string;
}

/**
 * A page of circle `circleId`'s thread: the newest links first, the totals from the circle's
 * stored `post_count`. The first page marks the thread seen for the viewer in the list's own
 * statement (a CTE the feeds run once; `:viewer` is the list's own parameter), so reading it
 * costs no statement more.
 */
export function threadPageSql(circleId: number, page: PageWindow): ThreadPageSql {
  const w = pageSql(page);
  return {
    pageSql: `SELECT l.post_id AS id, l.post_id AS sort_key FROM circle_posts l WHERE l.circle_id = :circle AND NOT l.hidden ORDER BY l.post_id DESC LIMIT ${w.limit} OFFSET ${w.offset}`,
    totalsSql: `SELECT c.post_count AS n, 0 AS rating_sum FROM circles c WHERE c.id = :circle`,
    params: { circle: circleId, ...w.params },
    withSql:
      page.index === 0
        ? `seen AS (UPDATE circle_members m SET last_seen_post_id = c.last_post_id FROM circles c
           WHERE c.id = :circle AND m.circle_id = c.id AND m.user_id = :viewer AND m.last_seen_post_id < c.last_post_id RETURNING 1)`
        : undefined,
  };
}

/** A circle's thread: the posts addressed to it, for its members only, listed and packed by the feeds. */
@Injectable()
export class CircleThread {
  constructor(
    private readonly access: AccessService,
    private readonly reads: CircleReads,
    private readonly feeds: FeedsService,
  ) {}

  /** communityposts/{id}/: members only; the first page marks it seen. */
  async page(viewer: AuthUser, id: number, page: PageWindow): Promise<PostListResponse> {
    try {
      await this.access.require(viewer, Permission.CircleMember, [id], { detail: Msg.notCircleMember });
    } catch (refused) {
      // Asked only when refused (a member's request costs no statement for it): no such circle is a 404.
      if (!(await this.reads.isShown(id, viewer))) throw notFound();
      throw refused;
    }
    const thread = threadPageSql(id, page);
    return this.feeds.listOf(thread.pageSql, thread.totalsSql, thread.params, viewer, thread.withSql);
  }
}
