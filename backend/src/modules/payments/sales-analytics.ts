import { Inject, Injectable } from '@nestjs/common';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { Db } from '../../database/db';

/**
 * The payments module's part of /analytics: the sales of some Books per month (UTC) over the last
 * `months` months, in yen, from the recorded sales (payment_sales) — one statement.
 */
@Injectable()
export class SalesAnalytics {
  constructor(
    private readonly db: Db,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
  ) {}

  /** Whether this site sells at all (STRIPE_SECRET_KEY set). */
  get available(): boolean {
    return Boolean(this.options.config.payments.secretKey);
  }

  monthlyOf(bookIds: readonly number[], months: number): Promise<Array<{ month: string; amount: number; count: number }>> {
    return this.db.rows<{ month: string; amount: number; count: number }>(
      `SELECT to_char(date_trunc('month', paid_on AT TIME ZONE 'UTC'), 'YYYY-MM') AS month,
              sum(gross)::int AS amount,
              count(*)::int AS count
         FROM payment_sales
        WHERE page_id = ANY(:bookIds::int[])
          AND paid_on >= (date_trunc('month', now() AT TIME ZONE 'UTC') - make_interval(months => :months::int - 1)) AT TIME ZONE 'UTC'
        GROUP BY 1
        ORDER BY 1`,
      { bookIds, months },
    );
  }
}
