import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { AccessService } from '../../common/access/access.service';
import { idsWhere } from '../../common/access/ids-where';
import { Permission } from '../../common/access/permission';
import type { AuthUser } from '../../common/auth/auth-user';
import { Msg } from '../../common/http/drf-errors';
import { forbidden } from '../../common/http/id-param.pipe';
import { Db } from '../../database/db';
import { recordEvent } from './payment-events';
import { StripeGateway } from './stripe-gateway';

/**
 * Paying data owners through Stripe Connect: their Express account (onboarding, the dashboard
 * link), what Stripe says of it (`account.updated`), and the sales held for them until it may be
 * paid. Contributes PayoutAccountOwner (payments.account-owner).
 */
@Injectable()
export class Payouts {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly db: Db,
    private readonly gateway: StripeGateway,
    private readonly access: AccessService,
  ) {
    access.contribute(Permission.PayoutAccountOwner, 'payments.account-owner', (viewer, ids, tx) =>
      idsWhere(db, `SELECT user_id AS id FROM payment_accounts WHERE user_id = ANY(:ids::int[]) AND user_id = :viewer`, ids, viewer, tx),
    );
  }

  /** POST create-connect-account/: the user's Express account (made once), and a fresh onboarding link. */
  async connectOnboarding(viewer: AuthUser, name: string, email: string): Promise<string> {
    const stripe = this.gateway.client();
    await this.access.require(viewer, Permission.ProfileExists, [viewer.id], { detail: Msg.payoutProfileRequired });
    let accountId = await this.accountOf(viewer.id);
    if (!accountId) {
      const account = await this.gateway.call('accounts.create', () =>
        stripe.accounts.create(
          {
            type: 'express',
            country: 'JP',
            email,
            business_profile: { name: name.slice(0, 100) || undefined },
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { userId: String(viewer.id) },
          },
          { idempotencyKey: `connect-account-${viewer.id}` },
        ),
      );
      await this.db.exec(`INSERT INTO payment_accounts (user_id, account_id) VALUES (:userId, :accountId) ON CONFLICT DO NOTHING`, {
        userId: viewer.id,
        accountId: account.id,
      });
      accountId = (await this.accountOf(viewer.id))!;
    }
    const origin = this.gateway.ownOrigin();
    const link = await this.gateway.call('accountLinks.create', () =>
      stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        refresh_url: `${origin}/bankaccount?refresh=1`,
        return_url: `${origin}/bankaccount?onboarded=1`,
      }),
    );
    return link.url;
  }

  private async accountOf(userId: number): Promise<string | undefined> {
    return (await this.db.row<{ account_id: string }>(`SELECT account_id FROM payment_accounts WHERE user_id = :userId`, { userId }))?.account_id;
  }

  /** The owner's Connect account, when Stripe said it may take charges and pay out (a sale's destination). */
  async sellingAccount(userId: number): Promise<string | undefined> {
    return (
      await this.db.row<{ account_id: string }>(`SELECT account_id FROM payment_accounts WHERE user_id = :userId AND charges_enabled AND payouts_enabled`, {
        userId,
      })
    )?.account_id;
  }

  /** GET get-my-stripe-account-id: the user's own Connect account id, or null. */
  async myAccountId(viewer: AuthUser): Promise<string | null> {
    return (await this.accountOf(viewer.id)) ?? null;
  }

  /** GET get-login-link: the Express dashboard, for the caller's own account only (PayoutAccountOwner). */
  async loginLink(viewer: AuthUser, shopId: string): Promise<string> {
    const stripe = this.gateway.client();
    const account = await this.db.row<{ user_id: number }>(`SELECT user_id FROM payment_accounts WHERE account_id = :shopId`, { shopId });
    // An account this site does not know is refused as someone else's: whether it exists does not show.
    if (!account) throw forbidden(Msg.notYourAccount);
    await this.access.require(viewer, Permission.PayoutAccountOwner, [account.user_id], { detail: Msg.notYourAccount });
    const link = await this.gateway.call('accounts.createLoginLink', () => stripe.accounts.createLoginLink(shopId));
    return link.url;
  }

  /**
   * `account.updated`: what Stripe says the account may do now, recorded with the event (once).
   * An account this site does not know is acknowledged and nothing is stored. When the seller
   * has just finished setting up payouts, what was held for them goes to them now (a failure is
   * retried by reconciliation).
   */
  async accountUpdated(event: Stripe.Event): Promise<void> {
    const account = event.data.object as Stripe.Account;
    const known = await this.db.row<{ known: number }>(`SELECT 1 AS known FROM payment_accounts WHERE account_id = :accountId`, { accountId: account.id });
    if (!known) {
      this.logger.warn({ eventId: event.id, accountId: account.id }, 'Stripe account.updated for an account this site does not know: acknowledged');
      return;
    }
    const ready = await this.db.transaction(async (tx) => {
      if (!(await recordEvent(this.db, event, tx))) return undefined;
      await this.db.exec(
        `UPDATE payment_accounts SET charges_enabled = :chargesEnabled, payouts_enabled = :payoutsEnabled, details_submitted = :detailsSubmitted, updated_on = now()
          WHERE account_id = :accountId`,
        {
          accountId: account.id,
          chargesEnabled: account.charges_enabled === true,
          payoutsEnabled: account.payouts_enabled === true,
          detailsSubmitted: account.details_submitted === true,
        },
        tx,
      );
      return account.charges_enabled === true && account.payouts_enabled === true ? account.id : undefined;
    });
    if (ready) await this.payHeldSales(ready).catch((err) => this.logger.warn({ err }, 'paying held sales failed; reconciliation retries'));
  }

  /**
   * Sales made before their seller could be paid (no payout account at checkout: `transferred`
   * false) are held by the platform. Once Stripe says the seller's account may take charges and
   * pay out, each held sale's net is transferred to it, once: under a lock of the sale's row, with
   * the sale's own idempotency key. Answers how many were paid now.
   */
  async payHeldSales(accountId: string): Promise<number> {
    const stripe = this.gateway.client();
    const account = await this.db.row<{ user_id: number }>(
      `SELECT user_id FROM payment_accounts WHERE account_id = :accountId AND charges_enabled AND payouts_enabled`,
      { accountId },
    );
    if (!account) return 0;
    const held = await this.db.rows<{ session_id: string }>(
      `SELECT session_id FROM payment_sales WHERE seller_id = :sellerId AND NOT transferred AND net > 0 ORDER BY paid_on, session_id`,
      { sellerId: account.user_id },
    );
    let paid = 0;
    for (const { session_id } of held) {
      await this.db.transaction(async (tx) => {
        const sale = await this.db.row<{ net: number; transferred: boolean }>(
          `SELECT net, transferred FROM payment_sales WHERE session_id = :sessionId FOR UPDATE`,
          { sessionId: session_id },
          tx,
        );
        if (!sale || sale.transferred) return;
        await this.gateway.call('transfers.create', () =>
          stripe.transfers.create(
            { amount: sale.net, currency: 'jpy', destination: accountId, transfer_group: session_id, metadata: { session_id, kind: 'held-sale' } },
            { idempotencyKey: `held-sale-${session_id}` },
          ),
        );
        await this.db.exec(`UPDATE payment_sales SET transferred = true WHERE session_id = :sessionId`, { sessionId: session_id }, tx);
        paid++;
      });
    }
    if (paid) this.logger.log(`paid ${paid} held sales to ${accountId}`);
    return paid;
  }

  /** Reconciliation's second half: held sales of sellers whose accounts are ready (a transfer that failed before). */
  async payAllHeldSales(): Promise<number> {
    const accounts = await this.db.rows<{ account_id: string }>(
      `SELECT a.account_id FROM payment_accounts a
        WHERE a.charges_enabled AND a.payouts_enabled AND EXISTS (SELECT 1 FROM payment_sales s WHERE s.seller_id = a.user_id AND NOT s.transferred AND s.net > 0)`,
    );
    let paid = 0;
    for (const { account_id } of accounts) paid += await this.payHeldSales(account_id).catch(() => 0);
    return paid;
  }
}
