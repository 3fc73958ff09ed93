import { Inject, Injectable } from '@nestjs/common';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import type { AuthUser } from '../../common/auth/auth-user';
import { Db } from '../../database/db';
import type { EarningsResponse } from './dto/payments.dto';
import { StripeGateway } from './stripe-gateway';

/** A data owner's earnings: the state of their payout account, their sales and monthly totals (Asia/Tokyo months). */
@Injectable()
export class Earnings {
  constructor(
    private readonly db: Db,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly gateway: StripeGateway,
  ) {}

  /** GET earnings/: the data owner's account state, sales (newest 100) and monthly totals (newest 36). */
  async of(viewer: AuthUser): Promise<EarningsResponse> {
    const seller = viewer.id;
    const account = await this.db.row<{ account_id: string; charges_enabled: boolean; payouts_enabled: boolean; details_submitted: boolean }>(
      `SELECT account_id, charges_enabled, payouts_enabled, details_submitted FROM payment_accounts WHERE user_id = :seller`,
      { seller },
    );
    const sales = await this.db.rows<{
      session_id: string;
      page_id: number | null;
      book_title: string;
      gross: number;
      stripe_fee: number;
      platform_fee: number;
      net: number;
      transferred: boolean;
      paid_on: Date;
    }>(
      `SELECT session_id, page_id, book_title, gross, stripe_fee, platform_fee, net, transferred, paid_on FROM payment_sales WHERE seller_id = :seller ORDER BY paid_on DESC, session_id LIMIT 100`,
      { seller },
    );
    const months = await this.db.rows<{ month: string; sales: number; gross: number; stripe_fee: number; platform_fee: number; net: number }>(
      `SELECT to_char(paid_on AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM') AS month, count(*)::int AS sales, sum(gross)::int AS gross,
              sum(stripe_fee)::int AS stripe_fee, sum(platform_fee)::int AS platform_fee, sum(net)::int AS net
         FROM payment_sales WHERE seller_id = :seller GROUP BY 1 ORDER BY 1 DESC LIMIT 36`,
      { seller },
    );
    return {
      enabled: this.gateway.enabled,
      platform_fee_percent: this.options.config.payments.platformFeePercent,
      account: account
        ? {
            shopId: account.account_id,
            charges_enabled: account.charges_enabled,
            payouts_enabled: account.payouts_enabled,
            details_submitted: account.details_submitted,
          }
        : null,
      sales: sales.map((s) => ({
        id: s.session_id,
        pageId: s.page_id,
        title: s.book_title,
        gross: s.gross,
        stripe_fee: s.stripe_fee,
        platform_fee: s.platform_fee,
        net: s.net,
        transferred: s.transferred,
        paid_on: new Date(s.paid_on).toISOString(),
      })),
      months,
    };
  }
}
