import request from 'supertest';
import { startStripeStandIn, type StandInEvent, type StripeStandIn } from '../../scripts/stripe-stand-in.mjs';
import type { TestApp } from './test-app';

export const WEBHOOK_SECRET = 'whsec_test_secret_for_the_stand_in';

/** The environment that points the app's real Stripe SDK at a stand-in. */
export function stripeEnv(standIn: StripeStandIn): Record<string, string> {
  return { STRIPE_SECRET_KEY: 'sk_test_stand_in', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: standIn.url };
}

/**
 * A Stripe stand-in for one test file. Events are not posted by the stand-in itself
 * (`autoDeliver` false) unless a test turns it on after `listen`: tests post them with
 * `postEvent`, signed as Stripe signs them.
 */
export async function startStandIn(): Promise<StripeStandIn> {
  const standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
  standIn.autoDeliver = false;
  return standIn;
}

/** Posts an event to the app's webhook endpoint, signed (by default with the right secret, now). */
export function postEvent(t: TestApp, standIn: StripeStandIn, event: StandInEvent | object, opts: { secret?: string; timestamp?: number } = {}) {
  const { payload, header } = standIn.sign(event, { secret: opts.secret ?? WEBHOOK_SECRET, timestamp: opts.timestamp });
  return request(t.http).post('/api/user/stripe-webhook/').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(payload);
}

/** The session id in a `goTo` URL of the stand-in (`…/pay/{id}`). */
export const sessionIdOf = (goTo: string) => goTo.split('/pay/')[1];
