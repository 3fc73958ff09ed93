import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { DrfDetailError, Msg } from '../../common/http/drf-errors';
import { Db } from '../../database/db';
import { JobsService } from '../../jobs/jobs.service';
import { CheckoutFulfilment } from './checkout-fulfilment';
import { Payouts } from './payouts';
import { StripeGateway } from './stripe-gateway';

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
const RECONCILE_QUEUE = 'payments-reconcile';
/** Stripe's ids are short; anything longer (or not a string) is not an event of Stripe's. */
const MAX_ID = 255;

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
  if (event.type.startsWith('checkout.session.') && (HANDLED_EVENTS as readonly string[]).includes(event.type))
    return object.object === 'checkout.session' && isId(object.id);
  if (event.type === 'account.updated') return object.object === 'account' && isId(object.id);
  return true;
}

/**
 * What Stripe tells the site: signed webhooks, and every 15 minutes the handled events of the
 * last 72 hours that no webhook brought (reconciliation), each handled once — a checkout's by the
 * one fulfilment, an account's by the payouts.
 */
@Injectable()
export class StripeEvents {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly db: Db,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly gateway: StripeGateway,
    private readonly fulfilment: CheckoutFulfilment,
    private readonly payouts: Payouts,
    jobs: JobsService,
  ) {
    if (gateway.enabled) jobs.define(RECONCILE_QUEUE, () => this.reconcile().then(() => undefined), { cron: '*/15 * * * *', retryLimit: 1 });
  }

  /** POST stripe-webhook/: the raw body checked against Stripe-Signature, then handled once. */
  async webhook(rawBody: Buffer | undefined, signature: string | string[] | undefined): Promise<void> {
    const secret = this.options.config.payments.webhookSecret;
    if (!this.gateway.enabled || !secret || !rawBody || typeof signature !== 'string') throw new DrfDetailError(HttpStatus.BAD_REQUEST, Msg.badSignature);
    let event: unknown;
    try {
      event = this.gateway.client().webhooks.constructEvent(rawBody, signature, secret);
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
    if (typeof object.id !== 'string') return;
    if (event.type.startsWith('checkout.session.')) await this.fulfilment.fulfilCheckout(object.id, event);
    else if (event.type === 'account.updated') await this.payouts.accountUpdated(event);
  }

  /**
   * Scheduled: the handled events of the last 72 hours that no webhook brought (webhook retries
   * stop after 3 days), handled now; then the held sales a failed transfer left. Answers how many
   * events were handled.
   */
  async reconcile(): Promise<number> {
    if (!this.gateway.enabled) return 0;
    const handled = await this.reconcileEvents();
    await this.payouts.payAllHeldSales();
    return handled;
  }

  private async reconcileEvents(): Promise<number> {
    const stripe = this.gateway.client();
    const since = Math.floor(Date.now() / 1000) - RECONCILE_WINDOW_SECONDS;
    const missed: Stripe.Event[] = [];
    for await (const event of stripe.events.list({ created: { gte: since }, types: [...HANDLED_EVENTS], limit: 100 })) {
      missed.push(event);
    }
    if (!missed.length) return 0;
    const recorded = await this.db.rows<{ id: string }>(`SELECT id FROM payment_events WHERE id = ANY(:ids::text[])`, { ids: missed.map((e) => e.id) });
    const seen = new Set(recorded.map((r) => r.id));
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
}
