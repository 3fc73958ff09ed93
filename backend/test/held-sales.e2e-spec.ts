import request from 'supertest';
import type { StripeStandIn } from '../scripts/stripe-stand-in.mjs';
import { StripeEvents } from '../src/modules/payments/stripe-events';
import { createBook, createUser, type UserFixture } from './helpers/factories';
import { postEvent, sessionIdOf, startStandIn, stripeEnv } from './helpers/stripe';
import { auth, startTestApp, type TestApp } from './helpers/test-app';

/**
 * Issue 41, item 8: sales made before the seller set up payouts are held by the platform; once
 * Stripe says the seller's account may be paid out, each is transferred to it, once (the stand-in).
 */
describe('held sales: from held to paid out', () => {
  let standIn: StripeStandIn;
  let t: TestApp;
  let seller: UserFixture;
  let buyer: UserFixture;
  const SITE = 'http://app.test';

  beforeAll(async () => {
    standIn = await startStandIn();
    t = await startTestApp(stripeEnv(standIn));
    seller = await createUser(t.app, { nickName: 'seller' });
    buyer = await createUser(t.app, { nickName: 'buyer', language: 'en' });
  });
  afterAll(async () => {
    t.http.closeAllConnections?.();
    await t?.close();
    await standIn?.close();
  });

  const earnings = async () => (await request(t.http).get('/api/user/earnings/').set(auth(seller.token)).expect(200)).body;
  async function buy(price: number): Promise<string> {
    const pageId = await createBook(t.app, { title: `売上 ${price}`, price, contributors: [seller.userId] });
    const res = await request(t.http).post('/api/user/create-checkout-session/').set(auth(buyer.token)).send({ SITE_URL: SITE, pageId }).expect(201);
    const sessionId = sessionIdOf(res.body.goTo);
    await postEvent(t, standIn, await standIn.checkout.payByCard(sessionId)).expect(200);
    return sessionId;
  }

  it('holds the sales made before set-up, pays each out once when Stripe enables the account, and none twice', async () => {
    const first = await buy(800);
    const second = await buy(3000);
    let body = await earnings();
    expect(body.account).toBeNull();
    expect(body.sales.map((s: { id: string; transferred: boolean; net: number }) => [s.id, s.transferred, s.net]).sort()).toEqual(
      [
        [first, false, 720],
        [second, false, 2700],
      ].sort(),
    );
    expect(standIn.transfers).toHaveLength(0);

    // Setting up: an account that is not enabled yet is not paid.
    await request(t.http).post('/api/user/create-connect-account/').set(auth(seller.token)).send({ name: 'Seller', email: 'seller@example.com' }).expect(201);
    const shopId: string = (await request(t.http).get('/api/user/get-my-stripe-account-id/').set(auth(seller.token)).expect(200)).body.shopId;
    const notYet = standIn.emit('account.updated', standIn.accounts.get(shopId)!);
    await postEvent(t, standIn, notYet).expect(200);
    expect(standIn.transfers).toHaveLength(0);
    expect((await earnings()).sales.every((s: { transferred: boolean }) => !s.transferred)).toBe(true);

    // Stripe enables it: both held sales go to the seller's account, each its net, in yen.
    const enabled = await standIn.checkout.enableAccount(shopId);
    await postEvent(t, standIn, enabled).expect(200);
    expect(standIn.transfers.map((tr) => [tr.destination, tr.amount, tr.currency, tr.transfer_group]).sort()).toEqual(
      [
        [shopId, 720, 'jpy', first],
        [shopId, 2700, 'jpy', second],
      ].sort(),
    );
    body = await earnings();
    expect(body.account).toMatchObject({ shopId, charges_enabled: true, payouts_enabled: true });
    expect(body.sales.every((s: { transferred: boolean }) => s.transferred)).toBe(true);

    // The same event again, reconciliation, another account.updated: no second transfer.
    await postEvent(t, standIn, enabled).expect(200);
    await postEvent(t, standIn, standIn.emit('account.updated', standIn.accounts.get(shopId)!)).expect(200);
    await t.app.get(StripeEvents).reconcile();
    expect(standIn.transfers).toHaveLength(2);

    // A sale after set-up goes to the seller at checkout (destination charge), not by a transfer.
    const later = await buy(800);
    expect((await earnings()).sales.find((s: { id: string }) => s.id === later)).toMatchObject({ transferred: true, net: 720 });
    expect(standIn.transfers).toHaveLength(2);
  });

  it('a transfer Stripe refuses leaves the sale held, and reconciliation pays it once Stripe accepts', async () => {
    const other = await createUser(t.app, { nickName: 'other seller' });
    const pageId = await createBook(t.app, { title: '保留の本', price: 800, contributors: [other.userId] });
    const res = await request(t.http).post('/api/user/create-checkout-session/').set(auth(buyer.token)).send({ SITE_URL: SITE, pageId }).expect(201);
    const sessionId = sessionIdOf(res.body.goTo);
    await postEvent(t, standIn, await standIn.checkout.payByCard(sessionId)).expect(200);
    await request(t.http).post('/api/user/create-connect-account/').set(auth(other.token)).send({ name: 'Other', email: 'other@example.com' }).expect(201);
    const shopId: string = (await request(t.http).get('/api/user/get-my-stripe-account-id/').set(auth(other.token)).expect(200)).body.shopId;
    // Stripe's event says enabled, but its transfers refuse the account (payouts not on there yet).
    const account = standIn.accounts.get(shopId)!;
    await postEvent(t, standIn, standIn.emit('account.updated', { ...account, charges_enabled: true, payouts_enabled: true, details_submitted: true })).expect(
      200,
    );
    const held = async () => (await request(t.http).get('/api/user/earnings/').set(auth(other.token)).expect(200)).body.sales[0].transferred as boolean;
    expect(await held()).toBe(false);
    expect(standIn.transfers.filter((tr) => tr.destination === shopId)).toHaveLength(0);
    Object.assign(account, { charges_enabled: true, payouts_enabled: true });
    await t.app.get(StripeEvents).reconcile();
    expect(await held()).toBe(true);
    expect(standIn.transfers.filter((tr) => tr.destination === shopId).map((tr) => tr.amount)).toEqual([720]);
  });
});
