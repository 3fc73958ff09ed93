import { jest } from '@jest/globals';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Client } from 'pg';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { JobsService } from '../src/jobs/jobs.service';
import { AuthService, type ResetRequest } from '../src/modules/auth/auth.service';
import { eventsHandled } from './helpers/events';
import { auth, linkFrom, PASSWORD, signUp, startTestApp, type TestApp } from './helpers/test-app';
import { validationErrors } from './helpers/errors';

describe('accounts', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(getDataSourceToken());
  });
  afterAll(() => t.close());

  const register = (body: object) => request(t.http).post('/api/user/register/').send(body);

  describe('register', () => {
    it('creates the account and mails a verification link in the chosen language', async () => {
      const res = await register({ email: 'Hanako@Example.com', password1: PASSWORD, password2: PASSWORD, agreed: true, language: 'ja' }).expect(201);
      expect(res.body).toEqual({ detail: 'Verification e-mail sent.' });
      const mail = await t.smtp.waitFor('hanako@example.com');
      // The mail says which site it is from.
      expect(mail.subject).toBe('【monobook】メールアドレスの確認');
      expect(mail.text).toContain('monobook にご登録いただきありがとうございます。');
      expect(linkFrom(mail.text, 'verify').url).toMatch(/^http:\/\/app\.test\/verify\/\d+\//);
    });

    it('refuses without agreeing to the terms, and loses nothing', async () => {
      const res = await register({ email: 'noterms@example.com', password1: PASSWORD, password2: PASSWORD, agreed: false }).expect(400);
      expect(res.body).toEqual(validationErrors({ agreed: ['You must agree to the terms.'] }));
      await register({ email: 'noterms@example.com', password1: PASSWORD, password2: PASSWORD }).expect(
        400,
        validationErrors({ agreed: ['This field is required.'] }),
      );
      const rows = await db.query(`SELECT 1 FROM users WHERE email = 'noterms@example.com'`);
      expect(rows).toHaveLength(0);
    });

    it('refuses mismatched, short and numeric passwords and bad e-mails with DRF messages', async () => {
      await register({ email: 'a@example.com', password1: PASSWORD, password2: 'other-password-9', agreed: true }).expect(
        400,
        validationErrors({
          non_field_errors: ["The two password fields didn't match."],
        }),
      );
      const short = await register({ email: 'a@example.com', password1: 'short', password2: 'short', agreed: true }).expect(400);
      expect(short.body.password1).toContain('This password is too short. It must contain at least 8 characters.');
      const numeric = await register({ email: 'a@example.com', password1: '1234567890', password2: '1234567890', agreed: true }).expect(400);
      expect(numeric.body.password1).toContain('This password is entirely numeric.');
      await register({ email: 'not-an-email', password1: PASSWORD, password2: PASSWORD, agreed: true }).expect(
        400,
        validationErrors({ email: ['Enter a valid email address.'] }),
      );
      await register({ password1: PASSWORD, password2: PASSWORD, agreed: true }).expect(400, validationErrors({ email: ['This field is required.'] }));
      await register({ email: '', password1: PASSWORD, password2: PASSWORD, agreed: true }).expect(
        400,
        validationErrors({ email: ['This field may not be blank.'] }),
      );
    });

    it('answers the same for a taken address and tells its owner by mail instead', async () => {
      await signUp(t, 'taken@example.com');
      const res = await register({ email: 'taken@example.com', password1: 'another-pass-77', password2: 'another-pass-77', agreed: true }).expect(201);
      expect(res.body).toEqual({ detail: 'Verification e-mail sent.' });
      const mail = await t.smtp.waitFor('taken@example.com', /already/);
      expect(mail.text).toContain('http://app.test/login');
      // The old password still works; the new one was not set.
      await request(t.http).post('/api/user/login/').send({ email: 'taken@example.com', password: 'another-pass-77' }).expect(400);
      await request(t.http).post('/api/user/login/').send({ email: 'taken@example.com', password: PASSWORD }).expect(200);
    });

    it('a second registration of an unconfirmed address cannot set its password; the mailbox owner chooses one', async () => {
      await register({ email: 'pending@example.com', password1: PASSWORD, password2: PASSWORD, agreed: true }).expect(201);
      await t.smtp.waitFor('pending@example.com', /confirm/i);
      await register({ email: 'pending@example.com', password1: 'attacker-pass-99', password2: 'attacker-pass-99', agreed: true }).expect(201, {
        detail: 'Verification e-mail sent.',
      });
      const mail = await t.smtp.waitFor('pending@example.com', /Finish signing up/);
      const { id, key } = linkFrom(mail.text, 'reset-password');
      // Neither password opens the account yet, and the second one was never stored.
      await request(t.http)
        .post('/api/user/login/')
        .send({ email: 'pending@example.com', password: 'attacker-pass-99' })
        .expect(
          400,
          validationErrors({
            non_field_errors: ['Email or password is not correct!'],
          }),
        );
      await request(t.http).post('/api/user/reset-password/').send({ id, key, password: 'owner-chosen-pass-1' }).expect(200);
      await request(t.http).post('/api/user/login/').send({ email: 'pending@example.com', password: 'owner-chosen-pass-1' }).expect(200);
    });
  });

  describe('verify', () => {
    it('verifies once; the same link again says it is verified already; a made-up key is refused', async () => {
      await register({ email: 'once@example.com', password1: PASSWORD, password2: PASSWORD, agreed: true }).expect(201);
      const { id, key } = linkFrom((await t.smtp.waitFor('once@example.com')).text, 'verify');
      await request(t.http)
        .post('/api/user/login/')
        .send({ email: 'once@example.com', password: PASSWORD })
        .expect(
          400,
          validationErrors({
            non_field_errors: ['E-mail is not verified.'],
          }),
        );
      await request(t.http).post('/api/user/verify/').send({ id, key }).expect(200, { message: 'OK' });
      // The mail's link opened a second time: no failure, the account is verified.
      await request(t.http).post('/api/user/verify/').send({ id, key }).expect(200, { message: 'E-mail is already verified.' });
      await request(t.http)
        .post('/api/user/verify/')
        .send({ id, key: 'x'.repeat(43) })
        .expect(400, validationErrors({ key: ['Invalid value'] }));
      // Another user's id with this key proves nothing: refused as before.
      await request(t.http)
        .post('/api/user/verify/')
        .send({ id: Number(id) + 1000, key })
        .expect(400, validationErrors({ key: ['Invalid value'] }));
      await request(t.http)
        .post('/api/user/verify/')
        .send({ id: 'abc', key })
        .expect(400, validationErrors({ id: ['A valid integer is required.'] }));
      await request(t.http).post('/api/user/login/').send({ email: 'once@example.com', password: PASSWORD }).expect(200);
    });

    it('refuses an expired key', async () => {
      await register({ email: 'late@example.com', password1: PASSWORD, password2: PASSWORD, agreed: true }).expect(201);
      const { id, key } = linkFrom((await t.smtp.waitFor('late@example.com')).text, 'verify');
      await db.query(`UPDATE account_keys SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [id]);
      await request(t.http)
        .post('/api/user/verify/')
        .send({ id, key })
        .expect(400, validationErrors({ key: ['Invalid value'] }));
    });
  });

  describe('login and logout', () => {
    it('answers a token and where to go: /account without a profile, /home with one', async () => {
      const { token } = await signUp(t, 'login@example.com');
      expect(token).toMatch(/^[0-9a-f]{40}$/);
      await request(t.http).post('/api/user/profile/').set(auth(token)).field('nickName', 'Login').expect(201);
      const again = await request(t.http).post('/api/user/login/').send({ email: 'LOGIN@example.com', password: PASSWORD }).expect(200);
      expect(again.body.redirect_url).toBe('/home');
      // Tokens are stored hashed, never as issued.
      const stored = await db.query(`SELECT key_hash FROM auth_tokens`);
      expect(stored.map((r: { key_hash: string }) => r.key_hash)).not.toContain(again.body.token);
    });

    it('refuses a wrong password and an unknown address with the same message', async () => {
      await signUp(t, 'wrong@example.com');
      const body = validationErrors({ non_field_errors: ['Email or password is not correct!'] });
      await request(t.http).post('/api/user/login/').send({ email: 'wrong@example.com', password: 'not-the-password' }).expect(400, body);
      await request(t.http).post('/api/user/login/').send({ email: 'nobody@example.com', password: 'not-the-password' }).expect(400, body);
    });

    it('logout ends only the presented token', async () => {
      const { token } = await signUp(t, 'logout@example.com');
      const second = (await request(t.http).post('/api/user/login/').send({ email: 'logout@example.com', password: PASSWORD })).body.token;
      await request(t.http).post('/api/user/logout/').set(auth(token)).expect(200, { detail: 'Successfully logged out.' });
      await request(t.http).get('/api/user/myprofile/').set(auth(token)).expect(401, { detail: 'Invalid token.', code: 'invalidToken' });
      await request(t.http).get('/api/user/myprofile/').set(auth(second)).expect(404);
      await request(t.http).post('/api/user/logout/').expect(401);
    });
  });

  describe('account language', () => {
    it('is saved to the account: login answers it, and mail follows it', async () => {
      const { token } = await signUp(t, 'lang@example.com');
      await request(t.http).get('/api/user/account/').set(auth(token)).expect(200, { email: 'lang@example.com', language: 'en' });
      await request(t.http).patch('/api/user/account/').set(auth(token)).send({ language: 'ja' }).expect(200, { email: 'lang@example.com', language: 'ja' });
      const login = await request(t.http).post('/api/user/login/').send({ email: 'lang@example.com', password: PASSWORD }).expect(200);
      expect(login.body.language).toBe('ja');
      // The mail is Japanese even when the request asks for English.
      await request(t.http).post('/api/user/forgot-password/').send({ email: 'lang@example.com', language: 'en' }).expect(200);
      const mail = await t.smtp.waitFor('lang@example.com', /パスワード/);
      expect(mail.subject).toMatch(/パスワード/);
    });

    it('refuses an unknown language and visitors', async () => {
      const { token } = await signUp(t, 'lang2@example.com');
      await request(t.http)
        .patch('/api/user/account/')
        .set(auth(token))
        .send({ language: 'fr' })
        .expect(400, validationErrors({ language: ['Must be "ja" or "en".'] }));
      await request(t.http).get('/api/user/account/').set(auth(token)).expect(200, { email: 'lang2@example.com', language: 'en' });
      await request(t.http)
        .patch('/api/user/account/')
        .send({ language: 'ja' })
        .expect(401, { detail: 'Authentication credentials were not provided.', code: 'notAuthenticated' });
    });
  });

  describe('password reset', () => {
    it('answers the same for known and unknown addresses; only the known one gets mail', async () => {
      await signUp(t, 'forgot@example.com');
      const known = await request(t.http).post('/api/user/forgot-password/').send({ email: 'forgot@example.com' }).expect(200);
      const unknown = await request(t.http).post('/api/user/forgot-password/').send({ email: 'ghost@example.com' }).expect(200);
      expect(known.body).toEqual(unknown.body);
      expect(known.body).toEqual({ detail: 'Password reset e-mail has been sent.' });
      await t.smtp.waitFor('forgot@example.com', /reset/i);
      await new Promise((r) => setTimeout(r, 1500));
      expect(t.smtp.to('ghost@example.com')).toHaveLength(0);
      await request(t.http)
        .post('/api/user/forgot-password/')
        .send({ email: 'no-at-sign' })
        .expect(400, validationErrors({ email: ['Enter a valid email address.'] }));
    });

    it('resets with a valid link once, ends every session, and the new password works', async () => {
      const { token } = await signUp(t, 'reset@example.com');
      await request(t.http).post('/api/user/forgot-password/').send({ email: 'reset@example.com' }).expect(200);
      const { id, key } = linkFrom((await t.smtp.waitFor('reset@example.com', /reset/i)).text, 'reset-password');

      await request(t.http).post('/api/user/verify-for-password-reset/').send({ id, key }).expect(200, { email: 'reset@example.com' });
      // Checking the link does not use it up.
      await request(t.http).post('/api/user/verify-for-password-reset/').send({ id, key }).expect(200);

      const mismatch = await request(t.http)
        .post('/api/user/reset-password/')
        .send({ id, key, password: 'brand-new-pass-1', password2: 'different-pass-2' })
        .expect(400);
      expect(mismatch.body).toEqual(validationErrors({ password2: ["Password doesn't match"] }));
      await request(t.http)
        .post('/api/user/reset-password/')
        .send({ id, key, email: 'someone@else.com', password: 'brand-new-pass-1' })
        .expect(400, validationErrors({ key: ['Invalid value'] }));

      await request(t.http).post('/api/user/reset-password/').send({ id, key, email: 'reset@example.com', password: 'brand-new-pass-1' }).expect(200);
      await request(t.http).get('/api/user/myprofile/').set(auth(token)).expect(401);
      await request(t.http)
        .post('/api/user/reset-password/')
        .send({ id, key, password: 'another-pass-22' })
        .expect(400, validationErrors({ key: ['Invalid value'] }));
      await request(t.http)
        .post('/api/user/verify-for-password-reset/')
        .send({ id, key })
        .expect(400, validationErrors({ key: ['Invalid value'] }));
      await request(t.http).post('/api/user/login/').send({ email: 'reset@example.com', password: PASSWORD }).expect(400);
      await request(t.http).post('/api/user/login/').send({ email: 'reset@example.com', password: 'brand-new-pass-1' }).expect(200);
    });

    it('an e-mail and a new password alone change nothing', async () => {
      await signUp(t, 'nolink@example.com');
      const res = await request(t.http).post('/api/user/reset-password/').send({ email: 'nolink@example.com', password: 'hijacked-pass-1' }).expect(400);
      expect(res.body).toEqual(validationErrors({ id: ['This field is required.'], key: ['This field is required.'] }));
      await request(t.http).post('/api/user/login/').send({ email: 'nolink@example.com', password: PASSWORD }).expect(200);
    });

    it('without a valid key tells nothing: one answer for every failure, and the password is checked only with the key', async () => {
      const email = 'oracle@example.com';
      await signUp(t, email);
      await request(t.http).post('/api/user/forgot-password/').send({ email }).expect(200);
      const { id, key } = linkFrom((await t.smtp.waitFor(email, /reset/i)).text, 'reset-password');
      const invalid = validationErrors({ key: ['Invalid value'] });
      // The attack: the guessed address as the new password, with a made-up key.
      const guesses = [
        { id, key: 'x', password: email },
        { id, key: 'x', password: 'other-guess@example.com' },
        { id, key: 'x', password: 'short' },
        { id, key: 'x', password: '1234567890' },
        { id, key: 'x', password: 'brand-new-pass-1', password2: 'not-the-same-1' },
        { id: id + 1000, key, password: email },
        { id, key: `${key.slice(0, -2)}AA`, password: email },
        { id, key, email: 'other-guess@example.com', password: email },
      ];
      for (const body of guesses) {
        const res = await request(t.http).post('/api/user/reset-password/').send(body);
        expect([body, res.status, res.body]).toEqual([body, 400, invalid]);
      }
      // With the key, the password's own checks answer.
      await request(t.http)
        .post('/api/user/reset-password/')
        .send({ id, key, password: email })
        .expect(
          400,
          validationErrors({
            password: ['The password is too similar to the email address.'],
          }),
        );
      await request(t.http)
        .post('/api/user/reset-password/')
        .send({ id, key, password: 'brand-new-pass-1', password2: 'not-the-same-1' })
        .expect(
          400,
          validationErrors({
            password2: ["Password doesn't match"],
          }),
        );
      // An expired key is just as invalid, whatever the password.
      await db.query(`UPDATE account_keys SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND purpose = 'reset'`, [id]);
      await request(t.http).post('/api/user/reset-password/').send({ id, key, password: email }).expect(400, invalid);
      await request(t.http).post('/api/user/login/').send({ email, password: PASSWORD }).expect(200);
    });

    it('forgot-password only enqueues: the request looks nothing up, and does the same for known and unknown addresses', async () => {
      await signUp(t, 'queued@example.com');
      const accounts = t.app.get(AuthService);
      const jobs = t.app.get(JobsService);
      // The job's work is held back while the requests run, so a look-up of the address seen is the request's
      // (every statement on the database's connections is seen; the periodic account purge reads users, not addresses).
      const held: ResetRequest[] = [];
      const job = jest.spyOn(accounts, 'mailResetLink').mockImplementation(async (r) => void held.push(r));
      const sent = jest.spyOn(jobs, 'send');
      const statements: string[] = [];
      const query = Client.prototype.query;
      Client.prototype.query = function (this: Client, ...args: unknown[]) {
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
        statements.push(String(text));
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query;
      const seen: Array<{ enqueued: unknown[]; usersRead: string[]; jobsInserted: number }> = [];
      try {
        for (const email of ['queued@example.com', 'nobody-here@example.com']) {
          statements.length = 0;
          sent.mockClear();
          await request(t.http).post('/api/user/forgot-password/').send({ email }).expect(200, { detail: 'Password reset e-mail has been sent.' });
          seen.push({
            enqueued: sent.mock.calls.map((c) => [c[0], c[1]]),
            usersRead: statements.filter((s) => /\busers\b/i.test(s) && /\bemail\b/i.test(s)),
            jobsInserted: statements.filter((s) => /insert into\s+"?pgboss"?\./i.test(s)).length,
          });
        }
      } finally {
        Client.prototype.query = query;
        sent.mockRestore();
      }
      expect(seen).toEqual([
        { enqueued: [['password-reset-request', { email: 'queued@example.com' }]], usersRead: [], jobsInserted: 1 },
        { enqueued: [['password-reset-request', { email: 'nobody-here@example.com' }]], usersRead: [], jobsInserted: 1 },
      ]);
      // The queue's worker takes both; the real job mails the known address only.
      for (let i = 0; i < 100 && held.length < 2; i++) await new Promise((r) => setTimeout(r, 100));
      job.mockRestore();
      expect(held).toEqual([{ email: 'queued@example.com' }, { email: 'nobody-here@example.com' }]);
      for (const r of held) await accounts.mailResetLink(r);
      expect(linkFrom((await t.smtp.waitFor('queued@example.com', /reset/i)).text, 'reset-password').id).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 1000));
      expect(t.smtp.to('nobody-here@example.com')).toHaveLength(0);
    });

    it('refuses an expired reset link', async () => {
      await signUp(t, 'expired@example.com');
      await request(t.http).post('/api/user/forgot-password/').send({ email: 'expired@example.com' }).expect(200);
      const { id, key } = linkFrom((await t.smtp.waitFor('expired@example.com', /reset/i)).text, 'reset-password');
      await db.query(`UPDATE account_keys SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND purpose = 'reset'`, [id]);
      await request(t.http)
        .post('/api/user/verify-for-password-reset/')
        .send({ id, key })
        .expect(400, validationErrors({ key: ['Invalid value'] }));
      await request(t.http)
        .post('/api/user/reset-password/')
        .send({ id, key, password: 'brand-new-pass-1' })
        .expect(400, validationErrors({ key: ['Invalid value'] }));
    });
  });

  describe('account deletion', () => {
    it('signs the user out, hides the profile, and the purge removes the account after the grace period', async () => {
      const { token, userId } = await signUp(t, 'leaving@example.com');
      const profile = await request(t.http).post('/api/user/profile/').set(auth(token)).field('nickName', 'Leaving').expect(201);
      await request(t.http).post('/api/user/deleteprofile/').expect(401);
      const before = Date.now();
      const deletion = await request(t.http).post('/api/user/deleteprofile/').set(auth(token)).expect(200);
      // The answer says when: the request plus the grace period (14 days by default), for the confirmation screen.
      expect(deletion.body).toEqual({ detail: 'Account deletion requested.', deletes_at: expect.any(String), grace_days: 14 });
      const deletesAt = Date.parse(deletion.body.deletes_at);
      expect(deletesAt).toBeGreaterThanOrEqual(before + 14 * 24 * 3600 * 1000 - 5_000);
      expect(deletesAt).toBeLessThanOrEqual(Date.now() + 14 * 24 * 3600 * 1000 + 5_000);
      await request(t.http).get('/api/user/myprofile/').set(auth(token)).expect(401);
      await request(t.http).post('/api/user/login/').send({ email: 'leaving@example.com', password: PASSWORD }).expect(400);
      await eventsHandled(t.app, 'event.account.'); // the profiles module hides the profile on account.deletion_requested
      await request(t.http).get(`/api/user/profile/${profile.body.id}`).expect(404);

      const accounts = t.app.get(AuthService);
      const afterGrace = new Date(Date.now() + 15 * 24 * 3600 * 1000);
      expect(await accounts.purgeDeletedAccounts()).toEqual({ started: 0, removed: 0, waiting: 0 }); // still within the grace period
      // account.deleted is published; the users row goes once the owners (here profiles) have removed their rows.
      expect(await accounts.purgeDeletedAccounts(afterGrace)).toMatchObject({ started: 1 });
      await eventsHandled(t.app, 'event.account.');
      expect(await accounts.purgeDeletedAccounts(afterGrace)).toEqual({ started: 0, removed: 1, waiting: 0 });
      expect(await db.query(`SELECT 1 FROM users WHERE id = $1`, [userId])).toHaveLength(0);
      expect(await db.query(`SELECT 1 FROM profiles WHERE user_id = $1`, [userId])).toHaveLength(0);
    });
  });
});

describe('account rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '12' });
  });
  afterAll(() => t.close());

  /** A request from the client `ip` (the test app trusts X-Forwarded-For from loopback, as behind a proxy). */
  const post = (path: string, ip: string, body: object) => request(t.http).post(`/api/user/${path}/`).set('X-Forwarded-For', ip).send(body);

  it('answers 429 with Retry-After once an address is tried too often', async () => {
    for (let i = 0; i < 3; i++) {
      await request(t.http)
        .post('/api/user/login/')
        .send({ email: 'target@example.com', password: `guess-${i}` })
        .expect(400);
    }
    const res = await request(t.http).post('/api/user/login/').send({ email: 'target@example.com', password: 'guess-4' }).expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
    // Another address from the same client is still served.
    await request(t.http).post('/api/user/login/').send({ email: 'other@example.com', password: 'guess' }).expect(400);
  });

  it('forgot-password and register calls for an address, by anyone, do not keep its owner from logging in', async () => {
    const email = 'victim@example.com';
    await signUp(t, email);
    for (let i = 0; i < 3; i++) await post('forgot-password', '198.51.100.7', { email }).expect(200);
    const refused = await post('forgot-password', '198.51.100.7', { email }).expect(429);
    expect(refused.body.detail).toMatch(/^Request was throttled\./);
    // (signUp registered once already)
    for (let i = 0; i < 2; i++)
      await post('register', '198.51.100.7', { email, password1: 'attacker-pass-1', password2: 'attacker-pass-1', agreed: true }).expect(201);
    await post('register', '198.51.100.7', { email, password1: 'attacker-pass-1', password2: 'attacker-pass-1', agreed: true }).expect(429);
    // The owner, from their own client and from the attacker's, logs in.
    await post('login', '203.0.113.10', { email, password: PASSWORD }).expect(200);
    await post('login', '198.51.100.7', { email, password: PASSWORD }).expect(200);
  });

  it("failed logins from one client do not lock the address's owner out on another client", async () => {
    const email = 'owner@example.com';
    await signUp(t, email);
    for (let i = 0; i < 3; i++) await post('login', '198.51.100.20', { email, password: `guess-${i}` }).expect(400);
    // The guessing client is refused for this address, even with the right password…
    const blocked = await post('login', '198.51.100.20', { email, password: PASSWORD }).expect(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // …while the owner's client is not: a wrong password is a plain failure, the right one logs in.
    await post('login', '203.0.113.20', { email, password: 'typo-pass-1' }).expect(
      400,
      validationErrors({ non_field_errors: ['Email or password is not correct!'] }),
    );
    await post('login', '203.0.113.20', { email, password: PASSWORD }).expect(200);
    // A successful login clears its client's count.
    await post('login', '203.0.113.20', { email, password: 'typo-pass-2' }).expect(400);
    await post('login', '203.0.113.20', { email, password: 'typo-pass-3' }).expect(400);
    await post('login', '203.0.113.20', { email, password: PASSWORD }).expect(200);
  });

  it('counts each endpoint per client on its own: a client that used up forgot-password can still log in', async () => {
    const ip = '198.51.100.30';
    for (let i = 0; i < 12; i++) await post('forgot-password', ip, { email: `someone-${i}@example.com` }).expect(200);
    const res = await post('forgot-password', ip, { email: 'someone-else@example.com' }).expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await post('login', ip, { email: 'someone-else@example.com', password: 'a-password-1' }).expect(400);
    await post('register', ip, { email: 'someone-else@example.com', password1: PASSWORD, password2: PASSWORD, agreed: true }).expect(201);
  });
});
