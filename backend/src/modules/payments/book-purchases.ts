import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import type { AuthUser } from '../../common/auth/auth-user';
import { DrfDetailError, Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import { Db, type Tx } from '../../database/db';
import { JobsService } from '../../jobs/jobs.service';
import { BooksService } from '../books/books.service';
import { MailService } from '../mail/mail.service';
import { CheckoutFulfilment, type CheckoutRow } from './checkout-fulfilment';
import { CheckoutSessions, KONBINI_DAYS } from './checkout-sessions';
import type { PendingCheckoutResponse } from './dto/payments.dto';
import { Payouts } from './payouts';
import { StripeGateway } from './stripe-gateway';

const REFUND_QUEUE = 'payments-refund';

/**
 * Buying Books: the Checkout Session of a paid Book (card and konbini, JPY, a destination charge
 * to its data owner when they can be paid), the buyer's konbini voucher, and what a Book
 * checkout does once paid — ownership (the Books module's `grantOwnership`) and the recorded sale,
 * or the refund of a second payment for a Book already owned.
 */
@Injectable()
export class BookPurchases {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly db: Db,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly gateway: StripeGateway,
    private readonly sessions: CheckoutSessions,
    private readonly fulfilment: CheckoutFulfilment,
    private readonly payouts: Payouts,
    private readonly books: BooksService,
    private readonly mail: MailService,
    private readonly jobs: JobsService,
  ) {
    fulfilment.registerFulfiller('book', (session, row, eventType, tx) => this.fulfil(session, row, eventType, tx));
    if (gateway.enabled) jobs.define<{ sessionId: string }>(REFUND_QUEUE, ({ sessionId }) => this.refund(sessionId), { retryLimit: 10 });
  }

  /** POST create-checkout-session/: a Checkout Session for Book `pageId`, answered as the URL to go to. */
  async createBookCheckout(viewer: AuthUser, siteUrl: string, pageId: number): Promise<string> {
    const origin = this.sessions.origin(siteUrl);
    const book = await this.books.forSale(pageId, viewer.id);
    if (!book) throw notFound();
    if (book.price <= 0) throw new DrfDetailError(HttpStatus.BAD_REQUEST, Msg.freeBook);
    if (book.ownerId === viewer.id) throw new DrfDetailError(HttpStatus.BAD_REQUEST, Msg.ownBook);
    if (book.owned) throw new DrfDetailError(HttpStatus.BAD_REQUEST, Msg.alreadyOwned);
    // The buyer's unfinished checkouts of this Book: a konbini voucher waiting to be paid refuses
    // a second purchase; an open session is expired once the new one exists (one paid at most).
    const unfinished = await this.db.rows<{ session_id: string; status: 'open' | 'pending' }>(
      `SELECT session_id, status FROM payment_checkouts
        WHERE buyer_id = :buyer AND page_id = :pageId AND kind = 'book' AND status IN ('open', 'pending')
          AND (status = 'open' OR voucher_expires_at IS NULL OR voucher_expires_at > now())`,
      { buyer: viewer.id, pageId },
    );
    if (unfinished.some((c) => c.status === 'pending')) throw new DrfDetailError(HttpStatus.BAD_REQUEST, Msg.paymentPending);
    const destination = book.ownerId === null ? undefined : await this.payouts.sellingAccount(book.ownerId);
    const { sessionId, url } = await this.sessions.open(viewer, {
      kind: 'book',
      origin,
      amount: book.price,
      productName: book.title || `Book ${pageId}`,
      konbini: true,
      successPath: `/gotpage?success=true&session_id={CHECKOUT_SESSION_ID}&index=${pageId}`,
      cancelPath: `/mono/${pageId}`,
      metadata: { pageId: String(pageId) },
      sale: { pageId, sellerId: book.ownerId, platformFee: Math.floor((book.price * this.options.config.payments.platformFeePercent) / 100), destination },
    });
    for (const open of unfinished) if (open.session_id !== sessionId) await this.sessions.expire(open.session_id);
    return url;
  }

  /** GET pending-checkout/: the viewer's konbini voucher for Book `pageId` waiting to be paid, if any. */
  async pendingCheckout(viewer: AuthUser, pageId: number): Promise<PendingCheckoutResponse> {
    const row = await this.db.row<{ voucher_expires_at: Date | string | null; voucher_url: string | null }>(
      `SELECT voucher_expires_at, voucher_url FROM payment_checkouts
        WHERE buyer_id = :buyer AND page_id = :pageId AND kind = 'book' AND status = 'pending' AND (voucher_expires_at IS NULL OR voucher_expires_at > now())
        ORDER BY voucher_expires_at DESC NULLS FIRST LIMIT 1`,
      { buyer: viewer.id, pageId },
    );
    return {
      pending: row !== undefined,
      voucher_expires_at: row?.voucher_expires_at ? new Date(row.voucher_expires_at).toISOString() : null,
      voucher_url: row?.voucher_url ?? null,
    };
  }

  /** A Book checkout: paid → the buyer owns the Book and the sale is recorded; else its state. */
  private async fulfil(session: Stripe.Checkout.Session, row: CheckoutRow, eventType: string | undefined, tx: Tx): Promise<void> {
    if (row.status === 'paid' || row.status === 'refunded') return;
    const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
    if (session.payment_status === 'paid') {
      // The grant's insert is where two paid sessions of one buyer and Book meet (the second waits
      // for the first's commit): the one that grants nothing was paid for a Book already owned.
      const granted = row.buyer_id !== null && row.page_id !== null ? await this.books.grantOwnership(row.buyer_id, row.page_id, 'purchase', tx) : true;
      if (!granted) return this.refundDuplicate(row, tx);
      await this.fulfilment.setStatus(row, 'paid', tx);
      const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const balance = charge && typeof charge.balance_transaction === 'object' ? charge.balance_transaction : null;
      const gross = session.amount_total ?? row.amount;
      const stripeFee = balance?.fee ?? 0;
      const title = row.page_id === null ? '' : ((await this.books.titles([row.page_id], tx)).get(row.page_id) ?? '');
      // The data owner gets the gross less the platform's fee (the destination charge's
      // application_fee_amount); Stripe's fee is taken from the platform's share.
      await this.db.exec(
        `INSERT INTO payment_sales (session_id, page_id, book_title, buyer_id, seller_id, gross, stripe_fee, platform_fee, net, transferred)
         VALUES (:sessionId, :pageId, :title, :buyerId, :sellerId, :gross, :stripeFee, :platformFee, :net, :transferred) ON CONFLICT (session_id) DO NOTHING`,
        {
          sessionId: row.session_id,
          pageId: row.page_id,
          title: title.slice(0, 100),
          buyerId: row.buyer_id,
          sellerId: row.seller_id,
          gross,
          stripeFee,
          platformFee: row.platform_fee,
          net: gross - row.platform_fee,
          transferred: row.destination !== null,
        },
        tx,
      );
      return;
    }
    if (eventType === 'checkout.session.async_payment_failed') return this.fulfilment.setStatus(row, 'failed', tx);
    if (session.status === 'expired') return this.fulfilment.setStatus(row, 'expired', tx);
    if (session.status === 'complete' && row.status !== 'failed') {
      const details = intent?.next_action?.konbini_display_details;
      const expiresAt = new Date((details?.expires_at ?? Math.floor(Date.now() / 1000) + KONBINI_DAYS * 86400) * 1000);
      await this.fulfilment.setStatus(row, 'pending', tx, { expiresAt, url: details?.hosted_voucher_url ?? null });
    }
  }

  /**
   * A second paid checkout of a Book its buyer already owns: no sale, the payment refunded in
   * full (a job, so that Stripe being down delays it and loses nothing) and the buyer told by
   * mail, all committed with the checkout's new state.
   */
  private async refundDuplicate(row: CheckoutRow, tx: Tx): Promise<void> {
    await this.fulfilment.setStatus(row, 'refunded', tx);
    await this.jobs.send(REFUND_QUEUE, { sessionId: row.session_id }, tx);
    if (row.buyer_email) {
      const link = this.mail.frontendLink(row.page_id ? `/mono/${row.page_id}` : '/home');
      await this.mail.sendTemplate(row.buyer_email, 'purchase-refunded', row.language, link, tx);
    }
    this.logger.warn({ sessionId: row.session_id, buyerId: row.buyer_id, pageId: row.page_id }, 'second paid checkout of an owned Book: refunding');
  }

  /** The refund job: the whole payment of a `refunded` checkout back to the buyer (once: Stripe's idempotency key, then `refund_id`). */
  async refund(sessionId: string): Promise<void> {
    const stripe = this.gateway.client();
    const row = await this.db.row<{ status: string; refund_id: string | null; destination: string | null }>(
      `SELECT status, refund_id, destination FROM payment_checkouts WHERE session_id = :sessionId`,
      { sessionId },
    );
    if (!row || row.status !== 'refunded' || row.refund_id) return;
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!paymentIntent) throw new Error(`checkout ${sessionId} has no payment intent to refund`);
    const refund = await stripe.refunds.create(
      {
        payment_intent: paymentIntent,
        reason: 'duplicate',
        metadata: { sessionId },
        // A destination charge: the data owner's transfer and the platform's fee come back too.
        ...(row.destination ? { reverse_transfer: true, refund_application_fee: true } : {}),
      },
      { idempotencyKey: `refund-${sessionId}` },
    );
    await this.db.exec(`UPDATE payment_checkouts SET refund_id = :refundId, updated_on = now() WHERE session_id = :sessionId`, {
      sessionId,
      refundId: refund.id,
    });
  }
}
