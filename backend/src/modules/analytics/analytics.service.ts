import { Injectable } from '@nestjs/common';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import type { AuthUser } from '../../common/auth/auth-user';
import { Msg } from '../../common/http/drf-errors';
import { BookAnalytics, VIEW_DAYS } from '../books/book-analytics';
import { SalesAnalytics } from '../payments/sales-analytics';
import { POST_MONTHS, PostAnalytics } from '../posts/post-analytics';
import type { AnalyticsPostMonth, AnalyticsResponse, AnalyticsSalesMonth, AnalyticsViewDay } from './dto/analytics.dto';

/** 'YYYY-MM-DD' of the `back`-th day before `today` (UTC calendar arithmetic). */
function dayBefore(today: string, back: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - back);
  return date.toISOString().slice(0, 10);
}

function monthBefore(today: string, back: number): string {
  const [year, month] = today.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1 - back, 1));
  return date.toISOString().slice(0, 7);
}

/**
 * /analytics (api-contract rule 9): enterprise accounts only. A fixed three statements after the
 * token: the plan (auth module, through the access registry), the Books' figures (books module),
 * the posts about them (posts module). Sales come when the site records purchases.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly access: AccessService,
    private readonly books: BookAnalytics,
    private readonly posts: PostAnalytics,
    private readonly sales: SalesAnalytics,
  ) {}

  async of(viewer: AuthUser | undefined): Promise<AnalyticsResponse> {
    await this.access.require(viewer, Permission.EnterprisePlan, viewer ? [viewer.id] : [0], { detail: Msg.analyticsEnterpriseOnly });
    const figures = await this.books.figuresOf(viewer!.id);
    const monthly = await this.posts.monthlyAbout(figures.ids);
    const sold = new Map((await this.sales.monthlyOf(figures.ids, POST_MONTHS)).map((m) => [m.month, m]));

    const viewsByDay = new Map(figures.views.map((v) => [v.day, v.views]));
    const views: AnalyticsViewDay[] = [];
    for (let back = VIEW_DAYS - 1; back >= 0; back--) {
      const day = dayBefore(figures.today, back);
      views.push({ day, views: viewsByDay.get(day) ?? 0 });
    }
    const byMonth = new Map(monthly.map((m) => [m.month, m]));
    const posts: AnalyticsPostMonth[] = [];
    for (let back = POST_MONTHS - 1; back >= 0; back--) {
      const month = monthBefore(figures.today, back);
      const found = byMonth.get(month);
      posts.push({ month, posts: found?.posts ?? 0, reviews: found?.reviews ?? 0, rating: found?.rating ?? null });
    }
    const sales: AnalyticsSalesMonth[] = [];
    for (let back = POST_MONTHS - 1; back >= 0; back--) {
      const month = monthBefore(figures.today, back);
      sales.push({ month, amount: sold.get(month)?.amount ?? 0, count: sold.get(month)?.count ?? 0 });
    }
    const sex = figures.followersBySex;
    return {
      book_count: figures.bookCount,
      books: figures.books,
      views,
      followers_by_sex: {
        male: sex['1'] ?? 0,
        female: sex['3'] ?? 0,
        other: sex['4'] ?? 0,
        unanswered: Object.entries(sex)
          .filter(([code]) => !['1', '3', '4'].includes(code))
          .reduce((n, [, count]) => n + count, 0),
      },
      posts,
      // Sales per month, oldest first, every month present; not available where payments are off.
      sales: this.sales.available ? { available: true, series: sales } : { available: false, series: [] },
    };
  }
}
