import request from 'supertest';
import { linkFrom, PASSWORD, signUp, startTestApp, type TestApp } from './helpers/test-app';
import { validationErrors } from './helpers/errors';

/** Issue 41, item 6: "send it again" for the verification mail, the same answer for any address, rate-limited. */
describe('resend verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '12' });
  });
  afterAll(() => t.close());

  const SAME = { detail: 'If this address has an account waiting to be confirmed, a new verification e-mail has been sent.' };
  /** A request from the client `ip` (the test app trusts X-Forwarded-For from loopback, as behind a proxy). */
  const resend = (ip: string, body: object) => request(t.http).post('/api/user/resend-verification/').set('X-Forwarded-For', ip).send(body);
  const login = (email: string) => request(t.http).post('/api/user/login/').send({ email, password: PASSWORD });

  it('mails a new link to an account waiting to be confirmed, in its language; the new link confirms it', async () => {
    const email = 'waiting@example.com';
    await request(t.http).post('/api/user/register/').send({ email, password1: PASSWORD, password2: PASSWORD, agreed: true, language: 'ja' }).expect(201);
    const first = await t.smtp.waitFor(email, /verify/);
    await login(email).expect(400, validationErrors({ non_field_errors: ['E-mail is not verified.'] }));

    await resend('203.0.113.1', { email: 'Waiting@Example.com ' }).expect(200, SAME);
    const again = await t.smtp.waitFor(email, /verify/);
    expect(again.subject).toBe('【monobook】メールアドレスの確認');
    const link = linkFrom(again.text, 'verify');
    expect(link.key).not.toBe(linkFrom(first.text, 'verify').key);
    await request(t.http).post('/api/user/verify/').send({ id: link.id, key: link.key }).expect(200, { message: 'OK' });
    await login(email).expect(200);
  });

  it('answers the same for an unknown and a confirmed address, and mails neither', async () => {
    await signUp(t, 'confirmed@example.com');
    const unknown = await resend('203.0.113.2', { email: 'nobody@example.com' }).expect(200);
    const confirmed = await resend('203.0.113.2', { email: 'confirmed@example.com' }).expect(200);
    expect(unknown.body).toEqual(SAME);
    expect(confirmed.body).toEqual(SAME);
    await resend('203.0.113.2', { email: 'waiting-too@example.com' }).expect(200, SAME);
    await new Promise((r) => setTimeout(r, 1500));
    expect(t.smtp.to('nobody@example.com')).toHaveLength(0);
    expect(t.smtp.to('confirmed@example.com')).toHaveLength(0);
  });

  it('refuses a malformed address with DRF words', async () => {
    await resend('203.0.113.3', { email: 'no-at-sign' }).expect(400, validationErrors({ email: ['Enter a valid email address.'] }));
    await resend('203.0.113.3', {}).expect(400, validationErrors({ email: ['This field is required.'] }));
  });

  it('is rate-limited per address (from any client) and per client, with Retry-After', async () => {
    const email = 'flooded@example.com';
    for (let i = 0; i < 3; i++) await resend(`198.51.100.${40 + i}`, { email }).expect(200, SAME);
    const perAddress = await resend('198.51.100.50', { email }).expect(429);
    expect(Number(perAddress.headers['retry-after'])).toBeGreaterThan(0);
    expect(perAddress.body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);

    const ip = '198.51.100.60';
    for (let i = 0; i < 12; i++) await resend(ip, { email: `someone-${i}@example.com` }).expect(200, SAME);
    await resend(ip, { email: 'someone-else@example.com' }).expect(429);
    // Its own counters: that client can still register and log in.
    await request(t.http).post('/api/user/login/').set('X-Forwarded-For', ip).send({ email: 'someone-else@example.com', password: 'a-password-1' }).expect(400);
  });
});
