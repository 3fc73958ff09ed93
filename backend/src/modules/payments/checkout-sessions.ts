import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import * as crypto from 'node:crypto';
import type Stripe from 'stripe';
import type { AuthUser } from '../../common/auth/auth-user';
import { DrfDetailError, DrfValidationError, Msg } from '../../common/http/drf-errors';
import { contentLanguage } from '../../common/i18n/language';
import { Db } from '../../database/db';
import { StripeGateway } from './stripe-gateway';

/** Days a konbini voucher may be paid in (Checkout's `expires_after_days`). */
export const KONBINI_DAYS = 3;

/** What one Checkout Session sells: everything its Stripe params and its payment_checkouts row are made of. */
export interface CheckoutOrder {
  /** What it pays for ('book', 'ad'): the webhook hands the paid session to the fulfiller of this kind. */
  kind: string;
  /** The site's own origin, from `CheckoutSessions.origin` (the success and cancel URLs are built on it). */
  origin: string;
  /** Yen. */
  amount: number;
  /** The line item Stripe shows (its first 100 characters). */
  productName: string;
  /** Konbini besides card (a Book: the buyer may pay within KONBINI_DAYS); card only otherwise. */
  konbini: boolean;
  /** May hold `{CHECKOUT_SESSION_ID}`. */
  successPath: string;
  cancelPath: string;
  /** Stripe metadata of the session and its payment, beside `kind` and `userId`. */
  metadata: Record<string, string>;
  /** A Book's sale: the Book, its data owner, the platform's fee, and the owner's Connect account when they can be paid (a destination charge). */
  sale?: { pageId: number; sellerId: number | null; platformFee: number; destination?: string };
}

/**
 * The one Checkout builder: a JPY Checkout Session for an order (a Book, an ad), made at Stripe
 * and recorded in payment_checkouts, so that the one webhook path hands it to the fulfiller of
 * its kind. Also the expiry of a session a newer one replaced.
 */
@Injectable()
export class CheckoutSessions {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly db: Db,
    private readonly gateway: StripeGateway,
  ) {}

  /** Payments on (400 otherwise) and `siteUrl` (the request's SITE_URL) the site's own origin: that origin. */
  origin(siteUrl: string): string {
    this.gateway.client();
    let given: URL;
    try {
      given = new URL(siteUrl);
    } catch {
      throw DrfValidationError.field('SITE_URL', Msg.foreignSiteUrl);
    }
    if (given.origin !== new URL(this.gateway.ownOrigin()).origin) throw DrfValidationError.field('SITE_URL', Msg.foreignSiteUrl);
    return given.origin;
  }

  /** A Checkout Session for `order`, paid by `buyer`, recorded; answers its id and the URL to send the browser to. */
  async open(buyer: AuthUser, order: CheckoutOrder): Promise<{ sessionId: string; url: string }> {
    const stripe = this.gateway.client();
    const language = contentLanguage(buyer.language);
    const metadata = { kind: order.kind, ...order.metadata, userId: String(buyer.id) };
    const { sale } = order;
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      line_items: [{ price_data: { currency: 'jpy', unit_amount: order.amount, product_data: { name: order.productName.slice(0, 100) } }, quantity: 1 }],
      // Card and konbini (the SDK's types leave this out in favour of dashboard-chosen methods; the API takes it).
      ...({ payment_method_types: order.konbini ? ['card', 'konbini'] : ['card'] } as object),
      ...(order.konbini ? { payment_method_options: { konbini: { expires_after_days: KONBINI_DAYS } } } : {}),
      success_url: `${order.origin}${order.successPath}`,
      cancel_url: `${order.origin}${order.cancelPath}`,
      client_reference_id: String(buyer.id),
      customer_email: buyer.email,
      locale: language,
      metadata,
      payment_intent_data: {
        metadata,
        ...(sale?.destination ? { application_fee_amount: sale.platformFee, transfer_data: { destination: sale.destination } } : {}),
      },
    };
    // The same request within the hour (a double click, a retried call) gets the same session.
    const hour = Math.floor(Date.now() / 3_600_000);
    const idempotencyKey = `checkout-${crypto.createHash('sha256').update(JSON.stringify(params)).update(String(hour)).digest('hex').slice(0, 40)}`;
    const session = await this.gateway.call('checkout.sessions.create', () => stripe.checkout.sessions.create(params, { idempotencyKey }));
    await this.db.exec(
      `INSERT INTO payment_checkouts (session_id, kind, buyer_id, buyer_email, page_id, seller_id, amount, platform_fee, destination, language)
       VALUES (:sessionId, :kind, :buyerId, :buyerEmail, :pageId, :sellerId, :amount, :platformFee, :destination, :language) ON CONFLICT (session_id) DO NOTHING`,
      {
        sessionId: session.id,
        kind: order.kind,
        buyerId: buyer.id,
        buyerEmail: buyer.email,
        pageId: sale?.pageId ?? null,
        sellerId: sale?.sellerId ?? null,
        amount: order.amount,
        platformFee: sale?.platformFee ?? 0,
        destination: sale?.destination ?? null,
        language,
      },
    );
    if (!session.url) throw new DrfDetailError(HttpStatus.BAD_GATEWAY, Msg.paymentProviderError);
    return { sessionId: session.id, url: session.url };
  }

  /**
   * Expires an open Checkout Session at Stripe (a newer one replaced it). Stripe refuses when the
   * session was completed meanwhile: then it stays as it is, and a second payment, if any, is
   * refunded by the fulfilment.
   */
  async expire(sessionId: string): Promise<void> {
    try {
      await this.gateway.client().checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` });
    } catch (err) {
      this.logger.warn({ err, sessionId }, 'Stripe checkout.sessions.expire failed: the session stays');
      return;
    }
    await this.db.exec(`UPDATE payment_checkouts SET status = 'expired', updated_on = now() WHERE session_id = :sessionId AND status = 'open'`, { sessionId });
  }
}
