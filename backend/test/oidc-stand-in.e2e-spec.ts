import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
// The operator's stand-in itself (`npm run oidc:stand-in`), not a copy of it.
import { CLIENTS, startOidcStandIn } from '../../scripts/oidc-stand-in.mjs';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * `npm run oidc:stand-in` (README "Sign-in providers"): with the environment it prints, the app
 * signs people in through each of its three issuers as it would through Google, LINE and Yahoo!
 * JAPAN, with no other set-up.
 */
describe('the OpenID stand-in (npm run oidc:stand-in)', () => {
  let t: TestApp;
  let standIn: Awaited<ReturnType<typeof startOidcStandIn>>;
  const accountOf = async (email: string) =>
    (await t.app.get<DataSource>(getDataSourceToken()).query(`SELECT id FROM users WHERE email = $1`, [email])) as Array<{ id: number }>;

  beforeAll(async () => {
    standIn = await startOidcStandIn({ port: 0 });
    t = await startTestApp(standIn.env);
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('its printed environment turns on all three buttons', async () => {
    expect(Object.keys(standIn.env).sort()).toEqual([
      'GOOGLE_CLIENT_ID',
      'GOOGLE_ISSUER',
      'LINE_CHANNEL_ID',
      'LINE_CHANNEL_SECRET',
      'LINE_ISSUER',
      'YAHOO_CLIENT_ID',
      'YAHOO_CLIENT_SECRET',
      'YAHOO_ISSUER',
    ]);
    const res = await request(t.http).get('/api/user/sign-in-providers/').expect(200);
    expect(res.body).toEqual({ google_client_id: 'local-google-client', line: true, yahoo: true });
  });

  it.each([
    ['line', 'line.user@example.com'],
    ['yahoo', 'yahoo.user@example.com'],
  ])('%s: the code flow through the stand-in signs its person in (a new account)', async (provider, email) => {
    expect(await accountOf(email)).toEqual([]);
    const start = await request(t.http).get(`/api/user/${provider}-login/`).expect(302);
    const cookie = (start.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    const atProvider = await fetch(new URL(start.headers.location), { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location')!);
    expect(callback.pathname).toBe(`/api/user/${provider}-callback/`);
    const back = await request(t.http)
      .get(callback.pathname + callback.search)
      .set('Cookie', cookie)
      .expect(302);
    // Back on the site's login page without an error (how it hands over the session is the sign-in module's).
    const landed = new URL(back.headers.location);
    expect(landed.pathname).toBe('/login');
    expect(landed.searchParams.get('error')).toBeNull();
    expect(await accountOf(email)).toHaveLength(1);
  });

  it("google: the ID token it prints is accepted by loginGoogle/ (Google's button hands over the same)", async () => {
    expect(await accountOf('google.user@example.com')).toEqual([]);
    await request(t.http)
      .post('/api/user/loginGoogle/')
      .send({ id_token: await standIn.googleIdToken() })
      .expect(200);
    expect(await accountOf('google.user@example.com')).toHaveLength(1);
  });
});

/**
 * Issue 41: what the command prints is what an operator copies. A Yahoo! JAPAN client id of the
 * real shape (base64 ending in hyphens, which the app's OpenID client form-url-encodes in the
 * Basic credentials) signs its person in through the printed environment.
 */
describe('npm run oidc:stand-in, as an operator runs it', () => {
  let child: ChildProcess;
  let printed = '';
  let t: TestApp;

  beforeAll(async () => {
    child = spawn(process.execPath, [path.resolve(process.cwd(), '../scripts/oidc-stand-in.mjs'), '--port', '0', '--app', 'http://127.0.0.1:3999'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (printed.includes('Press Ctrl+C to stop.')) {
          clearInterval(timer);
          resolve();
        } else if (child.exitCode !== null) {
          clearInterval(timer);
          reject(new Error(`oidc:stand-in exited (${child.exitCode}): ${printed}`));
        }
      }, 50);
    });
    t = await startTestApp(printedEnvironment());
  });
  afterAll(async () => {
    await t?.close();
    child?.kill('SIGTERM');
  });

  /** The KEY=value pairs of the "Start the app … with:" lines, as a shell would read them. */
  function printedEnvironment(): Record<string, string> {
    const block = printed.slice(printed.indexOf('Start the app'), printed.indexOf('npm start'));
    return Object.fromEntries(
      [...block.matchAll(/\b([A-Z_]+)=('(?:[^']|'\\'')*'|\S+)/g)].map(([, key, value]) => [
        key,
        value.startsWith("'") ? value.slice(1, -1).replace(/'\\''/g, "'") : value,
      ]),
    );
  }

  it('prints all three providers, the Yahoo! JAPAN client id as is', () => {
    const env = printedEnvironment();
    expect(Object.keys(env).sort()).toEqual([
      'GOOGLE_CLIENT_ID',
      'GOOGLE_ISSUER',
      'LINE_CHANNEL_ID',
      'LINE_CHANNEL_SECRET',
      'LINE_ISSUER',
      'YAHOO_CLIENT_ID',
      'YAHOO_CLIENT_SECRET',
      'YAHOO_ISSUER',
    ]);
    expect(env.YAHOO_CLIENT_ID).toBe(CLIENTS.yahoo.id);
    expect(env.YAHOO_CLIENT_ID).toMatch(/-$/);
    expect(env.YAHOO_ISSUER).toMatch(/^http:\/\/(127\.0\.0\.1|localhost):\d+$/);
  });

  it('Yahoo! JAPAN through the printed environment signs its person in', async () => {
    const start = await request(t.http).get('/api/user/yahoo-login/').expect(302);
    const cookie = (start.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    const atProvider = await fetch(new URL(start.headers.location), { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location')!);
    const back = await request(t.http)
      .get(callback.pathname + callback.search)
      .set('Cookie', cookie)
      .expect(302);
    const landed = new URL(back.headers.location);
    expect(landed.pathname).toBe('/login');
    expect(landed.searchParams.get('error')).toBeNull();
    const [account] = (await t.app.get<DataSource>(getDataSourceToken()).query(`SELECT id FROM users WHERE email = $1`, ['yahoo.user@example.com'])) as Array<{
      id: number;
    }>;
    expect(account).toBeDefined();
  });

  it("Google through the printed curl's ID token", async () => {
    const token = /"id_token":"([^"]+)"/.exec(printed)?.[1];
    expect(token).toBeDefined();
    await request(t.http).post('/api/user/loginGoogle/').send({ id_token: token }).expect(200);
  });
});
