import { Injectable } from '@nestjs/common';
import * as crypto from 'node:crypto';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import type { AuthUser } from '../../common/auth/auth-user';
import { Db } from '../../database/db';
import { BookAccess } from './book-access.service';

/** How long view rows and day counters are kept: monthly_views reads the last 30 days' counters. */
const KEPT_VIEW_DAYS = 60;

/** Views of Books: one per viewer per Book per day (page_views), counted per day (page_view_days). */
@Injectable()
export class BookViews {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly bookAccess: BookAccess,
  ) {}

  /**
   * One view per viewer (user, or hashed address for visitors) per Book per day; the day's
   * counter (page_view_days, the source of monthly_views) rises in the same statement, only when
   * the view is the viewer's first of the day.
   */
  async recordView(pageId: number, viewer: AuthUser | undefined, pathUser: number, ip: string): Promise<void> {
    if (viewer && pathUser !== 0) await this.access.require(viewer, Permission.Self, [pathUser]);
    await this.bookAccess.requireReadable(viewer, [pageId]);
    const key = viewer ? `u:${viewer.id}` : `a:${crypto.createHash('sha256').update(ip).digest('hex').slice(0, 32)}`;
    await this.db.exec(
      `WITH seen AS (INSERT INTO page_views (page_id, viewer) VALUES (:page, :viewer) ON CONFLICT DO NOTHING RETURNING page_id, viewed_on)
       INSERT INTO page_view_days AS d (page_id, day, views) SELECT page_id, viewed_on, 1 FROM seen
       ON CONFLICT (page_id, day) DO UPDATE SET views = d.views + 1`,
      { page: pageId, viewer: key },
    );
  }

  /** The daily job: drops view rows and day counters older than KEPT_VIEW_DAYS. */
  async pruneViews(): Promise<void> {
    await this.db.exec(`DELETE FROM page_views WHERE viewed_on < CURRENT_DATE - ${KEPT_VIEW_DAYS}`);
    await this.db.exec(`DELETE FROM page_view_days WHERE day < CURRENT_DATE - ${KEPT_VIEW_DAYS}`);
  }
}
