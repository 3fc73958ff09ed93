import { getDataSourceToken } from '@nestjs/typeorm';
import sharp from 'sharp';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import type { StripeStandIn } from '../scripts/stripe-stand-in.mjs';
import { sanitizeAffiliateHtml } from '../src/modules/ads/ads.service';
import { countStatements } from './helpers/statements';
import { createBook, createUser, type UserFixture } from './helpers/factories';
import { postEvent, sessionIdOf, startStandIn, stripeEnv } from './helpers/stripe';
import { auth, startTestApp, type TestApp } from './helpers/test-app';
import { validationErrors } from './helpers/errors';

/**
 * Paid ads (issue 28) with the real `stripe` SDK pointed at the stand-in: an ad runs only once
 * Stripe says it is paid, the server counts impressions as it serves them and clicks only
 * through single-use offers, and the advertiser sees the counted and the refused.
 */
describe('Paid ads', () => {
  let standIn: StripeStandIn;
  let t: TestApp;
  let db: DataSource;
  let advertiser: UserFixture;
  let reader: UserFixture;
  let other: UserFixture;
  let tags: number[];
  const SITE = 'http://app.test';
  const api = (p: string) => `/api/user/${p}`;
  const jpeg = () =>
    sharp({ create: { width: 300, height: 150, channels: 3, background: '#3a8a5c' } })
      .jpeg()
      .toBuffer();

  beforeAll(async () => {
    standIn = await startStandIn();
    t = await startTestApp({
      ...stripeEnv(standIn),
      AD_PRICES_JPY: '90000:5000,200000:10000,750000:30000,3000:4000,10000:15000,25000:35000',
      // The limit of servings has a test of its own below; here every serving must answer.
      AD_SERVE_RATE_LIMIT: '100000',
    });
    db = t.app.get(getDataSourceToken());
    advertiser = await createUser(t.app, { nickName: 'advertiser' });
    reader = await createUser(t.app, { nickName: 'reader' });
    other = await createUser(t.app, { nickName: 'other' });
    tags = (await db.query(`SELECT id FROM attributes WHERE language = 'ja' ORDER BY id LIMIT 4`)).map((r: { id: number }) => r.id);
  });
  afterAll(async () => {
    t.http.closeAllConnections?.();
    await t?.close();
    await standIn?.close();
  });

  type Fields = Partial<{ type: number; target: number; url: string; content: string; attributes: number[]; is_affiliate: boolean; affiliate_html: string }>;

  async function postAd(user: UserFixture | undefined, fields: Fields = {}, img: Buffer | null | 'default' = 'default') {
    const f = { type: 0, target: 90000, url: 'https://shop.example/item?a=1', content: '新しいデータの本', attributes: tags.slice(0, 3), ...fields };
    let req = request(t.http).post(api('advertisement/'));
    if (user) req = req.set(auth(user.token));
    req = req.field('type', String(f.type)).field('target', String(f.target)).field('url', f.url).field('content', f.content);
    for (const a of f.attributes) req = req.field('attributes', String(a));
    if (f.is_affiliate !== undefined) req = req.field('is_affiliate', String(f.is_affiliate));
    if (f.affiliate_html !== undefined) req = req.field('affiliate_html', f.affiliate_html);
    if (img === 'default') req = req.attach('img', await jpeg(), 'ad.jpg');
    else if (img) req = req.attach('img', img, 'ad.jpg');
    return req;
  }

  async function createAd(fields: Fields = {}): Promise<number> {
    const res = await postAd(advertiser, fields);
    expect(res.status).toBe(201);
    return res.body.id;
  }

  async function pay(adId: number): Promise<string> {
    const res = await request(t.http).post(api('post-ads-stripe/')).set(auth(advertiser.token)).send({ SITE_URL: SITE, data: adId }).expect(201);
    const sessionId = sessionIdOf(res.body.goTo);
    await postEvent(t, standIn, await standIn.checkout.payByCard(sessionId)).expect(200);
    return sessionId;
  }

  /** Only the ads of this test run: earlier tests' ads stop first. */
  const stopAll = () => db.query(`UPDATE ads SET delete_flag = true`);
  const adRow = async (id: number) => (await db.query(`SELECT cnt, views, clicks, delete_flag, paid FROM ads WHERE id = $1`, [id]))[0];
  /** A visitor is its address and user agent: by default every serving is a new visitor's (its view counts). */
  let visitors = 0;
  const newVisitor = () => `jest-visitor-${++visitors}`;
  const serve = (user?: UserFixture, agent = newVisitor()) => {
    const req = request(t.http).get(api('advertisements-random/')).set('User-Agent', agent);
    return (user ? req.set(auth(user.token)) : req).expect(200);
  };
  const click = (user: UserFixture | undefined, body: object, agent = 'jest-clicker') => {
    const req = request(t.http).post(api('updateAds/')).set('User-Agent', agent);
    return (user ? req.set(auth(user.token)) : req).send(body);
  };

  it('lists the price of every target from AD_PRICES_JPY', async () => {
    const res = await request(t.http).get(api('advertisement-settings/')).expect(200);
    expect(res.body.enabled).toBe(true);
    expect(res.body.prices).toEqual([
      { type: 0, target: 90000, price: 5000 },
      { type: 0, target: 200000, price: 10000 },
      { type: 0, target: 750000, price: 30000 },
      { type: 1, target: 3000, price: 4000 },
      { type: 1, target: 10000, price: 15000 },
      { type: 1, target: 25000, price: 35000 },
    ]);
  });

  it('creates an unpaid ad; refuses a visitor, a user without a profile and bad fields', async () => {
    const res = await postAd(advertiser);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 0,
      target: 90000,
      cnt: 0,
      paid: false,
      active: false,
      price: 5000,
      userProfile: advertiser.userId,
      attributes: tags.slice(0, 3),
      remaining: 89999,
    });
    expect(res.body.img).toMatch(/\/media\/ads\//);
    expect((await postAd(undefined)).status).toBe(401);
    const noProfile = await createUser(t.app, { nickName: null });
    expect((await postAd(noProfile)).body).toEqual({ detail: 'Create your profile before advertising.', code: 'adProfileRequired' });
    const bad = async (fields: Fields, field: string, message?: string, img: Buffer | null | 'default' = 'default') => {
      const r = await postAd(advertiser, fields, img);
      expect({ status: r.status, field }).toEqual({ status: 400, field });
      expect(Object.keys(r.body)).toEqual([field, 'error_codes']);
      if (message) expect(r.body[field]).toEqual([message]);
    };
    await bad({ attributes: tags.slice(0, 2) }, 'attributes', 'Please select 3 Tags');
    await bad({ attributes: tags.slice(0, 4) }, 'attributes', 'Please select 3 Tags');
    await bad({ attributes: [tags[0], tags[0], tags[1]] }, 'attributes', 'Please select 3 Tags');
    await bad({ attributes: [tags[0], tags[1], 999999] }, 'attributes', 'Invalid pk "999999" - object does not exist.');
    await bad({ target: 3000 }, 'target', '"3000" is not a valid choice.'); // a click target on a per-view ad
    await bad({ type: 1, target: 90000 }, 'target');
    await bad({ type: 2 }, 'type');
    for (const url of ['javascript:alert(1)', 'ftp://x.example/', 'data:text/html,<b>', 'not a url']) await bad({ url }, 'url', 'Enter a valid URL.');
    await bad({ content: 'あ'.repeat(201) }, 'content', 'Ensure this field has no more than 200 characters.');
    await bad({}, 'img', 'This field is required.', null);
    await bad({}, 'img', undefined, Buffer.from('<svg onload=alert(1)>'));
  });

  it('stores affiliate_html clean: no script, no event handler, no javascript: URL', async () => {
    const dirty =
      '<script>alert(1)</script><a href="javascript:alert(2)">x</a><img src="x" onerror="alert(3)"><a href="https://shop.example/p" onclick="steal()">buy</a>' +
      '<img src="https://img.example/a.jpg" alt="a"><iframe src="https://evil.example"></iframe><style>body{}</style><A HREF="JaVaScRiPt:alert(4)">y</A>';
    const res = await postAd(advertiser, { is_affiliate: true, affiliate_html: dirty });
    expect(res.status).toBe(201);
    const stored: string = (await db.query(`SELECT affiliate_html FROM ads WHERE id = $1`, [res.body.id]))[0].affiliate_html;
    expect(stored).toBe(res.body.affiliate_html);
    expect(stored).not.toMatch(/script|onerror|onclick|javascript|iframe|style/i);
    expect(stored).toContain('<a href="https://shop.example/p" target="_blank" rel="noopener noreferrer sponsored">buy</a>');
    expect(stored).toContain('<img src="https://img.example/a.jpg" alt="a" />');
    expect(sanitizeAffiliateHtml('<img src="data:image/png;base64,AAAA"><a href="//evil.example">z</a>')).not.toMatch(/data:|evil/);
  });

  it('activates an ad only when Stripe says it is paid: allowAds/ before payment leaves it inactive', async () => {
    await stopAll();
    const adId = await createAd();
    // allowAds/ without any session: nothing to ask, still inactive.
    expect((await request(t.http).post(api('allowAds/')).set(auth(advertiser.token)).send({ adsId: adId }).expect(200)).body).toMatchObject({
      paid: false,
      active: false,
    });
    // Someone else's ad, a visitor, a foreign SITE_URL.
    await request(t.http).post(api('post-ads-stripe/')).set(auth(other.token)).send({ SITE_URL: SITE, data: adId }).expect(404);
    await request(t.http).post(api('post-ads-stripe/')).send({ SITE_URL: SITE, data: adId }).expect(401);
    expect(
      (await request(t.http).post(api('post-ads-stripe/')).set(auth(advertiser.token)).send({ SITE_URL: 'https://evil.example', data: adId }).expect(400)).body,
    ).toEqual(
      validationErrors({
        SITE_URL: ["SITE_URL must be this site's own address."],
      }),
    );
    const res = await request(t.http).post(api('post-ads-stripe/')).set(auth(advertiser.token)).send({ SITE_URL: SITE, data: adId }).expect(201);
    const sessionId = sessionIdOf(res.body.goTo);
    const call = standIn.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.body.metadata?.adId === String(adId))!;
    expect(call.body).toMatchObject({ mode: 'payment', metadata: { kind: 'ad', adId: String(adId), userId: String(advertiser.userId) } });
    expect(call.body.line_items[0].price_data).toMatchObject({ currency: 'jpy', unit_amount: '5000' });
    // The line item in the advertiser's language (Japanese here), not "Ad #1: 3000 clicks".
    expect(call.body.line_items[0].price_data.product_data.name).toMatch(new RegExp(`^広告 #${adId}：(表示|クリック) [\\d,]+回$`));
    expect(call.body.success_url).toBe(`${SITE}/adapplication?success=true&session_id={CHECKOUT_SESSION_ID}&indexAds=${adId}`);
    // Every parameter Stripe is given, exactly: card only, no destination (the Book's checkout shares the builder).
    const metadata = { kind: 'ad', adId: String(adId), userId: String(advertiser.userId) };
    expect(call.body).toEqual({
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'jpy', unit_amount: '5000', product_data: { name: call.body.line_items[0].price_data.product_data.name } }, quantity: '1' },
      ],
      payment_method_types: ['card'],
      success_url: `${SITE}/adapplication?success=true&session_id={CHECKOUT_SESSION_ID}&indexAds=${adId}`,
      cancel_url: `${SITE}/adapplication`,
      client_reference_id: String(advertiser.userId),
      customer_email: (await db.query(`SELECT email FROM users WHERE id = $1`, [advertiser.userId]))[0].email,
      locale: 'ja',
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
      kind: 'ad',
      buyer_id: advertiser.userId,
      page_id: null,
      seller_id: null,
      amount: 5000,
      platform_fee: 0,
      destination: null,
      language: 'ja',
    });
    // Called before paying: asks Stripe, which says unpaid.
    expect((await request(t.http).post(api('allowAds/')).set(auth(advertiser.token)).send({ adsId: adId }).expect(200)).body).toMatchObject({
      paid: false,
      active: false,
    });
    await request(t.http).post(api('allowAds/')).set(auth(other.token)).send({ adsId: adId }).expect(404);
    expect((await serve()).body.map((a: { id: number }) => a.id)).not.toContain(adId);
    // Paid at Stripe, webhook lost: the return page's allowAds/ asks Stripe and the ad runs.
    await standIn.checkout.payByCard(sessionId);
    expect((await adRow(adId)).paid).toBe(false);
    expect((await request(t.http).post(api('allowAds/')).set(auth(advertiser.token)).send({ adsId: adId }).expect(200)).body).toMatchObject({
      paid: true,
      active: true,
    });
    // Paying again is refused.
    expect((await request(t.http).post(api('post-ads-stripe/')).set(auth(advertiser.token)).send({ SITE_URL: SITE, data: adId }).expect(400)).body).toEqual({
      detail: 'This ad is already paid for.',
      code: 'adAlreadyPaid',
    });
  });

  it('activates through the one webhook (kind ad), once however often it comes', async () => {
    const adId = await createAd();
    const res = await request(t.http).post(api('post-ads-stripe/')).set(auth(advertiser.token)).send({ SITE_URL: SITE, data: adId }).expect(201);
    const event = await standIn.checkout.payByCard(sessionIdOf(res.body.goTo));
    for (let i = 0; i < 3; i++) await postEvent(t, standIn, event).expect(200);
    expect(await adRow(adId)).toMatchObject({ paid: true, delete_flag: false });
    expect((await db.query(`SELECT status, kind FROM payment_checkouts WHERE session_id = $1`, [event.data.object.id]))[0]).toEqual({
      status: 'paid',
      kind: 'ad',
    });
  });

  it('counts an impression per ad served, with a single-use offer each; prefers ads sharing the Book tags', async () => {
    await stopAll();
    const [a, b] = [await createAd({ attributes: tags.slice(0, 3) }), await createAd({ attributes: tags.slice(1, 4) })];
    await pay(a);
    await pay(b);
    const served = (await serve(reader)).body;
    expect(served.map((s: { id: number }) => s.id).sort()).toEqual([a, b].sort());
    for (const s of served) expect(s.offer).toMatch(/^[0-9a-f-]{36}$/);
    expect((await adRow(a)).views).toBe(1);
    expect((await adRow(a)).cnt).toBe(1);
    for (let i = 0; i < 4; i++) await serve();
    expect(await adRow(a)).toMatchObject({ views: 5, cnt: 5, clicks: 0 });
    // A Book tagged with tags[3] only: b (which has it) comes first.
    const book = await createBook(t.app, { contributors: [other.userId], tagIds: [tags[3]] });
    const forBook = (
      await request(t.http)
        .get(api(`advertisements-for-monopage/${book}/`))
        .expect(200)
    ).body;
    expect(forBook[0].id).toBe(b);
    await request(t.http).get(api('advertisements-for-monopage/999999/')).expect(404);
  });

  it('serves from all the running ads, not a fixed few; among many, the ads sharing a Book tag come first every time', async () => {
    await stopAll();
    // 12 running ads without tags[3], 2 with it (as the bench makes them: paid, far from their target).
    const plain = (
      await db.query(
        `INSERT INTO ads (user_id, type, url, content, target, price, attributes, paid, paid_on)
         SELECT $1, 0, 'https://shop.example/' || g, 'Ad ' || g, 750000, 5000, $2::int[], true, now() FROM generate_series(1, 12) g RETURNING id`,
        [advertiser.userId, tags.slice(0, 3)],
      )
    ).map((r: { id: number }) => r.id);
    const tagged = (
      await db.query(
        `INSERT INTO ads (user_id, type, url, content, target, price, attributes, paid, paid_on)
         SELECT $1, 0, 'https://shop.example/t' || g, 'Tagged ' || g, 750000, 5000, $2::int[], true, now() FROM generate_series(1, 2) g RETURNING id`,
        [advertiser.userId, tags.slice(1, 4)],
      )
    ).map((r: { id: number }) => r.id);
    const seen = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const ids = (await serve()).body.map((s: { id: number }) => s.id);
      expect(new Set(ids).size).toBe(3);
      for (const id of ids) seen.add(id);
    }
    // 90 picks over 14 ads: all but a few are served (a fixed trio, or neighbours always served together, would not be).
    expect(seen.size).toBeGreaterThanOrEqual(10);
    const book = await createBook(t.app, { contributors: [other.userId], tagIds: [tags[3]] });
    for (let i = 0; i < 10; i++) {
      const ids = (
        await request(t.http)
          .get(api(`advertisements-for-monopage/${book}/`))
          .set('User-Agent', newVisitor())
          .expect(200)
      ).body.map((s: { id: number }) => s.id);
      expect(ids.slice(0, 2).sort()).toEqual([...tagged].sort());
      expect(plain).toContain(ids[2]);
    }
    const [{ views }] = await db.query(`SELECT sum(views)::int AS views FROM ads WHERE id = ANY($1::int[])`, [[...plain, ...tagged]]);
    expect(views).toBe(30 * 3 + 10 * 3);
  });

  it('counts no lost impressions under concurrent servings', async () => {
    await stopAll();
    const adId = await createAd();
    await pay(adId);
    const before = (await adRow(adId)).views;
    const answers = await Promise.all(Array.from({ length: 20 }, () => serve()));
    const served = answers.reduce((n, r) => n + r.body.filter((s: { id: number }) => s.id === adId).length, 0);
    expect(served).toBe(20);
    expect((await adRow(adId)).views - before).toBe(20);
    expect((await db.query(`SELECT count(*)::int AS n FROM ad_offers WHERE ad_id = $1`, [adId]))[0].n).toBe(20);
  });

  it('counts a click only with a served offer, once per viewer per hour; a forged updateCnt changes nothing', async () => {
    await stopAll();
    const adId = await createAd({ type: 1, target: 3000 });
    await pay(adId);
    const offer = (await serve(reader)).body.find((s: { id: number }) => s.id === adId).offer;
    expect((await adRow(adId)).cnt).toBe(0); // a per-click ad counts no views
    // Without an offer, with a made-up one, with another viewer's offer: refused.
    expect((await click(reader, { adsId: adId, updateCnt: 1 }).expect(200)).body).toEqual({ counted: false, reason: 'no_offer', cnt: 0, delete_flag: false });
    expect((await click(reader, { adsId: adId, offer: '00000000-0000-4000-8000-000000000000' }).expect(200)).body.reason).toBe('no_offer');
    expect((await click(other, { adsId: adId, offer }).expect(200)).body.reason).toBe('no_offer');
    // A forged updateCnt: one click, one count.
    expect((await click(reader, { adsId: adId, offer, updateCnt: 2999 }).expect(200)).body).toEqual({
      counted: true,
      reason: null,
      cnt: 1,
      delete_flag: false,
    });
    // The same offer again, then a fresh offer within the hour: repeats.
    expect((await click(reader, { adsId: adId, offer, updateCnt: 2 }).expect(200)).body.reason).toBe('repeat');
    const fresh = (await serve(reader)).body.find((s: { id: number }) => s.id === adId).offer;
    expect((await click(reader, { adsId: adId, offer: fresh }).expect(200)).body.reason).toBe('repeat');
    expect(await adRow(adId)).toMatchObject({ cnt: 1, clicks: 1 });
    // A visitor (by address) clicks with their own offer: counted.
    const visitorOffer = (await serve(undefined, 'jest-clicker')).body.find((s: { id: number }) => s.id === adId).offer;
    // The same address with another user agent is another visitor: the offer is not theirs.
    expect((await click(undefined, { adsId: adId, offer: visitorOffer }, 'another-browser').expect(200)).body.reason).toBe('no_offer');
    expect((await click(undefined, { adsId: adId, offer: visitorOffer }).expect(200)).body).toMatchObject({ counted: true, cnt: 2 });
    // The advertiser sees the counted and the refused, with reasons.
    const stats = (
      await request(t.http)
        .get(api(`advertisement/${adId}/`))
        .set(auth(advertiser.token))
        .expect(200)
    ).body;
    expect(stats).toMatchObject({ clicks: 2, cnt: 2, remaining: 2997, refused: { no_offer: 4, repeat: 2, rate_limit: 0, inactive: 0 } });
    await request(t.http)
      .get(api(`advertisement/${adId}/`))
      .set(auth(reader.token))
      .expect(404);
    const mine = (await request(t.http).get(api('advertisements-mine/')).set(auth(advertiser.token)).expect(200)).body;
    expect(mine.find((m: { id: number }) => m.id === adId)).toMatchObject({ clicks: 2, refused: { repeat: 2 } });
    expect((await request(t.http).get(api('advertisements-mine/')).set(auth(reader.token)).expect(200)).body).toEqual([]);
    await request(t.http).get(api('advertisements-mine/')).expect(401);
  });

  it('refuses clicks past the hourly limit of a viewer (rate_limit)', async () => {
    await stopAll();
    const adId = await createAd({ type: 1, target: 3000 });
    await pay(adId);
    // The viewer has already clicked 30 other ads within the hour.
    const others = await db.query(`SELECT id FROM ads WHERE id <> $1 LIMIT 1`, [adId]);
    await db.query(`INSERT INTO ad_clicks (ad_id, viewer_key) SELECT $1, $2 FROM generate_series(1, 30)`, [others[0].id, `u:${other.userId}`]);
    const offer = (await serve(other)).body.find((s: { id: number }) => s.id === adId).offer;
    expect((await click(other, { adsId: adId, offer }).expect(200)).body.reason).toBe('rate_limit');
    expect(
      (
        await request(t.http)
          .get(api(`advertisement/${adId}/`))
          .set(auth(advertiser.token))
          .expect(200)
      ).body.refused.rate_limit,
    ).toBe(1);
  });

  it("lets only the advertiser stop an ad: another user's updateDelFlag changes nothing", async () => {
    await stopAll();
    const adId = await createAd();
    await pay(adId);
    expect((await click(other, { adsId: adId, updateDelFlag: true }).expect(403)).body).toEqual({
      detail: 'Only the advertiser can do this.',
      code: 'adOwnerOnly',
    });
    await click(undefined, { adsId: adId, updateDelFlag: true }).expect(401);
    expect((await adRow(adId)).delete_flag).toBe(false);
    await click(advertiser, { adsId: adId, updateDelFlag: true }).expect(200);
    expect((await adRow(adId)).delete_flag).toBe(true);
    expect((await serve()).body).toEqual([]);
    // A click on a stopped ad is refused (inactive).
    expect((await click(reader, { adsId: adId }).expect(200)).body.reason).toBe('inactive');
    await click(reader, { adsId: 999999 }).expect(404);
    await click(reader, { adsId: 'x' }).expect(400);
  });

  it('retires an ad at cnt >= target - 1 (views and clicks)', async () => {
    await stopAll();
    const viewAd = await createAd();
    await pay(viewAd);
    await db.query(`UPDATE ads SET cnt = target - 3, views = target - 3 WHERE id = $1`, [viewAd]);
    expect((await serve()).body.map((s: { id: number }) => s.id)).toEqual([viewAd]); // cnt = target - 2
    const last = (await serve()).body; // cnt = target - 1: served, counted, retired
    expect(last).toHaveLength(1);
    expect(last[0]).toMatchObject({ id: viewAd, cnt: 89999, delete_flag: true });
    expect((await serve()).body).toEqual([]);
    expect(
      (
        await request(t.http)
          .get(api(`advertisement/${viewAd}/`))
          .set(auth(advertiser.token))
          .expect(200)
      ).body,
    ).toMatchObject({ remaining: 0, active: false });

    const clickAd = await createAd({ type: 1, target: 3000 });
    await pay(clickAd);
    await db.query(`UPDATE ads SET cnt = target - 2 WHERE id = $1`, [clickAd]);
    const offer = (await serve(reader)).body[0].offer;
    expect((await click(reader, { adsId: clickAd, offer }).expect(200)).body).toEqual({ counted: true, reason: null, cnt: 2999, delete_flag: true });
    expect((await serve()).body).toEqual([]);
  });

  it('serves in a fixed number of statements for 1 and for 3 ads', async () => {
    await stopAll();
    const countServe = async () => {
      const statements = countStatements();
      try {
        await serve(reader);
      } finally {
        statements.stop();
      }
      return statements.count;
    };
    const a = await createAd();
    await pay(a);
    const one = await countServe();
    for (let i = 0; i < 3; i++) await pay(await createAd());
    const three = await countServe();
    expect(three).toBe(one);
    expect(one).toBeLessThanOrEqual(2); // the token, and the one statement that picks, counts and offers
  });

  it('counts a view once per viewer per ad per hour: 50 servings to one visitor count 1, a second visitor counts again, the advertiser sees the refused views', async () => {
    await stopAll();
    const [a, b] = [await createAd(), await createAd({ type: 1, target: 3000 })];
    await pay(a);
    await pay(b);
    const before = { a: await adRow(a), b: await adRow(b) };
    for (let i = 0; i < 50; i++) {
      const ids = (await serve(undefined, 'looping-visitor')).body.map((s: { id: number; offer: string }) => s.id);
      expect(ids.sort()).toEqual([a, b].sort()); // still served, each with an offer
    }
    const row = async (id: number) => (await db.query(`SELECT views, views_refused, cnt FROM ads WHERE id = $1`, [id]))[0];
    expect(await row(a)).toEqual({ views: before.a.views + 1, views_refused: 49, cnt: before.a.cnt + 1 });
    expect((await row(b)).views).toBe(before.b.views + 1);
    // Concurrent servings to one viewer: still one view (the unique row, not a read then a write).
    await Promise.all(Array.from({ length: 10 }, () => serve(undefined, 'parallel-visitor')));
    expect((await row(a)).views).toBe(before.a.views + 2);
    // Another visitor (same address, another browser), and a logged-in reader: each counts once.
    await serve(undefined, 'second-visitor');
    for (let i = 0; i < 5; i++) await serve(reader);
    expect(await row(a)).toEqual({ views: before.a.views + 4, views_refused: 49 + 9 + 4, cnt: before.a.cnt + 4 });
    // An hour later the same visitor counts again.
    await db.query(`UPDATE ad_views SET hour = hour - interval '1 hour' WHERE ad_id = ANY($1::int[])`, [[a, b]]);
    await serve(undefined, 'looping-visitor');
    expect((await row(a)).views).toBe(before.a.views + 5);
    // The advertiser sees them, in both lists.
    const stats = (
      await request(t.http)
        .get(api(`advertisement/${a}/`))
        .set(auth(advertiser.token))
        .expect(200)
    ).body;
    expect(stats).toMatchObject({ views: before.a.views + 5, remaining: 90000 - 1 - (before.a.cnt + 5), refused_views: { repeat: 62 } });
    const mine = (await request(t.http).get(api('advertisements-mine/')).set(auth(advertiser.token)).expect(200)).body;
    expect(mine.find((m: { id: number }) => m.id === b)).toMatchObject({ refused_views: { repeat: 62 } });
  });

  it('loads the image of a served ad (/media/ads/…: 200, image/jpeg)', async () => {
    await stopAll();
    const adId = await createAd();
    await pay(adId);
    const [served] = (await serve()).body;
    expect(served.id).toBe(adId);
    const url = new URL(served.img);
    expect(url.pathname).toMatch(/^\/media\/ads\/\d+\/[0-9a-f-]+\.jpg$/);
    const image = await request(t.http).get(url.pathname).buffer(true).expect(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    expect((await sharp(image.body as Buffer).metadata()).width).toBe(300);
    // Only ads' images under ads/: nothing else of the store is public by the new prefix.
    await request(t.http).get('/media/ads-other/x.jpg').expect(404);
  });
});

describe('Ad servings are rate-limited', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await startTestApp({ AD_SERVE_RATE_LIMIT: '5' });
    db = t.app.get(getDataSourceToken());
    const advertiser = await createUser(t.app, { nickName: 'advertiser' });
    const tags = (await db.query(`SELECT id FROM attributes WHERE language = 'ja' ORDER BY id LIMIT 3`)).map((r: { id: number }) => r.id);
    await db.query(
      `INSERT INTO ads (user_id, type, url, content, target, price, attributes, paid, paid_on) VALUES ($1, 0, 'https://shop.example/', 'Ad', 90000, 5000, $2::int[], true, now())`,
      [advertiser.userId, tags],
    );
  });
  afterAll(() => t?.close());

  it('answers 429 with Retry-After past AD_SERVE_RATE_LIMIT a minute per client, whatever the user agent, and counts nothing then', async () => {
    const get = (agent: string, path = 'advertisements-random/') => request(t.http).get(`/api/user/${path}`).set('User-Agent', agent);
    for (let i = 0; i < 5; i++) {
      const ok = await get(`agent-${i}`).expect(200);
      expect(ok.body).toHaveLength(1);
      expect(ok.headers['ratelimit-policy']).toBe('"ip";q=5;w=60');
    }
    const refused = await get('agent-new').expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
    // Both serving endpoints share the limit.
    await get('agent-new', 'advertisements-for-monopage/1/').expect(429);
    const [{ views, offers }] = await db.query(`SELECT (SELECT sum(views) FROM ads)::int AS views, (SELECT count(*) FROM ad_offers)::int AS offers`);
    expect({ views, offers }).toEqual({ views: 5, offers: 5 });
    // A logged-in user is counted on their own.
    const user = await createUser(t.app);
    await get('agent-user').set(auth(user.token)).expect(200);
  });
});
