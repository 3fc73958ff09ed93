import * as crypto from 'node:crypto';
import { getDataSourceToken } from '@nestjs/typeorm';
import { decodeJwt } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { AuthService } from '../src/modules/auth/auth.service';
import { eventsHandled } from './helpers/events';
import { auth, PASSWORD, signUp, startTestApp, type TestApp } from './helpers/test-app';
import { validationErrors } from './helpers/errors';

/**
 * Sign-in with Google (an ID token checked by the server), LINE and Yahoo! JAPAN (code flows with
 * PKCE, state and nonce finished server-side), against local OpenID issuers (oauth2-mock-server)
 * standing in for the three providers: the app finds their endpoints and keys by discovery, as
 * it does for the real ones.
 */
const LINE_SECRET = 'line-channel-secret-for-tests-0123456789';
const lineKey = { secret: LINE_SECRET };

/** An HS256 JWT, as LINE web login signs its ID tokens (with the channel secret). */
function hs256(claims: object, secret: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${body}.${crypto.createHmac('sha256', secret).update(body).digest('base64url')}`;
}

interface Person {
  sub: string;
  email?: string;
  email_verified?: boolean;
}

async function issuer(): Promise<OAuth2Server> {
  const server = new OAuth2Server();
  // A key made here (the store's own generate() trips over jest's module realms).
  const jwk = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  await server.issuer.keys.add({ ...jwk, alg: 'RS256', kid: crypto.randomUUID() });
  await server.start(0, '127.0.0.1');
  return server;
}

describe('Sign-in with Google, LINE and Yahoo! JAPAN', () => {
  let t: TestApp;
  let db: DataSource;
  let google: OAuth2Server;
  let line: OAuth2Server;
  let yahoo: OAuth2Server;
  /** Who the LINE and Yahoo stand-ins say signed in, and how they tamper with the ID token. */
  const person: Record<'line' | 'yahoo', Person> = { line: { sub: 'U-line-1' }, yahoo: { sub: 'Y-1' } };
  const tamper: { line?: (payload: Record<string, unknown>) => void; yahoo?: (payload: Record<string, unknown>) => void } = {};

  beforeAll(async () => {
    [google, line, yahoo] = await Promise.all([issuer(), issuer(), issuer()]);
    for (const [name, server] of [
      ['line', line],
      ['yahoo', yahoo],
    ] as const) {
      server.service.on('beforeTokenSigning', (token) => {
        Object.assign(token.payload, person[name]);
        tamper[name]?.(token.payload);
      });
    }
    // LINE web login signs its ID tokens with the channel secret (HS256), not with published keys.
    // (The stand-in does not wait for its hooks: the token is signed synchronously.)
    line.service.on('beforeResponse', (response) => {
      const body = response.body as Record<string, unknown>;
      if (typeof body.id_token === 'string') body.id_token = hs256(decodeJwt(body.id_token), lineKey.secret);
    });
    t = await startTestApp({
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_ISSUER: google.issuer.url!,
      LINE_CHANNEL_ID: 'line-channel',
      LINE_CHANNEL_SECRET: LINE_SECRET,
      LINE_ISSUER: line.issuer.url!,
      YAHOO_CLIENT_ID: 'yahooclient01',
      YAHOO_CLIENT_SECRET: 'yahoo-secret',
      YAHOO_ISSUER: yahoo.issuer.url!,
    });
    db = t.app.get(getDataSourceToken());
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([google.stop(), line.stop(), yahoo.stop()]);
  });

  const googleToken = (claims: Record<string, unknown>, opts: { expiresIn?: number } = {}) =>
    google.issuer.buildToken({ expiresIn: opts.expiresIn, scopesOrTransform: (_h, payload) => Object.assign(payload, { aud: 'google-client', ...claims }) });
  const count = async (table: string) => (await db.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n as number;

  /**
   * Runs a code flow the way a browser does: start, follow the provider's redirect, come back to
   * the callback with the cookie the start set. Answers where the callback sends the browser.
   */
  async function codeFlow(
    provider: 'line' | 'yahoo',
    opts: { query?: string; cookie?: string | null; linkCookie?: string; edit?: (callback: URL) => void; language?: string } = {},
  ): Promise<{ location: URL; callback: string; cookie: string }> {
    const start = await request(t.http)
      .get(`/api/user/${provider}-login/${opts.query ?? ''}`)
      .set('Accept-Language', opts.language ?? 'ja')
      .expect(302);
    const cookie = (start.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    const authorize = new URL(start.headers.location);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toBe('openid profile email');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`http://app.test/api/user/${provider}-callback/`);
    const atProvider = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location')!);
    opts.edit?.(callback);
    const browser = opts.cookie === null ? '' : (opts.cookie ?? cookie);
    const back = await request(t.http)
      .get(callback.pathname + callback.search)
      .set('Cookie', [browser, opts.linkCookie].filter(Boolean).join('; '))
      .expect(302);
    // Never a session token in a URL the browser is sent to (issue 36).
    for (const url of [start.headers.location, back.headers.location]) {
      expect(new URL(url).searchParams.has('token')).toBe(false);
      expect(url).not.toMatch(/[0-9a-f]{40}/);
    }
    return { location: new URL(back.headers.location), callback: callback.pathname + callback.search, cookie };
  }

  /** The app's side of a finished sign-in: exchanges /login?code=… with the browser's cookie. */
  async function signedIn(flow: { location: URL; cookie: string }): Promise<string> {
    expect(flow.location.origin + flow.location.pathname).toBe('http://app.test/login');
    const code = flow.location.searchParams.get('code');
    expect(code).toBeTruthy();
    const res = await request(t.http).post('/api/user/sign-in/exchange/').set('Cookie', flow.cookie).send({ code }).expect(200);
    expect(res.body.token).toMatch(/^[0-9a-f]{40}$/);
    return res.body.token as string;
  }

  /** `POST sign-in-methods/{provider}/start/`: the link URL and the cookie its answer sets. */
  async function linkStart(provider: 'line' | 'yahoo', token: string): Promise<{ query: string; linkCookie: string }> {
    const start = await request(t.http).post(`/api/user/sign-in-methods/${provider}/start/`).set(auth(token)).expect(201);
    const setCookie = (start.headers['set-cookie'] as unknown as string[])[0];
    expect(setCookie).toMatch(new RegExp(`^mb_sign_in_link=[A-Za-z0-9_-]{43}; Path=/api/user/${provider}-callback/; Max-Age=\\d+; HttpOnly; SameSite=Lax$`));
    return { query: new URL(start.body.url).search, linkCookie: setCookie.split(';')[0] };
  }

  it('says which providers are configured (the client hides the others)', async () => {
    const res = await request(t.http).get('/api/user/sign-in-providers/').expect(200);
    expect(res.body).toEqual({ google_client_id: 'google-client', line: true, yahoo: true });
    // The pages may load Google's sign-in button (script, styles, frame) and nothing else from outside.
    expect(res.headers['content-security-policy']).toContain("script-src 'self' https://accounts.google.com/gsi/client");
    expect(res.headers['content-security-policy']).toContain('frame-src');
  });

  describe('LINE (HS256 ID tokens signed with the channel secret)', () => {
    it('creates an account at the first sign-in and hands the token to /login; the next sign-in is the same account', async () => {
      person.line = { sub: 'U-line-new', email: 'line.user@example.com' };
      const users = await count('users');
      const first = await codeFlow('line');
      expect(first.location.origin + first.location.pathname).toBe('http://app.test/login');
      expect(first.location.searchParams.get('next')).toBe('/account'); // no profile yet
      const token = await signedIn(first);
      const account = await request(t.http).get('/api/user/account/').set(auth(token)).expect(200);
      expect(account.body.email).toBe('line.user@example.com');
      expect(await count('users')).toBe(users + 1);

      await request(t.http).post('/api/user/profile/').set(auth(token)).field('nickName', 'ライン').expect(201);
      const again = await codeFlow('line');
      expect(again.location.searchParams.get('next')).toBe('/home');
      const second = await request(t.http)
        .get('/api/user/account/')
        .set(auth(await signedIn(again)))
        .expect(200);
      expect(second.body.email).toBe('line.user@example.com');
      expect(await count('users')).toBe(users + 1);
    });

    it("makes a new account in the visitor's language (the UI stays in it)", async () => {
      person.line = { sub: 'U-line-english', email: 'english.line@example.com' };
      const token = await signedIn(await codeFlow('line', { language: 'en-US,en;q=0.9' }));
      expect((await request(t.http).get('/api/user/account/').set(auth(token)).expect(200)).body.language).toBe('en');
      const google = await request(t.http)
        .post('/api/user/loginGoogle/')
        .set('Accept-Language', 'en')
        .send({ id_token: await googleToken({ sub: 'g-english', email: 'english.google@example.com', email_verified: true }) })
        .expect(200);
      expect(google.body.language).toBe('en');
    });

    it('signs in a LINE user who shares no address (no email claim), and sends such an account no mail', async () => {
      person.line = { sub: 'U-line-no-email' };
      const flow = await codeFlow('line');
      const token = await signedIn(flow);
      const account = await request(t.http).get('/api/user/account/').set(auth(token)).expect(200);
      expect(account.body.email).toMatch(/@users\.invalid$/);
      const methods = await request(t.http).get('/api/user/sign-in-methods/').set(auth(token)).expect(200);
      expect(methods.body).toMatchObject({ password: false, methods: [{ provider: 'line', email: null }] });
    });

    it('keeps the invited circle through the flow (state) and hands it back', async () => {
      person.line = { sub: 'U-line-new', email: 'line.user@example.com' };
      const flow = await codeFlow('line', { query: '?community=42' });
      expect(flow.location.searchParams.get('community')).toBe('42');
      await request(t.http)
        .get('/api/user/line-login/?community=abc')
        .expect(400, validationErrors({ community: ['A valid integer is required.'] }));
    });

    it('refuses a replayed state, a forged state, another browser, a cancelled login, a wrong nonce and a token signed with another secret — creating nothing', async () => {
      person.line = { sub: 'U-line-attack', email: 'attack@example.com' };
      const users = await count('users');
      const tokens = await count('auth_tokens');

      const ok = await codeFlow('line');
      await signedIn(ok);
      // The same callback again (replay): the flow was used.
      const replay = await request(t.http).get(ok.callback).set('Cookie', ok.cookie).expect(302);
      expect(replay.headers.location).toBe('http://app.test/login?error=expired');

      const forged = await codeFlow('line', {
        edit: (u) =>
          u.searchParams.set(
            'state',
            u.searchParams.get('state')!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
          ),
      });
      expect(forged.location.href).toBe('http://app.test/login?error=expired');

      const otherBrowser = await codeFlow('line', { cookie: null });
      expect(otherBrowser.location.href).toBe('http://app.test/login?error=failed');

      const cancelled = await codeFlow('line', {
        edit: (u) => {
          u.searchParams.delete('code');
          u.searchParams.set('error', 'access_denied');
        },
      });
      expect(cancelled.location.href).toBe('http://app.test/login?error=cancelled');

      tamper.line = (payload) => {
        payload.nonce = 'not-the-nonce';
      };
      expect((await codeFlow('line')).location.href).toBe('http://app.test/login?error=failed');
      tamper.line = (payload) => {
        payload.aud = 'another-channel';
      };
      expect((await codeFlow('line')).location.href).toBe('http://app.test/login?error=failed');
      tamper.line = (payload) => {
        payload.exp = Math.floor(Date.now() / 1000) - 600;
      };
      expect((await codeFlow('line')).location.href).toBe('http://app.test/login?error=failed');
      tamper.line = undefined;

      lineKey.secret = 'a-different-secret-0123456789abcdef';
      expect((await codeFlow('line')).location.href).toBe('http://app.test/login?error=failed');
      lineKey.secret = LINE_SECRET;

      expect(await count('users')).toBe(users + 1); // only the successful first sign-in
      expect(await count('auth_tokens')).toBe(tokens + 1);
    });
  });

  describe('Yahoo! JAPAN (RS256 ID tokens, client_secret_basic)', () => {
    it('links to the account of an address Yahoo! JAPAN verified, and refuses an unverified one', async () => {
      const hanako = await signUp(t, 'hanako.yahoo@example.com');
      person.yahoo = { sub: 'Y-hanako', email: 'hanako.yahoo@example.com', email_verified: true };
      const flow = await codeFlow('yahoo');
      const token = await signedIn(flow);
      const methods = await request(t.http).get('/api/user/sign-in-methods/').set(auth(token)).expect(200);
      expect(methods.body.password).toBe(true);
      expect(methods.body.methods).toEqual([expect.objectContaining({ provider: 'yahoo', email: 'hanako.yahoo@example.com' })]);
      expect((await request(t.http).get('/api/user/account/').set(auth(token)).expect(200)).body.email).toBe('hanako.yahoo@example.com');
      expect(hanako.userId).toBeGreaterThan(0);

      person.yahoo = { sub: 'Y-unverified', email: 'someone.else@example.com', email_verified: false };
      const users = await count('users');
      expect((await codeFlow('yahoo')).location.href).toBe('http://app.test/login?error=email_unverified');
      expect(await count('users')).toBe(users);
    });

    it('takes an unconfirmed account over from whoever registered the address: its password and sessions go', async () => {
      await request(t.http)
        .post('/api/user/register/')
        .send({ email: 'victim@example.com', password1: PASSWORD, password2: PASSWORD, agreed: true })
        .expect(201);
      person.yahoo = { sub: 'Y-victim', email: 'victim@example.com', email_verified: true };
      const flow = await codeFlow('yahoo');
      await signedIn(flow);
      // The password chosen at registration (maybe by someone else) no longer opens the account.
      await request(t.http).post('/api/user/login/').send({ email: 'victim@example.com', password: PASSWORD }).expect(400);
    });
  });

  describe('Google (the browser sends the ID token)', () => {
    it('signs in with a valid ID token, the same account next time', async () => {
      const idToken = await googleToken({ sub: 'g-1', email: 'Gina@Example.com', email_verified: true });
      const res = await request(t.http)
        .post('/api/user/loginGoogle/')
        .send({ id_token: idToken, email: 'ignored@example.com', given_name: 'Gina' })
        .expect(200);
      expect(res.body).toMatchObject({ redirect_url: '/account', token: expect.stringMatching(/^[0-9a-f]{40}$/) });
      expect((await request(t.http).get('/api/user/account/').set(auth(res.body.token)).expect(200)).body.email).toBe('gina@example.com');
      const again = await request(t.http)
        .post('/api/user/loginGoogle/')
        .send({ id_token: await googleToken({ sub: 'g-1', email: 'gina@example.com', email_verified: true }) })
        .expect(200);
      const [{ n }] = await db.query(`SELECT count(DISTINCT user_id)::int AS n FROM sign_in_links WHERE provider = 'google' AND subject = 'g-1'`);
      expect(n).toBe(1);
      expect(again.body.token).not.toBe(res.body.token);
    });

    it('refuses an address without a token, an unverified address, a wrong audience, an expired or foreign-signed token — creating nothing', async () => {
      const users = await count('users');
      await request(t.http)
        .post('/api/user/loginGoogle/')
        .send({ email: 'gina@example.com', provider: 'google' })
        .expect(400, validationErrors({ id_token: ['This field is required.'] }));
      await request(t.http)
        .post('/api/user/loginGoogle/')
        .send({ id_token: await googleToken({ sub: 'g-2', email: 'new@example.com', email_verified: false }) })
        .expect(
          400,
          validationErrors({
            non_field_errors: ['Your Gmail account was not verified.'],
          }),
        );
      const invalid = validationErrors({ id_token: ['The sign-in token is invalid or has expired.'] });
      await request(t.http)
        .post('/api/user/loginGoogle/')
        .send({ id_token: await googleToken({ sub: 'g-2', email: 'new@example.com', email_verified: true, aud: 'someone-elses-client' }) })
        .expect(400, invalid);
      await request(t.http)
        .post('/api/user/loginGoogle/')
        .send({ id_token: await googleToken({ sub: 'g-2', email: 'new@example.com', email_verified: true }, { expiresIn: -120 }) })
        .expect(400, invalid);
      const foreign = await line.issuer.buildToken({
        scopesOrTransform: (_h, p) =>
          Object.assign(p, { aud: 'google-client', iss: google.issuer.url, sub: 'g-2', email: 'new@example.com', email_verified: true }),
      });
      await request(t.http).post('/api/user/loginGoogle/').send({ id_token: foreign }).expect(400, invalid);
      await request(t.http).post('/api/user/loginGoogle/').send({ id_token: 'not.a.jwt' }).expect(400, invalid);
      await request(t.http).post('/api/user/loginGoogle/').send({ id_token: null }).expect(400);
      expect(await count('users')).toBe(users);
    });
  });

  describe('the session reaches the app by a one-time code bound to the browser (issue 36: login CSRF)', () => {
    const exchange = (code: string | null, cookie?: string) => {
      const req = request(t.http).post('/api/user/sign-in/exchange/');
      if (cookie !== undefined) req.set('Cookie', cookie);
      return req.send({ code });
    };
    const otherBrowser = validationErrors({ non_field_errors: ['Please finish signing in in the browser where you started it.'] });
    const invalid = validationErrors({ code: ['This sign-in has expired or was already used. Please sign in again.'] });

    it('opens a session once, only in the browser that started the flow, within 2 minutes', async () => {
      person.line = { sub: 'U-line-code', email: 'code.user@example.com' };
      const tokens = await count('auth_tokens');
      const flow = await codeFlow('line');
      const code = flow.location.searchParams.get('code');
      expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(flow.location.searchParams.get('next')).toBe('/account');
      // The code is kept hashed: the database does not hold it.
      expect(await db.query(`SELECT 1 FROM sign_in_flows WHERE code_hash = $1`, [code])).toEqual([]);
      expect(await count('auth_tokens')).toBe(tokens); // no session until the app exchanges the code

      // Another browser (an attacker's link opened by someone else): no cookie, or another flow's.
      await exchange(code).expect(400, otherBrowser);
      const someoneElse = await codeFlow('line');
      await exchange(code, someoneElse.cookie).expect(400, otherBrowser);
      await exchange(code, 'mb_sign_in=forged').expect(400, otherBrowser);
      expect(await count('auth_tokens')).toBe(tokens);

      // The browser that started it: the token, its cookie cleared.
      const res = await exchange(code, flow.cookie).expect(200);
      expect(res.headers['set-cookie']).toEqual([expect.stringMatching(/^mb_sign_in=; Path=\/api\/user\/; Max-Age=0; HttpOnly; SameSite=Lax$/)]);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatchObject({ token: expect.stringMatching(/^[0-9a-f]{40}$/), redirect_url: '/account', language: 'ja' });
      expect((await request(t.http).get('/api/user/account/').set(auth(res.body.token)).expect(200)).body.email).toBe('code.user@example.com');
      // Single use.
      await exchange(code, flow.cookie).expect(400, invalid);
      expect(await count('auth_tokens')).toBe(tokens + 1);

      // Older than 2 minutes: refused, even from the right browser.
      const late = await codeFlow('line');
      const lateCode = late.location.searchParams.get('code')!;
      await db.query(
        `UPDATE sign_in_flows SET code_issued_on = now() - interval '121 seconds' WHERE code_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
        [lateCode],
      );
      await exchange(lateCode, late.cookie).expect(400, invalid);
      await exchange('made-up-code', late.cookie).expect(400, invalid);
      await exchange(null, late.cookie).expect(400, validationErrors({ code: ['This field may not be null.'] }));
      expect(await count('auth_tokens')).toBe(tokens + 1);
      // The other browser's own code still works for it.
      await signedIn(someoneElse);
    });

    it('the callback keeps the browser cookie only for the exchange, and never puts a token in the address', async () => {
      person.line = { sub: 'U-line-code', email: 'code.user@example.com' };
      const start = await request(t.http).get('/api/user/line-login/').expect(302);
      const cookie = (start.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
      const callback = new URL((await fetch(new URL(start.headers.location), { redirect: 'manual' })).headers.get('location')!);
      const back = await request(t.http)
        .get(callback.pathname + callback.search)
        .set('Cookie', cookie)
        .expect(302);
      expect(back.headers.location).toMatch(/^http:\/\/app\.test\/login\?code=[A-Za-z0-9_-]{43}&next=%2Faccount$/);
      expect(back.headers['referrer-policy']).toBe('no-referrer');
      expect(back.headers['set-cookie']).toEqual([
        `${cookie}; Path=/api/user/; Max-Age=120; HttpOnly; SameSite=Lax`,
        'mb_sign_in_link=; Path=/api/user/line-callback/; Max-Age=0; HttpOnly; SameSite=Lax',
      ]);
    });
  });

  describe('a link URL is bound to the browser and the session that asked for it (issue 36: account-linking CSRF)', () => {
    it("opened by another browser it links nothing, and the victim's Yahoo! JAPAN account stays theirs", async () => {
      const attacker = await signUp(t, 'link.attacker@example.com');
      const victim = await signUp(t, 'link.victim@example.com');
      const links = await count('sign_in_links');
      const attackers = await linkStart('yahoo', attacker.token);
      person.yahoo = { sub: 'Y-victim-link', email: 'victim.yahoo@example.com', email_verified: true };

      // The victim's browser opens the attacker's URL and signs in at Yahoo: without the link cookie…
      const opened = await codeFlow('yahoo', { query: attackers.query });
      expect(opened.location.href).toBe('http://app.test/account?signin_error=other_browser');
      // …or with the cookie of a link the victim started themselves.
      const victims = await linkStart('yahoo', victim.token);
      const mixed = await codeFlow('yahoo', { query: attackers.query, linkCookie: victims.linkCookie });
      expect(mixed.location.href).toBe('http://app.test/account?signin_error=other_browser');
      expect(await count('sign_in_links')).toBe(links);
      expect((await request(t.http).get('/api/user/sign-in-methods/').set(auth(attacker.token)).expect(200)).body.methods).toEqual([]);

      // The victim's own Yahoo sign-in does not land in the attacker's account.
      const own = await signedIn(await codeFlow('yahoo'));
      expect((await request(t.http).get('/api/user/account/').set(auth(own)).expect(200)).body.email).toBe('victim.yahoo@example.com');

      // The victim's own link, in the victim's browser, links to the victim (a new Yahoo identity).
      person.yahoo = { sub: 'Y-victim-own', email: 'link.victim@example.com', email_verified: true };
      const mine = await codeFlow('yahoo', victims);
      expect(mine.location.href).toBe('http://app.test/account?linked=yahoo');
      const methods = (await request(t.http).get('/api/user/sign-in-methods/').set(auth(victim.token)).expect(200)).body.methods;
      expect(methods).toEqual([expect.objectContaining({ provider: 'yahoo', email: 'link.victim@example.com' })]);
    });

    it('is finished only while the account that asked is still signed in there', async () => {
      const taro = await signUp(t, 'link.signedout@example.com');
      const started = await linkStart('line', taro.token);
      await request(t.http).post('/api/user/logout/').set(auth(taro.token)).expect(200);
      person.line = { sub: 'U-line-signed-out', email: 'link.signedout@example.com' };
      const flow = await codeFlow('line', started);
      expect(flow.location.href).toBe('http://app.test/account?signin_error=signed_out');
      expect(await db.query(`SELECT 1 FROM sign_in_links WHERE subject = 'U-line-signed-out'`)).toEqual([]);
      // A ticket of the old kind (no browser binding) or for the other provider starts nothing.
      const query = new URLSearchParams(started.query.slice(1));
      await request(t.http)
        .get(`/api/user/yahoo-login/?link=${encodeURIComponent(query.get('link')!)}`)
        .expect(400, validationErrors({ link: ['This link is invalid or has expired.'] }));
    });
  });

  describe('the account page: linked methods', () => {
    it('links Google to a password account, refuses a Google account linked elsewhere, and keeps the last method', async () => {
      const taro = await signUp(t, 'taro.links@example.com');
      await request(t.http).get('/api/user/sign-in-methods/').expect(401);
      const linked = await request(t.http)
        .post('/api/user/sign-in-methods/google/')
        .set(auth(taro.token))
        .send({ id_token: await googleToken({ sub: 'g-taro', email: 'taro.gmail@example.com', email_verified: true }) })
        .expect(200);
      expect(linked.body).toMatchObject({ password: true, methods: [{ provider: 'google', email: 'taro.gmail@example.com' }] });
      await request(t.http)
        .post('/api/user/sign-in-methods/google/')
        .set(auth(taro.token))
        .send({ id_token: await googleToken({ sub: 'g-1', email: 'gina@example.com', email_verified: true }) })
        .expect(
          400,
          validationErrors({
            non_field_errors: ['This sign-in account is already linked to another account.'],
          }),
        );
      // Signing in with that Google account now reaches taro's account.
      const viaGoogle = await request(t.http)
        .post('/api/user/loginGoogle/')
        .send({ id_token: await googleToken({ sub: 'g-taro', email: 'taro.gmail@example.com', email_verified: true }) })
        .expect(200);
      expect((await request(t.http).get('/api/user/account/').set(auth(viaGoogle.body.token)).expect(200)).body.email).toBe('taro.links@example.com');
      await request(t.http).delete('/api/user/sign-in-methods/google/').set(auth(taro.token)).expect(204);
      await request(t.http).delete('/api/user/sign-in-methods/google/').set(auth(taro.token)).expect(404);
      await request(t.http).delete('/api/user/sign-in-methods/nope/').set(auth(taro.token)).expect(404);
    });

    it('links LINE through a started flow, and refuses removing the only way to sign in', async () => {
      person.line = { sub: 'U-line-only', email: 'only.line@example.com' };
      const only = await signedIn(await codeFlow('line'));
      await request(t.http)
        .delete('/api/user/sign-in-methods/line/')
        .set(auth(only))
        .expect(400, validationErrors({ non_field_errors: ['You cannot remove your last way to sign in.'] }));

      const start = await linkStart('yahoo', only);
      person.yahoo = { sub: 'Y-only-line', email: 'only.line@example.com', email_verified: true };
      const linked = await codeFlow('yahoo', start);
      expect(linked.location.href).toBe('http://app.test/account?linked=yahoo');
      const methods = await request(t.http).get('/api/user/sign-in-methods/').set(auth(only)).expect(200);
      expect(methods.body.methods.map((m: { provider: string }) => m.provider)).toEqual(['line', 'yahoo']);
      await request(t.http).delete('/api/user/sign-in-methods/line/').set(auth(only)).expect(204);
      await request(t.http).delete('/api/user/sign-in-methods/yahoo/').set(auth(only)).expect(400);
      // A forged link ticket starts nothing.
      await request(t.http)
        .get('/api/user/yahoo-login/?link=forged')
        .expect(400, validationErrors({ link: ['This link is invalid or has expired.'] }));
    });
  });

  it('a leaving account that signed in with LINE is purged with its links; the LINE account can start afresh', async () => {
    person.line = { sub: 'U-leaver', email: 'leaver.line@example.com' };
    const token = await signedIn(await codeFlow('line'));
    const [{ user_id: userId }] = await db.query(`SELECT user_id FROM sign_in_links WHERE subject = 'U-leaver'`);
    await request(t.http).post('/api/user/deleteprofile/').set(auth(token)).expect(200);
    // While the deletion waits for its grace period, the provider does not open the account.
    expect((await codeFlow('line')).location.href).toBe('http://app.test/login?error=inactive');
    const accounts = t.app.get(AuthService);
    const afterGrace = () => new Date(Date.now() + 15 * 24 * 3600 * 1000);
    const first = await accounts.purgeDeletedAccounts(afterGrace());
    expect(first.started).toBe(1);
    // The owners clear their rows as they handle account.deleted (quickly enough, with the
    // embedded database, to let the first run remove the user); the users row goes once they all have.
    let removed = first.removed;
    for (let i = 0; i < 40 && removed === 0; i++) {
      await eventsHandled(t.app, 'event.account.');
      ({ removed } = await accounts.purgeDeletedAccounts(afterGrace()));
      if (removed === 0) await new Promise((r) => setTimeout(r, 250));
    }
    expect(removed).toBe(1);
    expect(await db.query(`SELECT 1 FROM users WHERE id = $1`, [userId])).toEqual([]);
    expect(await db.query(`SELECT 1 FROM sign_in_links WHERE user_id = $1`, [userId])).toEqual([]);
    await signedIn(await codeFlow('line'));
  });

  it('answers 404 for a provider that is not configured', async () => {
    const bare = await startTestApp();
    try {
      const res = await request(bare.http).get('/api/user/sign-in-providers/').expect(200);
      expect(res.body).toEqual({ google_client_id: null, line: false, yahoo: false });
      expect(res.headers['content-security-policy']).toContain("script-src 'self';");
      await request(bare.http).get('/api/user/line-login/').expect(404);
      await request(bare.http).get('/api/user/yahoo-callback/?code=x&state=y').expect(404);
      await request(bare.http).post('/api/user/loginGoogle/').send({ id_token: 'x' }).expect(404);
    } finally {
      await bare.close();
    }
  });
});
