#!/usr/bin/env node
// A small stand-in for the parts of the Stripe API this app calls, for tests and local trials
// (there is no stripe-mock on npm). The app talks to it through the real `stripe` SDK
// (STRIPE_API_URL=http://127.0.0.1:<port>); it serves a checkout page that pays by card, fails,
// or issues a konbini voucher paid (or not) later, and an onboarding page for Connect accounts,
// then posts webhooks signed as Stripe signs them (stripe.webhooks.generateTestHeaderString).
//
//   npm run stripe:stand-in -w backend -- --port 12111 --webhook http://localhost:3000/api/user/stripe-webhook/ --secret whsec_local
//
// Served: POST/GET /v1/checkout/sessions[/:id], POST /v1/checkout/sessions/:id/expire, POST /v1/refunds,
// GET /v1/events[/:id], POST/GET /v1/accounts[/:id], POST /v1/account_links,
// POST /v1/accounts/:id/login_links, GET /v1/payment_intents/:id,
// POST /v1/transfers (to an account that may be paid out);
// pages /pay/:session, /onboard/:account, /dashboard/:account. State lives in memory.
import * as crypto from 'node:crypto';
import * as http from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import qs from 'qs';
import Stripe from 'stripe';

const signer = new Stripe('sk_test_stand_in');
const STRIPE_FEE_PERCENT = 3.6; // Stripe's card rate in Japan; the stand-in charges it on konbini too

const id = (prefix) => `${prefix}_test_${crypto.randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Starts the stand-in. `webhookUrl` and `webhookSecret` may be changed later on the returned
 * object (tests set them once the app listens). `autoDeliver: false` keeps events unsent
 * (listed by /v1/events only): a "lost" webhook.
 */
export async function startStripeStandIn({ port = 0, host = '127.0.0.1', webhookUrl, webhookSecret, publicUrl } = {}) {
  const sessions = new Map();
  const paymentIntents = new Map();
  const accounts = new Map();
  const refunds = new Map();
  const transfers = [];
  const events = [];
  const idempotent = new Map();
  const state = {
    webhookUrl,
    webhookSecret,
    autoDeliver: true,
    /** Every request to /v1, for assertions: {method, path, body, idempotencyKey}. */
    requests: [],
    sessions,
    accounts,
    refunds,
    /** Transfers made (POST /v1/transfers), oldest first. */
    transfers,
    events,
  };

  function base() {
    return state.publicUrl ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${server.address().port}`;
  }

  function sessionView(session, expand = []) {
    const view = { ...session };
    if (expand.includes('payment_intent') || expand.some((e) => e.startsWith('payment_intent.'))) {
      view.payment_intent = session.payment_intent ? paymentIntentView(paymentIntents.get(session.payment_intent), true) : null;
    }
    return view;
  }

  function paymentIntentView(pi, expandCharge) {
    if (!pi) return null;
    return expandCharge ? pi : { ...pi, latest_charge: pi.latest_charge?.id ?? null };
  }

  function emit(type, object) {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      data: { object: JSON.parse(JSON.stringify(object)) },
    };
    events.push(event);
    return event;
  }

  /** The body and the Stripe-Signature header of an event, signed now (or at `timestamp`). */
  function sign(event, { secret = state.webhookSecret, timestamp } = {}) {
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    return { payload, header };
  }

  async function deliver(event, opts = {}) {
    if (!state.webhookUrl) return { status: 0 };
    const { payload, header } = sign(event, opts);
    try {
      const res = await fetch(state.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
      await res.text();
      return { status: res.status };
    } catch (err) {
      return { status: 0, error: String(err) };
    }
  }

  async function emitAndDeliver(type, object) {
    const event = emit(type, object);
    if (state.autoDeliver) await deliver(event);
    return event;
  }

  function charge(session) {
    const amount = session.amount_total;
    const fee = Math.round((amount * STRIPE_FEE_PERCENT) / 100);
    return {
      id: id('ch'),
      object: 'charge',
      amount,
      currency: session.currency,
      paid: true,
      balance_transaction: { id: id('txn'), object: 'balance_transaction', amount, currency: session.currency, fee, net: amount - fee, created: now() },
    };
  }

  function newPaymentIntent(session, method) {
    const data = session.payment_intent_data ?? {};
    const pi = {
      id: id('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      currency: session.currency,
      status: 'requires_payment_method',
      payment_method_types: [method],
      application_fee_amount: data.application_fee_amount !== undefined ? Number(data.application_fee_amount) : null,
      transfer_data: data.transfer_data?.destination ? { destination: data.transfer_data.destination } : null,
      metadata: session.metadata,
      next_action: null,
      latest_charge: null,
    };
    paymentIntents.set(pi.id, pi);
    session.payment_intent = pi.id;
    return pi;
  }

  /** The checkout outcomes, also driven by tests. Each answers the event it produced. */
  const checkout = {
    async payByCard(sessionId) {
      const session = sessions.get(sessionId);
      const pi = newPaymentIntent(session, 'card');
      pi.status = 'succeeded';
      pi.latest_charge = charge(session);
      Object.assign(session, { status: 'complete', payment_status: 'paid' });
      return emitAndDeliver('checkout.session.completed', sessionView(session));
    },
    async konbini(sessionId) {
      const session = sessions.get(sessionId);
      const pi = newPaymentIntent(session, 'konbini');
      const days = Number(session.payment_method_options?.konbini?.expires_after_days ?? 3);
      pi.status = 'requires_action';
      pi.next_action = {
        type: 'konbini_display_details',
        konbini_display_details: { expires_at: now() + days * 86400, hosted_voucher_url: `${base()}/pay/${sessionId}` },
      };
      Object.assign(session, { status: 'complete', payment_status: 'unpaid' });
      return emitAndDeliver('checkout.session.completed', sessionView(session));
    },
    async konbiniPaid(sessionId) {
      const session = sessions.get(sessionId);
      const pi = paymentIntents.get(session.payment_intent);
      Object.assign(pi, { status: 'succeeded', next_action: null, latest_charge: charge(session) });
      session.payment_status = 'paid';
      return emitAndDeliver('checkout.session.async_payment_succeeded', sessionView(session));
    },
    async konbiniFailed(sessionId) {
      const session = sessions.get(sessionId);
      const pi = paymentIntents.get(session.payment_intent);
      Object.assign(pi, { status: 'canceled', next_action: null });
      return emitAndDeliver('checkout.session.async_payment_failed', sessionView(session));
    },
    async expire(sessionId) {
      const session = sessions.get(sessionId);
      session.status = 'expired';
      return emitAndDeliver('checkout.session.expired', sessionView(session));
    },
    async enableAccount(accountId) {
      const account = accounts.get(accountId);
      Object.assign(account, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
      return emitAndDeliver('account.updated', account);
    },
  };

  function createSession(body) {
    const items = Object.values(body.line_items ?? {});
    const amount = items.reduce((sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1), 0);
    const sessionId = id('cs');
    const session = {
      id: sessionId,
      object: 'checkout.session',
      mode: body.mode,
      amount_total: amount,
      currency: items[0]?.price_data?.currency ?? 'jpy',
      client_reference_id: body.client_reference_id ?? null,
      customer_email: body.customer_email ?? null,
      metadata: body.metadata ?? {},
      payment_method_types: Object.values(body.payment_method_types ?? {}),
      payment_method_options: body.payment_method_options ?? {},
      payment_intent_data: body.payment_intent_data ?? {},
      line_items_preview: items.map((i) => ({ name: i.price_data?.product_data?.name, unit_amount: Number(i.price_data?.unit_amount) })),
      success_url: String(body.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', sessionId),
      cancel_url: body.cancel_url ?? null,
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      created: now(),
      expires_at: now() + 24 * 3600,
      url: `${base()}/pay/${sessionId}`,
    };
    sessions.set(sessionId, session);
    return session;
  }

  function list(items, query) {
    let data = items;
    const gte = query.created?.gte;
    if (gte) data = data.filter((e) => e.created >= Number(gte));
    const types = query.types ? Object.values(query.types) : query.type ? [query.type] : undefined;
    if (types) data = data.filter((e) => types.includes(e.type));
    data = [...data].reverse(); // newest first, as Stripe lists
    if (query.starting_after) {
      const at = data.findIndex((e) => e.id === query.starting_after);
      data = at >= 0 ? data.slice(at + 1) : [];
    }
    const limit = Math.min(100, Number(query.limit ?? 10));
    return { object: 'list', url: '/v1/events', has_more: data.length > limit, data: data.slice(0, limit) };
  }

  const notFound = (res, what) => json(res, 404, { error: { type: 'invalid_request_error', message: `No such ${what}` } });

  function json(res, status, body) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  }

  function page(res, title, body, status = 200) {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}button{font-size:1rem;padding:.6rem 1rem;margin:.3rem 0;display:block;width:100%}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p><small>Stripe stand-in (test mode: no money moves)</small></p>${body}</main></body></html>`);
  }

  function redirect(res, location) {
    res.writeHead(303, { location });
    res.end();
  }

  const form = (action, label) => `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(label)}</button></form>`;

  async function handle(req, res) {
    const url = new URL(req.url, 'http://stand-in');
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = qs.parse(raw, { depth: 10, arrayLimit: 100 });
    const query = qs.parse(url.search.slice(1), { depth: 10 });
    const parts = url.pathname.split('/').filter(Boolean);
    const expand = Object.values(body.expand ?? query.expand ?? {});

    if (parts[0] === 'v1') {
      const key = req.headers['idempotency-key'];
      state.requests.push({ method: req.method, path: url.pathname, body, idempotencyKey: key });
      if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_'))
        return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (req.method === 'POST' && key && idempotent.has(key)) return json(res, 200, idempotent.get(key));
      const answer = (status, value) => {
        if (req.method === 'POST' && key && status < 300) idempotent.set(key, value);
        json(res, status, value);
      };
      const route = `${req.method} /${parts
        .slice(1)
        .map((p) => (/^(cs|evt|acct|pi|ch)_/.test(p) ? ':id' : p))
        .join('/')}`;
      switch (route) {
        case 'POST /checkout/sessions':
          return answer(200, createSession(body));
        case 'POST /checkout/sessions/:id/expire': {
          // As Stripe: only an open session can be expired.
          const session = sessions.get(parts[3]);
          if (!session) return notFound(res, 'checkout.session');
          if (session.status !== 'open') {
            return json(res, 400, {
              error: {
                type: 'invalid_request_error',
                message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
              },
            });
          }
          session.status = 'expired';
          await emitAndDeliver('checkout.session.expired', sessionView(session));
          return answer(200, sessionView(session));
        }
        case 'POST /refunds': {
          const pi = paymentIntents.get(body.payment_intent);
          if (!pi) return notFound(res, 'payment_intent');
          if (pi.status !== 'succeeded')
            return json(res, 400, { error: { type: 'invalid_request_error', message: 'This PaymentIntent has not succeeded: nothing to refund.' } });
          if ([...refunds.values()].some((r) => r.payment_intent === pi.id)) {
            return json(res, 400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' } });
          }
          const refund = {
            id: id('re'),
            object: 'refund',
            amount: body.amount !== undefined ? Number(body.amount) : pi.amount,
            currency: pi.currency,
            payment_intent: pi.id,
            charge: pi.latest_charge?.id ?? null,
            reason: body.reason ?? null,
            metadata: body.metadata ?? {},
            reverse_transfer: body.reverse_transfer === 'true',
            refund_application_fee: body.refund_application_fee === 'true',
            status: 'succeeded',
            created: now(),
          };
          refunds.set(refund.id, refund);
          await emitAndDeliver('charge.refunded', {
            ...(pi.latest_charge ?? { id: id('ch'), object: 'charge' }),
            refunded: true,
            amount_refunded: refund.amount,
            payment_intent: pi.id,
          });
          return answer(200, refund);
        }
        case 'GET /checkout/sessions/:id': {
          const session = sessions.get(parts[3]);
          return session ? answer(200, sessionView(session, expand)) : notFound(res, 'checkout.session');
        }
        case 'GET /events':
          return answer(200, list(events, query));
        case 'GET /events/:id': {
          const event = events.find((e) => e.id === parts[2]);
          return event ? answer(200, event) : notFound(res, 'event');
        }
        case 'POST /accounts': {
          const account = {
            id: id('acct'),
            object: 'account',
            type: body.type ?? 'express',
            country: body.country ?? 'JP',
            email: body.email ?? null,
            capabilities: Object.fromEntries(Object.keys(body.capabilities ?? {}).map((k) => [k, 'inactive'])),
            charges_enabled: false,
            payouts_enabled: false,
            details_submitted: false,
            metadata: body.metadata ?? {},
            created: now(),
          };
          accounts.set(account.id, account);
          return answer(200, account);
        }
        case 'GET /accounts/:id': {
          const account = accounts.get(parts[2]);
          return account ? answer(200, account) : notFound(res, 'account');
        }
        case 'POST /account_links': {
          if (!accounts.has(body.account)) return notFound(res, 'account');
          const link = `${base()}/onboard/${body.account}?${new URLSearchParams({ return_url: body.return_url ?? '', refresh_url: body.refresh_url ?? '' })}`;
          return answer(200, { object: 'account_link', created: now(), expires_at: now() + 300, url: link });
        }
        case 'POST /accounts/:id/login_links': {
          if (!accounts.has(parts[2])) return notFound(res, 'account');
          return answer(200, { object: 'login_link', created: now(), url: `${base()}/dashboard/${parts[2]}` });
        }
        case 'POST /transfers': {
          const account = accounts.get(body.destination);
          if (!account) return notFound(res, 'account');
          if (!account.payouts_enabled) {
            return json(res, 400, {
              error: {
                type: 'invalid_request_error',
                message: 'Your destination account needs to have at least one of the following capabilities enabled: transfers',
              },
            });
          }
          const transfer = {
            id: id('tr'),
            object: 'transfer',
            amount: Number(body.amount),
            currency: body.currency ?? 'jpy',
            destination: body.destination,
            transfer_group: body.transfer_group ?? null,
            metadata: body.metadata ?? {},
            created: now(),
          };
          transfers.push(transfer);
          return answer(200, transfer);
        }
        case 'GET /payment_intents/:id': {
          const pi = paymentIntents.get(parts[2]);
          return pi
            ? answer(
                200,
                paymentIntentView(
                  pi,
                  expand.some((e) => e.startsWith('latest_charge')),
                ),
              )
            : notFound(res, 'payment_intent');
        }
        default:
          return json(res, 404, {
            error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname}) in the stand-in` },
          });
      }
    }

    if (parts[0] === 'pay' && parts[1]) {
      const session = sessions.get(parts[1]);
      if (!session) return page(res, 'Not found', '<p>No such checkout session.</p>', 404);
      const action = parts[2];
      if (req.method === 'POST') {
        if (action === 'card' && session.status === 'open') {
          await checkout.payByCard(session.id);
          return redirect(res, session.success_url);
        }
        if (action === 'decline')
          return page(res, 'Card declined', `<p role="alert">Your card was declined.</p><p><a href="/pay/${session.id}">Try again</a></p>`, 402);
        if (action === 'konbini' && session.status === 'open') {
          await checkout.konbini(session.id);
          return redirect(res, session.success_url);
        }
        if (action === 'konbini-paid' && session.payment_status === 'unpaid' && session.payment_intent) {
          await checkout.konbiniPaid(session.id);
          return redirect(res, `/pay/${session.id}`);
        }
        if (action === 'konbini-failed' && session.payment_status === 'unpaid' && session.payment_intent) {
          await checkout.konbiniFailed(session.id);
          return redirect(res, `/pay/${session.id}`);
        }
        if (action === 'cancel') return redirect(res, session.cancel_url ?? '/');
        return redirect(res, `/pay/${session.id}`);
      }
      const item = session.line_items_preview[0] ?? {};
      const price = `¥${Number(session.amount_total).toLocaleString('ja-JP')}`;
      if (session.status === 'open') {
        return page(
          res,
          `Pay ${price}`,
          `<p>${escapeHtml(item.name ?? '')}</p>${form(`/pay/${session.id}/card`, `Pay ${price} by card`)}${form(`/pay/${session.id}/decline`, 'Use a card that is declined')}${
            session.payment_method_types.includes('konbini') ? form(`/pay/${session.id}/konbini`, 'Pay at a konbini (voucher)') : ''
          }${form(`/pay/${session.id}/cancel`, 'Cancel')}`,
        );
      }
      if (session.payment_status === 'paid')
        return page(res, 'Paid', `<p>${price} paid.</p><p><a href="${escapeHtml(session.success_url)}">Back to the site</a></p>`);
      return page(
        res,
        'Konbini voucher',
        `<p>Voucher for ${price}, not paid yet.</p>${form(`/pay/${session.id}/konbini-paid`, 'Pay the voucher at the konbini now')}${form(`/pay/${session.id}/konbini-failed`, 'Let the voucher expire unpaid')}<p><a href="${escapeHtml(session.success_url)}">Back to the site</a></p>`,
      );
    }

    if (parts[0] === 'onboard' && parts[1]) {
      const account = accounts.get(parts[1]);
      if (!account) return page(res, 'Not found', '<p>No such account.</p>', 404);
      if (req.method === 'POST') {
        await checkout.enableAccount(account.id);
        return redirect(res, url.searchParams.get('return_url') || '/');
      }
      return page(
        res,
        'Set up payouts',
        `<p>Account ${escapeHtml(account.id)} (${escapeHtml(account.email ?? '')})</p>${form(`${url.pathname}${url.search}`, 'Submit details (test)')}`,
      );
    }

    if (parts[0] === 'dashboard' && parts[1]) {
      const account = accounts.get(parts[1]);
      if (!account) return page(res, 'Not found', '<p>No such account.</p>', 404);
      return page(
        res,
        'Express dashboard',
        `<p>Account ${escapeHtml(account.id)}: charges ${account.charges_enabled ? 'on' : 'off'}, payouts ${account.payouts_enabled ? 'on' : 'off'}.</p>`,
      );
    }

    return page(res, 'Stripe stand-in', '<p>Nothing here.</p>', 404);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) json(res, 500, { error: { type: 'api_error', message: String(err) } });
      else res.end();
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  state.publicUrl = publicUrl;

  return Object.assign(state, {
    get url() {
      return base();
    },
    get port() {
      return server.address().port;
    },
    checkout,
    emit,
    sign,
    deliver,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const usage =
    'Usage: npm run stripe:stand-in -- [--port 12111] [--host 127.0.0.1] [--webhook http://localhost:3000/api/user/stripe-webhook/] [--secret whsec_local_stand_in]\n' +
    "  --webhook  where the signed webhooks go: the app's PUBLIC_URL (or http://localhost:PORT) + /api/user/stripe-webhook/\n" +
    '  --secret   their signing secret: give the app the same STRIPE_WEBHOOK_SECRET';
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: process.env.STRIPE_STAND_IN_PORT ?? '12111' },
        host: { type: 'string', default: '127.0.0.1' },
        webhook: { type: 'string', default: process.env.STRIPE_STAND_IN_WEBHOOK ?? 'http://localhost:3000/api/user/stripe-webhook/' },
        secret: { type: 'string', default: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_local_stand_in' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (err) {
    console.error(`${err.message}\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const standIn = await startStripeStandIn({ port: Number(values.port), host: values.host, webhookUrl: values.webhook, webhookSecret: values.secret });
  console.log(`Stripe stand-in on ${standIn.url}; webhooks to ${values.webhook} signed with ${values.secret}`);
  console.log(`Start the app with STRIPE_SECRET_KEY=sk_test_local STRIPE_WEBHOOK_SECRET=${values.secret} STRIPE_API_URL=${standIn.url} npm start`);
  console.log('(npm run stripe:stand-in -- --help: the port, the webhook address and its secret)');
  const stop = () => standIn.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
