import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import * as crypto from 'node:crypto';
import type Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import type { AuthUser } from '../../common/auth/auth-user';
import { EventsService } from '../../common/events/events.service';
import { DrfDetailError, DrfValidationError, Msg } from '../../common/http/drf-errors';
import { forbidden, notFound } from '../../common/http/id-param.pipe';
import { currentRequestOrigin } from '../../common/http/request-origin';
import { Sql } from '../../database/sql';
import { JobsService } from '../../jobs/jobs.service';
import { BooksService } from '../books/books.service';
import { MailService } from '../mail/mail.service';
import type { CheckoutStatusResponse, EarningsResponse, PaymentSettingsResponse, PendingCheckoutResponse } from './dto/payments.dto';
import { stripeClient } from './stripe-client';

/** The events the app acts on (reconciliation lists these). */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'account.updated',
] as const;

/** Stripe retries a webhook for 3 days: reconciliation looks that far back. */
const RECONCILE_WINDOW_SECONDS = 72 * 3600;
const KONBINI_DAYS = 3;
const RECONCILE_QUEUE = 'payments-reconcile';
const REMINDER_QUEUE = 'payments-konbini-reminders';
const REFUND_QUEUE = 'payments-refund';
/** Stripe's ids are short; anything longer (or not a string) is not an event of Stripe's. */
const MAX_ID = 255;

export type CheckoutStatus = 'open' | 'pending' | 'paid' | 'failed' | 'expired' | 'refunded';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_ID;

/**
 * Whether a signed event has the shape of Stripe's: an id, a type, `data.object`, and for the
 * events the app acts on the object they are about (a checkout session, an account) with its id.
 * A signed event without it is malformed (400); one about an object the site does not know is
 * acknowledged (handleEvent).
 */
export function wellFormedEvent(event: unknown): event is Stripe.Event {
  if (!isObject(event) || !isId(event.id) || typeof event.type !== 'string' || !event.type || event.type.length > 100) return false;
  if (!isObject(event.data) || !isObject(event.data.object)) return false;
  const object = event.data.object;
  if (event.type.startsWith('checkout.session.') && (HANDLED_EVENTS as readonly string[]).includes(event.type)) return object.object === 'checkout.session' && isId(object.id);
  if (event.type === 'account.updated') return object.object === 'account' && isId(object.id);
  return true;
}

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
 * What one kind of checkout does once Stripe has said something about its session (`book` here;
 * ads will register their own kind on the same webhook path). Runs in the transaction that also
 * records the event id.
 */
export type CheckoutFulfiller = (session: Stripe.Checkout.Session, row: CheckoutRow, eventType: string | undefined, tx: EntityManager) => Promise<void>;

/**
 * Payments with Stripe: buying Books through Checkout (card and konbini, JPY), paying their data
 * owners through Connect (destination charges with the platform's fee), webhooks, reconciliation
 * and the earnings of a data owner. Owns payment_checkouts, payment_events, payment_accounts and
 * payment_sales. Ownership itself is the Books module's: granted through `grantOwnership`.
 *
 * Fulfilment runs in one place, `fulfilCheckout(sessionId)`, whoever calls it (a webhook, the
 * success page when the webhook is late, reconciliation): it re-reads the session from Stripe,
 * never trusting the caller, and changes anything only inside one transaction that first locks
 * the checkout row; granting is idempotent, so any number of calls grant once.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');
  private readonly stripe?: Stripe;
  private readonly fulfillers = new Map<string, CheckoutFulfiller>();
  private readonly jobs: JobsService;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sql: Sql,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly access: AccessService,
    private readonly books: BooksService,
    private readonly mail: MailService,
    events: EventsService,
    jobs: JobsService,
  ) {
    this.stripe = stripeClient(options.config.payments);
    this.jobs = jobs;
    this.fulfillers.set('book', (session, row, eventType, tx) => this.fulfilBook(session, row, eventType, tx));
    events.subscribe('account.deleted', 'payments', ({ userId }) => this.deleteOfUser(userId));
    if (this.stripe) {
      jobs.define(RECONCILE_QUEUE, () => this.reconcile().then(() => undefined), { cron: '*/15 * * * *', retryLimit: 1 });
      jobs.define(REMINDER_QUEUE, () => this.remindKonbini().then(() => undefined), { cron: '7 * * * *', retryLimit: 1 });
      jobs.define<{ sessionId: string }>(REFUND_QUEUE, ({ sessionId }) => this.refund(sessionId), { retryLimit: 10 });
    }
  }

  get enabled(): boolean {
    return this.stripe !== undefined;
  }

  /** Another kind of checkout (ads) registers what its paid sessions do. */
  registerFulfiller(kind: string, fulfil: CheckoutFulfiller): void {
    this.fulfillers.set(kind, fulfil);
  }

  private client(): Stripe {
    if (!this.stripe) throw new DrfDetailError(HttpStatus.BAD_REQUEST, Msg.paymentsOff);
    return this.stripe;
  }

  /** Stripe's own errors (down, refused) as a clear answer, not a 500. */
  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      this.logger.warn({ err }, `Stripe ${what} failed`);
      throw new DrfDetailError(HttpStatus.BAD_GATEWAY, Msg.paymentProviderError);
    }
  }

  settings(): PaymentSettingsResponse {
    const { platformFeePercent, operator } = this.options.config.payments;
    return { enabled: this.enabled, platform_fee_percent: platformFeePercent, operator };
  }

  /** The site's own origin: PUBLIC_URL when set, else the request's. `SITE_URL` must be it. */
  private siteOrigin(siteUrl: string): string {
    const own = this.options.config.publicUrlConfigured ? this.options.config.publicUrl : (currentRequestOrigin() ?? this.options.config.publicUrl);
    let given: URL;
    try {
      given = new URL(siteUrl);
    } catch {
      throw DrfValidationError.field('SITE_URL', Msg.foreignSiteUrl);
    }
    if (given.origin !== new URL(own).origin) throw DrfValidationError.field('SITE_URL', Msg.foreignSiteUrl);
    return given.origin;
  }

  /** POST create-checkout-session/: a Checkout Session for Book `pageId`, answered as the URL to go to. */
  async createBookCheckout(viewer: AuthUser, siteUrl: string, pageId: number): Promise<string> {
    const stripe = this.client();
    const origin = this.siteOrigin(siteUrl);
    const book = await this.books.forSale(pageId, viewer.id);
    if (!book) throw notFound();
    if (book.price <= 0) throw new DrfDetailError(HttpStatus.BAD_REQUEST, Msg.freeBook);
    if (book.ownerId === viewer.id) throw new DrfDetailError(HttpStatus.BAD_REQUEST, Msg.ownBook);
    if (book.owned) throw new DrfDetailError(HttpStatus.BAD_REQUEST, Msg.alreadyOwned);
    // The buyer's unfinished checkouts of this Book: a konbini voucher waiting to be paid refuses
    // a second purchase; an open session is expired once the new one exists (one paid at most).
    const unfinished: Array<{ session_id: string; status: 'open' | 'pending' }> = await this.sql.query(
      `SELECT session_id, status FROM payment_checkouts
        WHERE buyer_id = $1 AND page_id = $2 AND kind = 'book' AND status IN ('open', 'pending')
          AND (status = 'open' OR voucher_expires_at IS NULL OR voucher_expires_at > now())`,
      [viewer.id, pageId],
    );
    if (unfinished.some((c) => c.status === 'pending')) throw new DrfDetailError(HttpStatus.BAD_REQUEST, Msg.paymentPending);
    const seller = book.ownerId === null ? undefined : await this.sellingAccount(book.ownerId);
    const platformFee = Math.floor((book.price * this.options.config.payments.platformFeePercent) / 100);
    const metadata = { kind: 'book', pageId: String(pageId), userId: String(viewer.id) };
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      line_items: [{ price_data: { currency: 'jpy', unit_amount: book.price, product_data: { name: book.title.slice(0, 100) || `Book ${pageId}` } }, quantity: 1 }],
      // Card and konbini (the SDK's types leave this out in favour of dashboard-chosen methods; the API takes it).
      ...({ payment_method_types: ['card', 'konbini'] } as object),
      payment_method_options: { konbini: { expires_after_days: KONBINI_DAYS } },
      success_url: `${origin}/gotpage?success=true&session_id={CHECKOUT_SESSION_ID}&index=${pageId}`,
      cancel_url: `${origin}/mono/${pageId}`,
      client_reference_id: String(viewer.id),
      customer_email: viewer.email,
      locale: viewer.language === 'en' ? 'en' : 'ja',
      metadata,
      payment_intent_data: {
        metadata,
        ...(seller ? { application_fee_amount: platformFee, transfer_data: { destination: seller } } : {}),
      },
    };
    // The same request within the hour (a double click, a retried call) gets the same session.
    const hour = Math.floor(Date.now() / 3_600_000);
    const idempotencyKey = `checkout-${crypto.createHash('sha256').update(JSON.stringify(params)).update(String(hour)).digest('hex').slice(0, 40)}`;
    const session = await this.call('checkout.sessions.create', () => stripe.checkout.sessions.create(params, { idempotencyKey }));
    await this.db.query(
      `INSERT INTO payment_checkouts (session_id, kind, buyer_id, buyer_email, page_id, seller_id, amount, platform_fee, destination, language)
       VALUES ($1, 'book', $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (session_id) DO NOTHING`,
      [session.id, viewer.id, viewer.email, pageId, book.ownerId, book.price, platformFee, seller ?? null, viewer.language === 'en' ? 'en' : 'ja'],
    );
    for (const open of unfinished) if (open.session_id !== session.id) await this.expireSession(open.session_id);
    if (!session.url) throw new DrfDetailError(HttpStatus.BAD_GATEWAY, Msg.paymentProviderError);
    return session.url;
  }

  /**
   * Expires an open Checkout Session at Stripe (a newer one replaced it). Stripe refuses when the
   * session was completed meanwhile: then it stays as it is, and a second payment, if any, is
   * refunded by the fulfilment.
   */
  private async expireSession(sessionId: string): Promise<void> {
    try {
      await this.client().checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` });
    } catch (err) {
      this.logger.warn({ err, sessionId }, 'Stripe checkout.sessions.expire failed: the session stays');
      return;
    }
    await this.db.query(`UPDATE payment_checkouts SET status = 'expired', updated_on = now() WHERE session_id = $1 AND status = 'open'`, [sessionId]);
  }

  /** GET pending-checkout/: the viewer's konbini voucher for Book `pageId` waiting to be paid, if any. */
  async pendingCheckout(viewer: AuthUser, pageId: number): Promise<PendingCheckoutResponse> {
    const [row]: Array<{ voucher_expires_at: Date | string | null; voucher_url: string | null }> = await this.sql.query(
      `SELECT voucher_expires_at, voucher_url FROM payment_checkouts
        WHERE buyer_id = $1 AND page_id = $2 AND kind = 'book' AND status = 'pending' AND (voucher_expires_at IS NULL OR voucher_expires_at > now())
        ORDER BY voucher_expires_at DESC NULLS FIRST LIMIT 1`,
      [viewer.id, pageId],
    );
    return {
      pending: row !== undefined,
      voucher_expires_at: row?.voucher_expires_at ? new Date(row.voucher_expires_at).toISOString() : null,
      voucher_url: row?.voucher_url ?? null,
    };
  }

  /** The owner's Connect account, when Stripe said it may take charges and pay out. */
  private async sellingAccount(userId: number): Promise<string | undefined> {
    const [row] = await this.sql.query(`SELECT account_id FROM payment_accounts WHERE user_id = $1 AND charges_enabled AND payouts_enabled`, [userId]);
    return row?.account_id;
  }

  /** POST stripe-webhook/: the raw body checked against Stripe-Signature, then handled once. */
  async webhook(rawBody: Buffer | undefined, signature: string | string[] | undefined): Promise<void> {
    const secret = this.options.config.payments.webhookSecret;
    if (!this.stripe || !secret || !rawBody || typeof signature !== 'string') throw new DrfDetailError(HttpStatus.BAD_REQUEST, Msg.badSignature);
    let event: unknown;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      throw new DrfDetailError(HttpStatus.BAD_REQUEST, Msg.badSignature);
    }
    // Signed, but not shaped as Stripe's events are (a null `data`, a numeric type, a huge id).
    if (!wellFormedEvent(event)) throw new DrfDetailError(HttpStatus.BAD_REQUEST, Msg.malformedEvent);
    await this.handleEvent(event);
  }

  /**
   * One event, from a webhook or from reconciliation; its id is recorded with its effect. Events
   * the app does not act on, and those about a session or account the site does not know, are
   * logged and acknowledged: nothing is stored, Stripe is not asked, and Stripe stops retrying.
   */
  async handleEvent(event: Stripe.Event): Promise<void> {
    if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) {
      this.logger.debug(`Stripe event ${event.type} (${event.id}) acknowledged: not one the app acts on`);
      return;
    }
    const object = event.data.object as { object?: string; id?: string };
    if (event.type.startsWith('checkout.session.') && typeof object.id === 'string') {
      await this.fulfilCheckout(object.id, event);
      return;
    }
    if (event.type !== 'account.updated' || typeof object.id !== 'string') return;
    const known = await this.sql.query(`SELECT 1 FROM payment_accounts WHERE account_id = $1`, [object.id]);
    if (!known.length) {
      this.logger.warn({ eventId: event.id, accountId: object.id }, 'Stripe account.updated for an account this site does not know: acknowledged');
      return;
    }
    const ready = await this.db.transaction(async (tx) => {
      if (!(await this.recordEvent(event, tx))) return undefined;
      const account = event.data.object as Stripe.Account;
      await tx.query(
        `UPDATE payment_accounts SET charges_enabled = $2, payouts_enabled = $3, details_submitted = $4, updated_on = now() WHERE account_id = $1`,
        [account.id, account.charges_enabled === true, account.payouts_enabled === true, account.details_submitted === true],
      );
      return account.charges_enabled === true && account.payouts_enabled === true ? account.id : undefined;
    });
    // The seller finished setting up payouts: what was held for them goes to them now (a failure is retried by reconcile).
    if (ready) await this.payHeldSales(ready).catch((err) => this.logger.warn({ err }, 'paying held sales failed; reconciliation retries'));
  }

  /**
   * Sales made before their seller could be paid (no payout account at checkout: `transferred`
   * false) are held by the platform. Once Stripe says the seller's account may take charges and
   * pay out, each held sale's net is transferred to it, once: under a lock of the sale's row, with
   * the sale's own idempotency key. Answers how many were paid now.
   */
  async payHeldSales(accountId: string): Promise<number> {
    const stripe = this.client();
    const [account] = await this.sql.query(`SELECT user_id FROM payment_accounts WHERE account_id = $1 AND charges_enabled AND payouts_enabled`, [accountId]);
    if (!account) return 0;
    const held: Array<{ session_id: string }> = await this.sql.query(
      `SELECT session_id FROM payment_sales WHERE seller_id = $1 AND NOT transferred AND net > 0 ORDER BY paid_on, session_id`,
      [account.user_id],
    );
    let paid = 0;
    for (const { session_id } of held) {
      await this.db.transaction(async (tx) => {
        const [sale] = await tx.query(`SELECT net, transferred FROM payment_sales WHERE session_id = $1 FOR UPDATE`, [session_id]);
        if (!sale || sale.transferred) return;
        await this.call('transfers.create', () =>
          stripe.transfers.create(
            { amount: sale.net, currency: 'jpy', destination: accountId, transfer_group: session_id, metadata: { session_id, kind: 'held-sale' } },
            { idempotencyKey: `held-sale-${session_id}` },
          ),
        );
        await tx.query(`UPDATE payment_sales SET transferred = true WHERE session_id = $1`, [session_id]);
        paid++;
      });
    }
    if (paid) this.logger.log(`paid ${paid} held sales to ${accountId}`);
    return paid;
  }

  /** Reconciliation's second half: held sales of sellers whose accounts are ready (a transfer that failed before). */
  async payAllHeldSales(): Promise<number> {
    const accounts: Array<{ account_id: string }> = await this.sql.query(
      `SELECT a.account_id FROM payment_accounts a
        WHERE a.charges_enabled AND a.payouts_enabled AND EXISTS (SELECT 1 FROM payment_sales s WHERE s.seller_id = a.user_id AND NOT s.transferred AND s.net > 0)`,
    );
    let paid = 0;
    for (const { account_id } of accounts) paid += await this.payHeldSales(account_id).catch(() => 0);
    return paid;
  }

  /** Inserts the event id; false when it was handled before (nothing more to do). */
  private async recordEvent(event: Stripe.Event, tx: EntityManager): Promise<boolean> {
    const rows = await tx.query(`INSERT INTO payment_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id`, [event.id, event.type.slice(0, 100)]);
    return rows.length > 0;
  }

  /**
   * The one fulfilment: re-reads the session from Stripe and applies what it says, under a lock
   * of its checkout row, with the event (if any) recorded in the same transaction. Any number of
   * calls, in any order, grant once.
   */
  async fulfilCheckout(sessionId: string, event?: Stripe.Event): Promise<CheckoutStatus | undefined> {
    const stripe = this.client();
    if (event) {
      // A redelivered event: known already, no call to Stripe (the insert below is what guarantees once).
      // An event about a session this site did not make: acknowledged, nothing stored, Stripe not asked.
      const [known]: Array<{ seen: boolean; ours: boolean }> = await this.sql.query(
        `SELECT EXISTS (SELECT 1 FROM payment_events WHERE id = $1) AS seen, EXISTS (SELECT 1 FROM payment_checkouts WHERE session_id = $2) AS ours`,
        [event.id, sessionId],
      );
      if (known.seen) return undefined;
      if (!known.ours) {
        this.logger.warn({ eventId: event.id, sessionId }, `Stripe ${event.type} for a session this site did not make: acknowledged`);
        return undefined;
      }
    }
    const session = await this.call('checkout.sessions.retrieve', () =>
      stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge.balance_transaction'] }),
    );
    return this.db.transaction(async (tx) => {
      if (event && !(await this.recordEvent(event, tx))) return undefined;
      const [row]: CheckoutRow[] = await tx.query(
        `SELECT session_id, kind, buyer_id, buyer_email, language, page_id, seller_id, amount, platform_fee, destination, status FROM payment_checkouts WHERE session_id = $1 FOR UPDATE`,
        [sessionId],
      );
      if (!row) return undefined; // not a session this site made
      const fulfil = this.fulfillers.get(row.kind);
      if (fulfil) await fulfil(session, row, event?.type, tx);
      const [after] = await tx.query(`SELECT status FROM payment_checkouts WHERE session_id = $1`, [sessionId]);
      return after.status as CheckoutStatus;
    });
  }

  /**
   * Extension point for the other kinds of checkout (ads): a JPY card Checkout Session of `kind`
   * for `amount` yen, paid by `viewer`, recorded in payment_checkouts so that the one webhook
   * path hands it to the fulfiller registered for `kind`. `SITE_URL` is checked as for Books;
   * `successPath` may hold `{CHECKOUT_SESSION_ID}`.
   */
  async startCheckout(
    viewer: AuthUser,
    order: { kind: string; siteUrl: string; amount: number; productName: string; successPath: string; cancelPath: string; metadata: Record<string, string> },
  ): Promise<{ sessionId: string; url: string }> {
    const stripe = this.client();
    const origin = this.siteOrigin(order.siteUrl);
    const metadata = { ...order.metadata, kind: order.kind, userId: String(viewer.id) };
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      line_items: [{ price_data: { currency: 'jpy', unit_amount: order.amount, product_data: { name: order.productName.slice(0, 100) } }, quantity: 1 }],
      ...({ payment_method_types: ['card'] } as object),
      success_url: `${origin}${order.successPath}`,
      cancel_url: `${origin}${order.cancelPath}`,
      client_reference_id: String(viewer.id),
      customer_email: viewer.email,
      locale: viewer.language === 'en' ? 'en' : 'ja',
      metadata,
      payment_intent_data: { metadata },
    };
    const hour = Math.floor(Date.now() / 3_600_000);
    const idempotencyKey = `checkout-${crypto.createHash('sha256').update(JSON.stringify(params)).update(String(hour)).digest('hex').slice(0, 40)}`;
    const session = await this.call('checkout.sessions.create', () => stripe.checkout.sessions.create(params, { idempotencyKey }));
    await this.db.query(
      `INSERT INTO payment_checkouts (session_id, kind, buyer_id, buyer_email, amount, language) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (session_id) DO NOTHING`,
      [session.id, order.kind, viewer.id, viewer.email, order.amount, viewer.language === 'en' ? 'en' : 'ja'],
    );
    if (!session.url) throw new DrfDetailError(HttpStatus.BAD_GATEWAY, Msg.paymentProviderError);
    return { sessionId: session.id, url: session.url };
  }

  /** A checkout's state as a fulfiller learnt it (also for the fulfillers of other kinds). */
  async setStatus(row: CheckoutRow, status: CheckoutStatus, tx: EntityManager, voucher?: { expiresAt: Date; url: string | null }): Promise<void> {
    await tx.query(
      `UPDATE payment_checkouts SET status = $2, voucher_expires_at = coalesce($3, voucher_expires_at), voucher_url = coalesce($4, voucher_url), updated_on = now() WHERE session_id = $1`,
      [row.session_id, status, voucher?.expiresAt ?? null, voucher?.url ?? null],
    );
  }

  /** A Book checkout: paid → the buyer owns the Book and the sale is recorded; else its state. */
  private async fulfilBook(session: Stripe.Checkout.Session, row: CheckoutRow, eventType: string | undefined, tx: EntityManager): Promise<void> {
    if (row.status === 'paid' || row.status === 'refunded') return;
    const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
    if (session.payment_status === 'paid') {
      // The grant's insert is where two paid sessions of one buyer and Book meet (the second waits
      // for the first's commit): the one that grants nothing was paid for a Book already owned.
      const granted = row.buyer_id !== null && row.page_id !== null ? await this.books.grantOwnership(row.buyer_id, row.page_id, 'purchase', tx) : true;
      if (!granted) return this.refundDuplicate(row, tx);
      await this.setStatus(row, 'paid', tx);
      const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const balance = charge && typeof charge.balance_transaction === 'object' ? charge.balance_transaction : null;
      const gross = session.amount_total ?? row.amount;
      const stripeFee = balance?.fee ?? 0;
      const title = row.page_id === null ? '' : ((await this.books.titles([row.page_id], tx)).get(row.page_id) ?? '');
      // The data owner gets the gross less the platform's fee (the destination charge's
      // application_fee_amount); Stripe's fee is taken from the platform's share.
      await tx.query(
        `INSERT INTO payment_sales (session_id, page_id, book_title, buyer_id, seller_id, gross, stripe_fee, platform_fee, net, transferred)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (session_id) DO NOTHING`,
        [row.session_id, row.page_id, title.slice(0, 100), row.buyer_id, row.seller_id, gross, stripeFee, row.platform_fee, gross - row.platform_fee, row.destination !== null],
      );
      return;
    }
    if (eventType === 'checkout.session.async_payment_failed') return this.setStatus(row, 'failed', tx);
    if (session.status === 'expired') return this.setStatus(row, 'expired', tx);
    if (session.status === 'complete' && row.status !== 'failed') {
      const details = intent?.next_action?.konbini_display_details;
      const expiresAt = new Date((details?.expires_at ?? Math.floor(Date.now() / 1000) + KONBINI_DAYS * 86400) * 1000);
      await this.setStatus(row, 'pending', tx, { expiresAt, url: details?.hosted_voucher_url ?? null });
    }
  }

  /**
   * A second paid checkout of a Book its buyer already owns: no sale, the payment refunded in
   * full (a job, so that Stripe being down delays it and loses nothing) and the buyer told by
   * mail, all committed with the checkout's new state.
   */
  private async refundDuplicate(row: CheckoutRow, tx: EntityManager): Promise<void> {
    await this.setStatus(row, 'refunded', tx);
    await this.jobs.send(REFUND_QUEUE, { sessionId: row.session_id }, tx);
    if (row.buyer_email) {
      const link = this.mail.frontendLink(row.page_id ? `/mono/${row.page_id}` : '/home');
      await this.mail.sendTemplate(row.buyer_email, 'purchase-refunded', row.language, link, tx);
    }
    this.logger.warn({ sessionId: row.session_id, buyerId: row.buyer_id, pageId: row.page_id }, 'second paid checkout of an owned Book: refunding');
  }

  /** The refund job: the whole payment of a `refunded` checkout back to the buyer (once: Stripe's idempotency key, then `refund_id`). */
  async refund(sessionId: string): Promise<void> {
    const stripe = this.client();
    const [row]: Array<{ status: string; refund_id: string | null; destination: string | null }> = await this.sql.query(
      `SELECT status, refund_id, destination FROM payment_checkouts WHERE session_id = $1`,
      [sessionId],
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
    await this.db.query(`UPDATE payment_checkouts SET refund_id = $2, updated_on = now() WHERE session_id = $1`, [sessionId, refund.id]);
  }

  /** POST checkout-session-status/: the success page asks (the webhook may be late); the buyer's own session only. */
  async checkoutStatus(viewer: AuthUser, sessionId: string): Promise<CheckoutStatusResponse> {
    this.client();
    const [row] = await this.sql.query(`SELECT page_id, buyer_id FROM payment_checkouts WHERE session_id = $1`, [sessionId]);
    if (!row || row.buyer_id !== viewer.id) throw notFound();
    const status = (await this.fulfilCheckout(sessionId)) ?? 'open';
    const [after] = await this.sql.query(`SELECT voucher_expires_at, voucher_url FROM payment_checkouts WHERE session_id = $1`, [sessionId]);
    return {
      status,
      pageId: row.page_id,
      voucher_expires_at: after?.voucher_expires_at ? new Date(after.voucher_expires_at).toISOString() : null,
      voucher_url: after?.voucher_url ?? null,
    };
  }

  /**
   * Scheduled: the handled events of the last 72 hours that no webhook brought (webhook retries
   * stop after 3 days), handled now. Answers how many were handled.
   */
  async reconcile(): Promise<number> {
    if (!this.stripe) return 0;
    const handled = await this.reconcileEvents();
    await this.payAllHeldSales();
    return handled;
  }

  private async reconcileEvents(): Promise<number> {
    const stripe = this.client();
    const since = Math.floor(Date.now() / 1000) - RECONCILE_WINDOW_SECONDS;
    const missed: Stripe.Event[] = [];
    for await (const event of stripe.events.list({ created: { gte: since }, types: [...HANDLED_EVENTS], limit: 100 })) {
      missed.push(event);
    }
    if (!missed.length) return 0;
    const seen = new Set<string>(
      (await this.sql.query(`SELECT id FROM payment_events WHERE id = ANY($1::text[])`, [missed.map((e) => e.id)])).map((r: { id: string }) => r.id),
    );
    let handled = 0;
    // Oldest first, as they happened.
    for (const event of missed.reverse()) {
      if (seen.has(event.id)) continue;
      await this.handleEvent(event);
      handled++;
    }
    if (handled) this.logger.log(`reconciliation handled ${handled} missed Stripe events`);
    return handled;
  }

  /** Scheduled: konbini buyers whose voucher expires within 24 hours get one reminder, in their language. */
  async remindKonbini(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [rows]: [Array<{ buyer_email: string | null; language: string; voucher_url: string | null; page_id: number | null }>, number] = await tx.query(
        `UPDATE payment_checkouts SET reminded_on = now()
          WHERE status = 'pending' AND reminded_on IS NULL AND voucher_expires_at > now() AND voucher_expires_at <= now() + interval '24 hours'
          RETURNING buyer_email, language, voucher_url, page_id`,
      );
      for (const row of rows) {
        if (!row.buyer_email) continue;
        const link = row.voucher_url ?? this.mail.frontendLink(row.page_id ? `/mono/${row.page_id}` : '/home');
        await this.mail.sendTemplate(row.buyer_email, 'konbini-reminder', row.language, link, tx);
      }
      return rows.length;
    });
  }

  /** POST create-connect-account/: the user's Express account (made once), and a fresh onboarding link. */
  async connectOnboarding(viewer: AuthUser, name: string, email: string): Promise<string> {
    const stripe = this.client();
    await this.access.require(viewer, Permission.ProfileExists, [viewer.id], { detail: Msg.payoutProfileRequired });
    let accountId = await this.accountOf(viewer.id);
    if (!accountId) {
      const account = await this.call('accounts.create', () =>
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
      await this.db.query(`INSERT INTO payment_accounts (user_id, account_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [viewer.id, account.id]);
      accountId = (await this.accountOf(viewer.id))!;
    }
    const origin = this.options.config.publicUrlConfigured ? this.options.config.publicUrl : (currentRequestOrigin() ?? this.options.config.publicUrl);
    const link = await this.call('accountLinks.create', () =>
      stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', refresh_url: `${origin}/bankaccount?refresh=1`, return_url: `${origin}/bankaccount?onboarded=1` }),
    );
    return link.url;
  }

  private async accountOf(userId: number): Promise<string | undefined> {
    const [row] = await this.sql.query(`SELECT account_id FROM payment_accounts WHERE user_id = $1`, [userId]);
    return row?.account_id;
  }

  /** GET get-my-stripe-account-id: the user's own Connect account id, or null. */
  async myAccountId(viewer: AuthUser): Promise<string | null> {
    return (await this.accountOf(viewer.id)) ?? null;
  }

  /** GET get-login-link: the Express dashboard, for the caller's own account only. */
  async loginLink(viewer: AuthUser, shopId: string): Promise<string> {
    const stripe = this.client();
    const [row] = await this.sql.query(`SELECT user_id FROM payment_accounts WHERE account_id = $1`, [shopId]);
    if (!row || row.user_id !== viewer.id) throw forbidden(Msg.notYourAccount);
    const link = await this.call('accounts.createLoginLink', () => stripe.accounts.createLoginLink(shopId));
    return link.url;
  }

  /** GET earnings/: the data owner's account state, sales (newest 100) and monthly totals. */
  async earnings(viewer: AuthUser): Promise<EarningsResponse> {
    const [account] = await this.sql.query(`SELECT account_id, charges_enabled, payouts_enabled, details_submitted FROM payment_accounts WHERE user_id = $1`, [viewer.id]);
    const sales: Array<{ session_id: string; page_id: number | null; book_title: string; gross: number; stripe_fee: number; platform_fee: number; net: number; transferred: boolean; paid_on: Date }> =
      await this.sql.query(
        `SELECT session_id, page_id, book_title, gross, stripe_fee, platform_fee, net, transferred, paid_on FROM payment_sales WHERE seller_id = $1 ORDER BY paid_on DESC, session_id LIMIT 100`,
        [viewer.id],
      );
    const months: Array<{ month: string; sales: number; gross: number; stripe_fee: number; platform_fee: number; net: number }> = await this.sql.query(
      `SELECT to_char(paid_on AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM') AS month, count(*)::int AS sales, sum(gross)::int AS gross,
              sum(stripe_fee)::int AS stripe_fee, sum(platform_fee)::int AS platform_fee, sum(net)::int AS net
         FROM payment_sales WHERE seller_id = $1 GROUP BY 1 ORDER BY 1 DESC LIMIT 36`,
      [viewer.id],
    );
    return {
      enabled: this.enabled,
      platform_fee_percent: this.options.config.payments.platformFeePercent,
      account: account
        ? { shopId: account.account_id, charges_enabled: account.charges_enabled, payouts_enabled: account.payouts_enabled, details_submitted: account.details_submitted }
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

  /** `account.deleted`: the Connect account row goes; checkouts and sales stay as accounting records, without the user. */
  async deleteOfUser(userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(`UPDATE payment_checkouts SET buyer_id = NULL, buyer_email = NULL WHERE buyer_id = $1`, [userId]);
      await tx.query(`UPDATE payment_checkouts SET seller_id = NULL WHERE seller_id = $1`, [userId]);
      await tx.query(`UPDATE payment_sales SET buyer_id = NULL WHERE buyer_id = $1`, [userId]);
      await tx.query(`UPDATE payment_sales SET seller_id = NULL WHERE seller_id = $1`, [userId]);
      await tx.query(`DELETE FROM payment_accounts WHERE user_id = $1`, [userId]);
    });
  }
}
