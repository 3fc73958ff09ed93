import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import type { AuthUser } from '../../common/auth/auth-user';
import { notFound } from '../../common/http/id-param.pipe';
import { Db, type Tx } from '../../database/db';
import type { CheckoutStatusResponse } from './dto/payments.dto';
import { recordEvent } from './payment-events';
import { StripeGateway } from './stripe-gateway';

export type CheckoutStatus = 'open' | 'pending' | 'paid' | 'failed' | 'expired' | 'refunded';

export interface CheckoutRow {
  session_id: string;
  kind: string;
  buyer_id: number | null;
  buyer_email: string | null;
  language: string;
  page_id: number | null;
  seller_id: number | null;
  amount: number;
  platform_fee: number;
  destination: string | null;
  status: CheckoutStatus;
}

/**
 * What one kind of checkout does once Stripe has said something about its session (`book`, `ad`:
 * each registers its own on the same webhook path). Runs in the transaction that also records
 * the event id.
 */
export type CheckoutFulfiller = (session: Stripe.Checkout.Session, row: CheckoutRow, eventType: string | undefined, tx: Tx) => Promise<void>;

/**
 * Fulfilment runs in one place, `fulfilCheckout(sessionId)`, whoever calls it (a webhook, the
 * success page when the webhook is late, reconciliation): it re-reads the session from Stripe,
 * never trusting the caller, and changes anything only inside one transaction that first locks
 * the checkout row, where the fulfiller of the checkout's kind applies it; granting is
 * idempotent, so any number of calls grant once.
 */
@Injectable()
export class CheckoutFulfilment {
  private readonly logger = new Logger('Payments');
  private readonly fulfillers = new Map<string, CheckoutFulfiller>();

  constructor(
    private readonly db: Db,
    private readonly gateway: StripeGateway,
  ) {}

  /** A kind of checkout (book, ad) registers what its sessions do. */
  registerFulfiller(kind: string, fulfil: CheckoutFulfiller): void {
    this.fulfillers.set(kind, fulfil);
  }

  /**
   * The one fulfilment: re-reads the session from Stripe and applies what it says, under a lock
   * of its checkout row, with the event (if any) recorded in the same transaction. Any number of
   * calls, in any order, grant once.
   */
  async fulfilCheckout(sessionId: string, event?: Stripe.Event): Promise<CheckoutStatus | undefined> {
    const stripe = this.gateway.client();
    if (event) {
      // A redelivered event: known already, no call to Stripe (the insert below is what guarantees once).
      // An event about a session this site did not make: acknowledged, nothing stored, Stripe not asked.
      const known = (await this.db.row<{ seen: boolean; ours: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM payment_events WHERE id = :eventId) AS seen, EXISTS (SELECT 1 FROM payment_checkouts WHERE session_id = :sessionId) AS ours`,
        { eventId: event.id, sessionId },
      ))!;
      if (known.seen) return undefined;
      if (!known.ours) {
        this.logger.warn({ eventId: event.id, sessionId }, `Stripe ${event.type} for a session this site did not make: acknowledged`);
        return undefined;
      }
    }
    const session = await this.gateway.call('checkout.sessions.retrieve', () =>
      stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge.balance_transaction'] }),
    );
    return this.db.transaction(async (tx) => {
      if (event && !(await recordEvent(this.db, event, tx))) return undefined;
      const row = await this.db.row<CheckoutRow>(
        `SELECT session_id, kind, buyer_id, buyer_email, language, page_id, seller_id, amount, platform_fee, destination, status FROM payment_checkouts WHERE session_id = :sessionId FOR UPDATE`,
        { sessionId },
        tx,
      );
      if (!row) return undefined; // not a session this site made
      const fulfil = this.fulfillers.get(row.kind);
      if (fulfil) await fulfil(session, row, event?.type, tx);
      const after = (await this.db.row<{ status: CheckoutStatus }>(`SELECT status FROM payment_checkouts WHERE session_id = :sessionId`, { sessionId }, tx))!;
      return after.status;
    });
  }

  /** A checkout's state as a fulfiller learnt it. */
  async setStatus(row: CheckoutRow, status: CheckoutStatus, tx: Tx, voucher?: { expiresAt: Date; url: string | null }): Promise<void> {
    await this.db.exec(
      `UPDATE payment_checkouts SET status = :status, voucher_expires_at = coalesce(:voucherExpiresAt, voucher_expires_at), voucher_url = coalesce(:voucherUrl, voucher_url), updated_on = now()
        WHERE session_id = :sessionId`,
      { sessionId: row.session_id, status, voucherExpiresAt: voucher?.expiresAt ?? null, voucherUrl: voucher?.url ?? null },
      tx,
    );
  }

  /** POST checkout-session-status/: the success page asks (the webhook may be late); the buyer's own session only. */
  async checkoutStatus(viewer: AuthUser, sessionId: string): Promise<CheckoutStatusResponse> {
    this.gateway.client();
    const row = await this.db.row<{ page_id: number | null; buyer_id: number | null }>(
      `SELECT page_id, buyer_id FROM payment_checkouts WHERE session_id = :sessionId`,
      { sessionId },
    );
    if (!row || row.buyer_id !== viewer.id) throw notFound();
    const status = (await this.fulfilCheckout(sessionId)) ?? 'open';
    const after = await this.db.row<{ voucher_expires_at: Date | string | null; voucher_url: string | null }>(
      `SELECT voucher_expires_at, voucher_url FROM payment_checkouts WHERE session_id = :sessionId`,
      { sessionId },
    );
    return {
      status,
      pageId: row.page_id,
      voucher_expires_at: after?.voucher_expires_at ? new Date(after.voucher_expires_at).toISOString() : null,
      voucher_url: after?.voucher_url ?? null,
    };
  }
}
