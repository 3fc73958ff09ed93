import { getDataSourceToken } from '@nestjs/typeorm';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import type { StripeStandIn } from '../scripts/stripe-stand-in.mjs';
import { AccessService } from '../src/common/access/access.service';
import { Permission } from '../src/common/access/permission';
import { KonbiniReminders } from '../src/modules/payments/konbini-reminders';
import { PaymentsOfDeletedAccounts } from '../src/modules/payments/payments-of-deleted-accounts';
import { StripeEvents } from '../src/modules/payments/stripe-events';
import { createBook, createUser, type UserFixture } from './helpers/factories';
import { eventsHandled, recordEvents, type RecordedEvents } from './helpers/events';
import { postEvent, sessionIdOf, startStandIn, stripeEnv } from './helpers/stripe';
import { auth, startTestApp, type TestApp } from './helpers/test-app';
import { validationErrors } from './helpers/errors';

/**
 * Buying Books with Stripe and paying their data owners (issue 24), with the real `stripe` SDK
 * pointed at the stand-in (scripts/stripe-stand-in.mjs) and webhooks signed as Stripe signs them
 * (stripe.webhooks.generateTestHeaderString).
 */
describe('Payments with Stripe', () => {
  let standIn: StripeStandIn;
  let t: TestApp;
  let db: DataSource;
  let owner: UserFixture;
  let buyer: UserFixture;
  const SITE = 'http://app.test';
  const recorded: RecordedEvents = {};

  beforeAll(async () => {
    standIn = await startStandIn();
    t = await startTestApp(stripeEnv(standIn), { beforeInit: (app) => recordEvents(app, ['book.owned'], recorded) });
    db = t.app.get(getDataSourceToken());
    owner = await createUser(t.app, { nickName: 'owner' });
    buyer = await createUser(t.app, { nickName: 'buyer', language: 'en' });
  });
  afterAll(async () => {
    t.http.closeAllConnections?.();
    await t?.close();
    await standIn?.close();
  });

  const owns = async (user: UserFixture, pageId: number) =>
    (await request(t.http).get(`/api/user/monopage/check-user-page-status/?pageId=${pageId}`).set(auth(user.token)).expect(200)).body.is_owned as boolean;
  const owners = async (pageId: number) =>
    (await db.query(`SELECT count(*)::int AS n FROM page_owners WHERE page_id = $1 AND source = 'purchase'`, [pageId]))[0].n as number;

  async function startCheckout(user: UserFixture, pageId: number): Promise<string> {
    const res = await request(t.http).post('/api/user/create-checkout-session/').set(auth(user.token)).send({ SITE_URL: SITE, pageId }).expect(201);
    expect(res.body.goTo).toMatch(new RegExp(`^${standIn.url}/pay/cs_test_`));
    return sessionIdOf(res.body.goTo);
  }

  it('says payments are on, with the platform fee', async () => {
    const res = await request(t.http).get('/api/user/payment-settings/').expect(200);
    expect(res.body).toMatchObject({ enabled: true, platform_fee_percent: 10 });
  });

  it('creates a JPY Checkout Session (card and konbini, 3 days) with the buyer and Book in metadata, and grants nothing yet', async () => {
    const pageId = await createBook(t.app, { title: '家計の記録', price: 800, contributors: [owner.userId] });
    const sessionId = await startCheckout(buyer, pageId);
    const call = standIn.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.body.metadata?.pageId === String(pageId))!;
    expect(call.body).toMatchObject({
      mode: 'payment',
      line_items: { 0: { price_data: { currency: 'jpy', unit_amount: '800', product_data: { name: '家計の記録' } }, quantity: '1' } },
      payment_method_types: { 0: 'card', 1: 'konbini' },
      payment_method_options: { konbini: { expires_after_days: '3' } },
      metadata: { kind: 'book', pageId: String(pageId), userId: String(buyer.userId) },
      client_reference_id: String(buyer.userId),
    });
    expect(call.body.success_url).toBe(`${SITE}/gotpage?success=true&session_id={CHECKOUT_SESSION_ID}&index=${pageId}`);
    expect(call.idempotencyKey).toMatch(/^checkout-/);
    // Every parameter Stripe is given, exactly (the Book's and the ad's checkouts share one builder).
    const metadata = { kind: 'book', pageId: String(pageId), userId: String(buyer.userId) };
    expect(call.body).toEqual({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'jpy', unit_amount: '800', product_data: { name: '家計の記録' } }, quantity: '1' }],
      payment_method_types: ['card', 'konbini'],
      payment_method_options: { konbini: { expires_after_days: '3' } },
      success_url: `${SITE}/gotpage?success=true&session_id={CHECKOUT_SESSION_ID}&index=${pageId}`,
      cancel_url: `${SITE}/mono/${pageId}`,
      client_reference_id: String(buyer.userId),
      customer_email: (await db.query(`SELECT email FROM users WHERE id = $1`, [buyer.userId]))[0].email,
      locale: 'en',
      metadata,
      payment_intent_data: { metadata },
    });
    expect(
      (
        await db.query(`SELECT kind, buyer_id, page_id, seller_id, amount, platform_fee, destination, language FROM payment_checkouts WHERE session_id = $1`, [
          sessionId,
        ])
      )[0],
    ).toEqual({
      kind: 'book',
      buyer_id: buyer.userId,
      page_id: pageId,
      seller_id: owner.userId,
      amount: 800,
      platform_fee: 80,
      destination: null,
      language: 'en',
    });
    // The owner has no payout account yet: the platform keeps the money (no destination).
    expect(call.body.payment_intent_data.transfer_data).toBeUndefined();
    expect(standIn.sessions.get(sessionId)!.success_url).toContain(`session_id=${sessionId}&index=${pageId}`);
    // Twice the same request: the same session (idempotency key).
    const again = await request(t.http).post('/api/user/create-checkout-session/').set(auth(buyer.token)).send({ SITE_URL: SITE, pageId }).expect(201);
    expect(sessionIdOf(again.body.goTo)).toBe(sessionId);
    expect(await owns(buyer, pageId)).toBe(false);
  });

  it('refuses a visitor (401), a free Book, your own Book, a Book you own, an unknown Book and a foreign SITE_URL', async () => {
    const free = await createBook(t.app, { price: 0, contributors: [owner.userId] });
    const paid = await createBook(t.app, { price: 3000, contributors: [owner.userId] });
    const post = (user: UserFixture | undefined, body: object) => {
      const req = request(t.http).post('/api/user/create-checkout-session/');
      return (user ? req.set(auth(user.token)) : req).send(body);
    };
    await post(undefined, { SITE_URL: SITE, pageId: paid }).expect(401);
    expect((await post(buyer, { SITE_URL: SITE, pageId: free }).expect(400)).body.detail).toBe('This Book is free: claim it instead of buying it.');
    expect((await post(owner, { SITE_URL: SITE, pageId: paid }).expect(400)).body.detail).toBe('This is your own Book.');
    await post(buyer, { SITE_URL: SITE, pageId: 999999 }).expect(404);
    for (const SITE_URL of ['https://evil.example', 'http://app.test.evil.example', 'javascript:alert(1)', 'not a url']) {
      expect((await post(buyer, { SITE_URL, pageId: paid }).expect(400)).body).toEqual(
        validationErrors({ SITE_URL: ["SITE_URL must be this site's own address."] }),
      );
    }
    const contributed = await createBook(t.app, { price: 800, contributors: [owner.userId, buyer.userId] });
    expect((await post(buyer, { SITE_URL: SITE, pageId: contributed }).expect(400)).body.detail).toBe('You already own this Book.');
    expect(standIn.requests.filter((r) => r.body.metadata?.pageId === String(free) || r.body.metadata?.pageId === String(paid))).toEqual([]);
  });

  it("grants ownership only after a valid webhook of a paid session: then the Book and its files are the buyer's", async () => {
    const pageId = await createBook(t.app, { price: 800, contributors: [owner.userId] });
    const sessionId = await startCheckout(buyer, pageId);
    const file = (await db.query(`SELECT file_id FROM book_files WHERE page_id = $1`, [pageId]))[0].file_id;
    await request(t.http).post('/api/user/get_s3_url/').set(auth(buyer.token)).send({ file_id: file }).expect(403);
    const event = await standIn.checkout.payByCard(sessionId);
    expect(await owns(buyer, pageId)).toBe(false); // paid at Stripe, but no webhook yet
    await postEvent(t, standIn, event).expect(200, { received: true });
    expect(await owns(buyer, pageId)).toBe(true);
    await request(t.http).post('/api/user/get_s3_url/').set(auth(buyer.token)).send({ file_id: file }).expect(200);
    await eventsHandled(t.app, 'event.book.owned');
    expect(recorded['book.owned']).toContainEqual({ userId: buyer.userId, bookId: pageId, source: 'purchase' });
    // Buying again is refused.
    await request(t.http).post('/api/user/create-checkout-session/').set(auth(buyer.token)).send({ SITE_URL: SITE, pageId }).expect(400);
  });

  it('answers 400 to a bad, missing or stale signature and changes nothing', async () => {
    const pageId = await createBook(t.app, { price: 800, contributors: [owner.userId] });
    const sessionId = await startCheckout(buyer, pageId);
    const event = await standIn.checkout.payByCard(sessionId);
    const events = async () => (await db.query(`SELECT count(*)::int AS n FROM payment_events`))[0].n;
    const before = await events();
    await postEvent(t, standIn, event, { secret: 'whsec_wrong' }).expect(400, { detail: 'Invalid Stripe signature.', code: 'badSignature' });
    await postEvent(t, standIn, event, { timestamp: Math.floor(Date.now() / 1000) - 600 }).expect(400);
    await request(t.http).post('/api/user/stripe-webhook/').set('Content-Type', 'application/json').send(JSON.stringify(event)).expect(400);
    // A body changed after signing.
    const { header } = standIn.sign(event);
    const forged = JSON.stringify({ ...event, data: { object: { ...event.data.object, id: 'cs_test_other' } } });
    await request(t.http).post('/api/user/stripe-webhook/').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(forged).expect(400);
    expect(await events()).toBe(before);
    expect(await owns(buyer, pageId)).toBe(false);
  });

  it('handles the same event delivered ten times (at once) once: one ownership, one sale, one event row', async () => {
    const pageId = await createBook(t.app, { price: 800, contributors: [owner.userId] });
    const sessionId = await startCheckout(buyer, pageId);
    const event = await standIn.checkout.payByCard(sessionId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => postEvent(t, standIn, event)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await owners(pageId)).toBe(1);
    expect((await db.query(`SELECT count(*)::int AS n FROM payment_sales WHERE session_id = $1`, [sessionId]))[0].n).toBe(1);
    expect((await db.query(`SELECT count(*)::int AS n FROM payment_events WHERE id = $1`, [event.id]))[0].n).toBe(1);
  });

  it('a konbini session grants only on async_payment_succeeded; a failed voucher is recorded', async () => {
    const pageId = await createBook(t.app, { price: 3000, contributors: [owner.userId] });
    const sessionId = await startCheckout(buyer, pageId);
    await postEvent(t, standIn, await standIn.checkout.konbini(sessionId)).expect(200);
    expect(await owns(buyer, pageId)).toBe(false);
    const pending = await request(t.http).post('/api/user/checkout-session-status/').set(auth(buyer.token)).send({ session_id: sessionId }).expect(200);
    expect(pending.body).toMatchObject({ status: 'pending', pageId });
    expect(new Date(pending.body.voucher_expires_at).getTime()).toBeGreaterThan(Date.now() + 2.9 * 86400_000);
    await postEvent(t, standIn, await standIn.checkout.konbiniPaid(sessionId)).expect(200);
    expect(await owns(buyer, pageId)).toBe(true);

    const other = await createBook(t.app, { price: 800, contributors: [owner.userId] });
    const unpaid = await startCheckout(buyer, other);
    await postEvent(t, standIn, await standIn.checkout.konbini(unpaid)).expect(200);
    await postEvent(t, standIn, await standIn.checkout.konbiniFailed(unpaid)).expect(200);
    expect((await db.query(`SELECT status FROM payment_checkouts WHERE session_id = $1`, [unpaid]))[0].status).toBe('failed');
    expect(await owns(buyer, other)).toBe(false);

    const expired = await startCheckout(buyer, await createBook(t.app, { price: 800, contributors: [owner.userId] }));
    await postEvent(t, standIn, await standIn.checkout.expire(expired)).expect(200);
    expect((await db.query(`SELECT status FROM payment_checkouts WHERE session_id = $1`, [expired]))[0].status).toBe('expired');
  });

  it('reminds a konbini buyer by mail, in their language, 24 hours before the voucher expires (once)', async () => {
    const pageId = await createBook(t.app, { price: 800, contributors: [owner.userId] });
    const sessionId = await startCheckout(buyer, pageId);
    await postEvent(t, standIn, await standIn.checkout.konbini(sessionId)).expect(200);
    const reminders = t.app.get(KonbiniReminders);
    expect(await reminders.remind()).toBe(0); // 3 days left
    await db.query(`UPDATE payment_checkouts SET voucher_expires_at = now() + interval '20 hours' WHERE session_id = $1`, [sessionId]);
    expect(await reminders.remind()).toBe(1);
    expect(await reminders.remind()).toBe(0);
    const buyerEmail = (await db.query(`SELECT email FROM users WHERE id = $1`, [buyer.userId]))[0].email;
    const mail = await t.smtp.waitFor(buyerEmail, /konbini/i);
    expect(mail.text).toContain(`/pay/${sessionId}`);
  });

  it('covers a late webhook: the success page asks the server, and reconciliation finds missed events', async () => {
    const pageId = await createBook(t.app, { price: 800, contributors: [owner.userId] });
    const sessionId = await startCheckout(buyer, pageId);
    await standIn.checkout.payByCard(sessionId); // the webhook never comes
    const stranger = await createUser(t.app);
    await request(t.http).post('/api/user/checkout-session-status/').set(auth(stranger.token)).send({ session_id: sessionId }).expect(404);
    await request(t.http).post('/api/user/checkout-session-status/').send({ session_id: sessionId }).expect(401);
    const res = await request(t.http).post('/api/user/checkout-session-status/').set(auth(buyer.token)).send({ session_id: sessionId }).expect(200);
    expect(res.body).toMatchObject({ status: 'paid', pageId });
    expect(await owns(buyer, pageId)).toBe(true);

    const later = await createBook(t.app, { price: 9800, contributors: [owner.userId] });
    const missed = await startCheckout(buyer, later);
    await standIn.checkout.payByCard(missed); // no webhook, and the buyer closed the tab
    expect(await owns(buyer, later)).toBe(false);
    const stripeEvents = t.app.get(StripeEvents);
    expect(await stripeEvents.reconcile()).toBeGreaterThanOrEqual(1);
    expect(await owns(buyer, later)).toBe(true);
    expect(await owners(later)).toBe(1);
    expect(await stripeEvents.reconcile()).toBe(0); // every event is recorded now
  });

  it('pays the data owner through Connect: onboarding, own dashboard link only, destination charge with the platform fee, earnings per sale and month', async () => {
    const noProfile = await createUser(t.app, { nickName: null });
    await request(t.http).post('/api/user/create-connect-account/').set(auth(noProfile.token)).send({ name: 'x', email: 'x@example.com' }).expect(403);
    await request(t.http).post('/api/user/create-connect-account/').send({ name: 'x', email: 'x@example.com' }).expect(401);

    expect((await request(t.http).get('/api/user/get-my-stripe-account-id/').set(auth(owner.token)).expect(200)).body).toEqual({ shopId: null });
    const link = await request(t.http)
      .post('/api/user/create-connect-account/')
      .set(auth(owner.token))
      .send({ name: 'Owner', email: 'owner@example.com' })
      .expect(201);
    expect(link.body.url).toContain(`${standIn.url}/onboard/acct_test_`);
    const shopId = (await request(t.http).get('/api/user/get-my-stripe-account-id/').set(auth(owner.token)).expect(200)).body.shopId;
    expect(shopId).toMatch(/^acct_test_/);
    const accountCall = standIn.requests.find((r) => r.path === '/v1/accounts' && r.method === 'POST')!;
    expect(accountCall.body).toMatchObject({
      country: 'JP',
      email: 'owner@example.com',
      capabilities: { card_payments: { requested: 'true' }, transfers: { requested: 'true' } },
    });
    // A second call makes no second account.
    await request(t.http).post('/api/user/create-connect-account/').set(auth(owner.token)).send({ name: 'Owner', email: 'owner@example.com' }).expect(201);
    expect(standIn.accounts.size).toBe(1);

    // The account's owner only (PayoutAccountOwner); an account the site does not know is refused alike.
    expect(t.app.get(AccessService).contributors(Permission.PayoutAccountOwner)).toEqual(['payments.account-owner']);
    const notYours = { detail: 'This is not your Stripe account.', code: 'notYourAccount' };
    expect((await request(t.http).get(`/api/user/get-login-link/?shopId=${shopId}`).set(auth(buyer.token)).expect(403)).body).toEqual(notYours);
    expect((await request(t.http).get(`/api/user/get-login-link/?shopId=acct_test_unknown`).set(auth(owner.token)).expect(403)).body).toEqual(notYours);
    const dashboard = await request(t.http).get(`/api/user/get-login-link/?shopId=${shopId}`).set(auth(owner.token)).expect(200);
    expect(dashboard.body.url).toBe(`${standIn.url}/dashboard/${shopId}`);

    // Not enabled yet: earnings say so.
    let earnings = (await request(t.http).get('/api/user/earnings/').set(auth(owner.token)).expect(200)).body;
    expect(earnings.account).toMatchObject({ shopId, charges_enabled: false, payouts_enabled: false });
    const held = earnings.sales.filter((s: { transferred: boolean }) => !s.transferred).length;
    expect(held).toBeGreaterThan(0); // the sales above, held by the platform

    await postEvent(t, standIn, await standIn.checkout.enableAccount(shopId)).expect(200);
    const pageId = await createBook(t.app, { title: '売上の本', price: 800, contributors: [owner.userId] });
    const sessionId = await startCheckout(buyer, pageId);
    const call = standIn.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').pop()!;
    expect(call.body.payment_intent_data).toMatchObject({ application_fee_amount: '80', transfer_data: { destination: shopId } });
    await postEvent(t, standIn, await standIn.checkout.payByCard(sessionId)).expect(200);

    earnings = (await request(t.http).get('/api/user/earnings/').set(auth(owner.token)).expect(200)).body;
    expect(earnings.account).toMatchObject({ charges_enabled: true, payouts_enabled: true });
    expect(earnings.sales[0]).toMatchObject({
      id: sessionId,
      pageId,
      title: '売上の本',
      gross: 800,
      stripe_fee: 29,
      platform_fee: 80,
      net: 720,
      transferred: true,
    });
    const total = earnings.sales.reduce((sum: number, s: { gross: number }) => sum + s.gross, 0);
    expect(earnings.months.reduce((sum: number, m: { gross: number }) => sum + m.gross, 0)).toBe(total);
    expect(earnings.months[0].month).toMatch(/^\d{4}-\d{2}$/);
    // The buyer sold nothing.
    expect((await request(t.http).get('/api/user/earnings/').set(auth(buyer.token)).expect(200)).body).toMatchObject({ account: null, sales: [], months: [] });
  });

  it('on account deletion keeps sales as anonymous records and drops the payout account', async () => {
    const seller = await createUser(t.app, { nickName: 'leaving seller' });
    await request(t.http).post('/api/user/create-connect-account/').set(auth(seller.token)).send({ name: 'L', email: 'l@example.com' }).expect(201);
    const pageId = await createBook(t.app, { price: 800, contributors: [seller.userId] });
    const sessionId = await startCheckout(buyer, pageId);
    await postEvent(t, standIn, await standIn.checkout.payByCard(sessionId)).expect(200);
    await t.app.get(PaymentsOfDeletedAccounts).anonymise(seller.userId);
    expect(await db.query(`SELECT seller_id, gross FROM payment_sales WHERE session_id = $1`, [sessionId])).toEqual([{ seller_id: null, gross: 800 }]);
    expect(await db.query(`SELECT 1 FROM payment_accounts WHERE user_id = $1`, [seller.userId])).toEqual([]);
    expect(await db.query(`SELECT 1 FROM payment_checkouts WHERE seller_id = $1 OR buyer_id = $1`, [seller.userId])).toEqual([]);
  });

  /** Runs `fn` as if an hour had passed (Checkout's idempotency key changes every hour). */
  async function anHourLater<T>(fn: () => Promise<T>): Promise<T> {
    const real = Date.now;
    Date.now = () => real.call(Date) + 3_600_000;
    try {
      return await fn();
    } finally {
      Date.now = real;
    }
  }

  async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 15_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const statusOf = async (sessionId: string) => (await db.query(`SELECT status FROM payment_checkouts WHERE session_id = $1`, [sessionId]))[0]?.status;

  it('a new session for the same Book and buyer expires the open one at Stripe (checkout.sessions.expire)', async () => {
    const pageId = await createBook(t.app, { price: 800, contributors: [owner.userId] });
    const first = await startCheckout(buyer, pageId);
    const second = await anHourLater(() => startCheckout(buyer, pageId));
    expect(second).not.toBe(first);
    expect(standIn.requests.filter((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${first}/expire`)).toHaveLength(1);
    expect(standIn.sessions.get(first)!.status).toBe('expired');
    expect(standIn.sessions.get(second)!.status).toBe('open');
    expect(await statusOf(first)).toBe('expired');
    expect(await statusOf(second)).toBe('open');
    // The expired page cannot be paid any more (the stand-in's page offers no button).
    const page = await fetch(`${standIn.url}/pay/${first}/card`, { method: 'POST', redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(standIn.sessions.get(first)!.payment_status).toBe('unpaid');
    // Stripe's checkout.session.expired for it changes nothing more.
    const expired = standIn.events.filter((e) => e.type === 'checkout.session.expired' && e.data.object.id === first);
    expect(expired).toHaveLength(1);
    await postEvent(t, standIn, expired[0]).expect(200);
    expect(await statusOf(first)).toBe('expired');
  });

  it('two sessions paid anyway (both webhooks at once): one sale, the second refunded in full, the buyer told by mail', async () => {
    const pageId = await createBook(t.app, { title: '二度払いの本', price: 800, contributors: [owner.userId] });
    const first = await startCheckout(buyer, pageId);
    const paidFirst = await standIn.checkout.payByCard(first); // paid at Stripe; its webhook is late
    const second = await anHourLater(() => startCheckout(buyer, pageId)); // the first cannot be expired any more: Stripe refuses
    expect(standIn.sessions.get(first)!.status).toBe('complete');
    const paidSecond = await standIn.checkout.payByCard(second);
    const answers = await Promise.all([postEvent(t, standIn, paidFirst), postEvent(t, standIn, paidSecond)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await owners(pageId)).toBe(1);
    const sales = await db.query(`SELECT session_id FROM payment_sales WHERE page_id = $1`, [pageId]);
    expect(sales).toHaveLength(1);
    const sold = sales[0].session_id;
    const refunded = sold === first ? second : first;
    expect(await statusOf(refunded)).toBe('refunded');
    // The refund (a job), of the refunded session's payment, once.
    const refund = await until('the refund', () =>
      [...standIn.refunds.values()].find((r) => r.payment_intent === standIn.sessions.get(refunded)!.payment_intent),
    );
    expect(refund).toMatchObject({ amount: 800, reason: 'duplicate', metadata: { sessionId: refunded } });
    expect([...standIn.refunds.values()].filter((r) => r.payment_intent === standIn.sessions.get(sold)!.payment_intent)).toEqual([]);
    await until(
      'refund_id',
      async () => (await db.query(`SELECT refund_id FROM payment_checkouts WHERE session_id = $1`, [refunded]))[0].refund_id ?? undefined,
    );
    // The buyer is told, in their language.
    const buyerEmail = (await db.query(`SELECT email FROM users WHERE id = $1`, [buyer.userId]))[0].email;
    const mail = await t.smtp.waitFor(buyerEmail, /refunded/i);
    expect(mail.text).toContain(`/mono/${pageId}`);
    // The success page of the refunded session says so; the earnings show one sale of this Book.
    const status = await request(t.http).post('/api/user/checkout-session-status/').set(auth(buyer.token)).send({ session_id: refunded }).expect(200);
    expect(status.body).toMatchObject({ status: 'refunded', pageId });
    const earnings = (await request(t.http).get('/api/user/earnings/').set(auth(owner.token)).expect(200)).body;
    expect(earnings.sales.filter((s: { pageId: number }) => s.pageId === pageId)).toEqual([
      expect.objectContaining({ id: sold, gross: 800, title: '二度払いの本' }),
    ]);
    // Redelivered, either event changes nothing more.
    await postEvent(t, standIn, paidFirst).expect(200);
    await postEvent(t, standIn, paidSecond).expect(200);
    expect(await db.query(`SELECT count(*)::int AS n FROM payment_sales WHERE page_id = $1`, [pageId])).toEqual([{ n: 1 }]);
    expect(standIn.requests.filter((r) => r.path === '/v1/refunds' && r.body.metadata?.sessionId === refunded).length).toBeGreaterThanOrEqual(1);
    expect([...standIn.refunds.values()].filter((r) => r.metadata.sessionId === refunded)).toHaveLength(1);
  });

  it('a pending konbini voucher refuses a second checkout of the Book, and pending-checkout/ tells its expiry and link', async () => {
    const pageId = await createBook(t.app, { price: 3000, contributors: [owner.userId] });
    const pending = (user: UserFixture) => request(t.http).get(`/api/user/pending-checkout/?pageId=${pageId}`).set(auth(user.token)).expect(200);
    expect((await pending(buyer)).body).toEqual({ pending: false, voucher_expires_at: null, voucher_url: null });
    const sessionId = await startCheckout(buyer, pageId);
    await postEvent(t, standIn, await standIn.checkout.konbini(sessionId)).expect(200);
    const told = (await pending(buyer)).body;
    expect(told).toMatchObject({ pending: true, voucher_url: `${standIn.url}/pay/${sessionId}` });
    const expiresAt = new Date(told.voucher_expires_at).getTime();
    expect(expiresAt).toBeGreaterThan(Date.now() + 2.9 * 86400_000);
    expect(expiresAt).toBeLessThan(Date.now() + 3.1 * 86400_000);
    const sessionsBefore = standIn.sessions.size;
    for (const later of [false, true]) {
      const post = () => request(t.http).post('/api/user/create-checkout-session/').set(auth(buyer.token)).send({ SITE_URL: SITE, pageId });
      const refused = later ? await anHourLater(() => post()) : await post();
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        detail: 'A konbini payment for this Book is pending: pay its voucher, or buy again once it has expired.',
        code: 'paymentPending',
      });
    }
    expect(standIn.sessions.size).toBe(sessionsBefore);
    // Someone else's voucher is not theirs; a visitor is asked to log in.
    const stranger = await createUser(t.app);
    expect((await pending(stranger)).body.pending).toBe(false);
    await request(t.http).get(`/api/user/pending-checkout/?pageId=${pageId}`).expect(401);
    await request(t.http).get(`/api/user/pending-checkout/?pageId=x`).set(auth(buyer.token)).expect(400);
    // The voucher lapses unpaid: the Book can be bought again.
    await postEvent(t, standIn, await standIn.checkout.konbiniFailed(sessionId)).expect(200);
    expect((await pending(buyer)).body.pending).toBe(false);
    await startCheckout(buyer, pageId);
  });

  it('signed but malformed events answer 400, events about unknown sessions and accounts 200; nothing is stored and Stripe is not asked', async () => {
    const counts = async () =>
      (
        await db.query(
          `SELECT (SELECT count(*) FROM payment_events)::int AS events, (SELECT count(*) FROM payment_checkouts)::int AS checkouts,
                  (SELECT count(*) FROM payment_sales)::int AS sales, (SELECT count(*) FROM page_owners)::int AS owners, (SELECT count(*) FROM payment_accounts)::int AS accounts`,
        )
      )[0];
    const before = await counts();
    const requestsBefore = standIn.requests.length;
    const session = (object: unknown) => ({ id: 'evt_test_malformed', object: 'event', type: 'checkout.session.completed', created: 1, data: { object } });
    const malformed: object[] = [
      { ...session({}), data: null },
      { ...session({}), data: undefined },
      { ...session({ object: 'checkout.session', id: 'cs_test_x' }), type: 7 },
      { ...session({ object: 'checkout.session', id: 'cs_test_x' }), id: 'e'.repeat(5000) },
      { ...session({ object: 'checkout.session', id: 'cs_test_x' }), id: 12 },
      session(null),
      session([]),
      session('cs_test_x'),
      session({ object: 'checkout.session', id: 'c'.repeat(5000) }),
      session({ object: 'checkout.session', id: 42 }),
      session({ object: 'charge', id: 'ch_test_x' }),
      { id: 'evt_test_acct', type: 'account.updated', data: { object: { object: 'account' } } },
      [],
      null as unknown as object,
    ];
    for (const event of malformed) {
      const res = await postEvent(t, standIn, event);
      expect({ event, status: res.status, body: res.body }).toEqual({
        event,
        status: 400,
        body: { detail: 'Malformed Stripe event.', code: 'malformedEvent' },
      });
    }
    const unknown: object[] = [
      session({ object: 'checkout.session', id: 'cs_test_never_made_here', payment_status: 'paid' }),
      { ...session({ object: 'checkout.session', id: 'cs_test_never_made_here' }), id: 'evt_test_unknown_2', type: 'checkout.session.async_payment_succeeded' },
      { id: 'evt_test_acct_unknown', type: 'account.updated', data: { object: { object: 'account', id: 'acct_test_unknown', charges_enabled: true } } },
      { id: 'evt_test_other', type: 'customer.created', data: { object: { object: 'customer', id: 'cus_test_1' } } },
    ];
    for (const event of unknown) await postEvent(t, standIn, event).expect(200, { received: true });
    expect(await counts()).toEqual(before);
    expect(standIn.requests.slice(requestsBefore)).toEqual([]);
  });

  it('the stand-in posts its webhooks itself to a listening app (the local trial)', async () => {
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', () => resolve()));
    standIn.webhookUrl = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}/api/user/stripe-webhook/`;
    standIn.autoDeliver = true;
    try {
      const pageId = await createBook(t.app, { price: 800, contributors: [owner.userId] });
      const sessionId = await startCheckout(buyer, pageId);
      // The checkout page's "pay by card" button, as a browser would press it.
      const res = await fetch(`${standIn.url}/pay/${sessionId}/card`, { method: 'POST', redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`${SITE}/gotpage?success=true&session_id=${sessionId}&index=${pageId}`);
      expect(await owns(buyer, pageId)).toBe(true);
    } finally {
      standIn.autoDeliver = false;
    }
  });
});

describe('Payments off (no STRIPE_SECRET_KEY)', () => {
  let t: TestApp;
  let user: UserFixture;
  beforeAll(async () => {
    t = await startTestApp();
    user = await createUser(t.app);
  });
  afterAll(() => t?.close());

  it('refuses every payment call with a clear 4xx, and free Books keep working', async () => {
    expect((await request(t.http).get('/api/user/payment-settings/').expect(200)).body.enabled).toBe(false);
    const owner = await createUser(t.app);
    const paid = await createBook(t.app, { price: 800, contributors: [owner.userId] });
    const refused = await request(t.http)
      .post('/api/user/create-checkout-session/')
      .set(auth(user.token))
      .send({ SITE_URL: 'http://app.test', pageId: paid })
      .expect(400);
    expect(refused.body).toEqual({ detail: 'Payments are not available on this site.', code: 'paymentsOff' });
    await request(t.http).post('/api/user/create-connect-account/').set(auth(user.token)).send({ name: 'x', email: 'x@example.com' }).expect(400);
    await request(t.http).post('/api/user/checkout-session-status/').set(auth(user.token)).send({ session_id: 'cs_test_x' }).expect(400);
    await request(t.http).post('/api/user/stripe-webhook/').set('Content-Type', 'application/json').set('Stripe-Signature', 't=1,v1=00').send('{}').expect(400);
    expect((await request(t.http).get('/api/user/earnings/').set(auth(owner.token)).expect(200)).body).toMatchObject({
      enabled: false,
      account: null,
      sales: [],
    });
    const free = await createBook(t.app, { price: 0, contributors: [owner.userId] });
    const info = await request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${free}`).set(auth(user.token)).expect(200);
    await request(t.http).post('/api/user/owningpage/').set(auth(user.token)).send({ encrypted_pageId: info.body.encrypted_pageId }).expect(201);
  });
});
