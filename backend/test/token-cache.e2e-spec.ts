import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { sha256, TokenService } from '../src/modules/auth/token.service';
import { countStatements, type StatementCounter } from './helpers/statements';
import { auth, signUp, startTestApp, type TestApp } from './helpers/test-app';

/**
 * The token cache (modules/auth/token-cache.ts): a known token costs no statement, and what the
 * cache holds follows every change of tokens and accounts, made by this process (forgotten before
 * it answers) or anywhere else (announced by the database's triggers on mb_auth_changes).
 */
describe('token cache', () => {
  let t: TestApp;
  let db: DataSource;
  let tokens: TokenService;
  let statements: StatementCounter;

  /** Waits (up to 10 s) until `done()` holds: for announcements, which arrive when the change commits. */
  async function until(what: string, done: () => boolean | Promise<boolean>): Promise<void> {
    for (let i = 0; i < 200; i++) {
      if (await done()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`still not: ${what}`);
  }

  async function statementsOf(token: string, path = '/api/user/account/'): Promise<number> {
    statements.reset();
    await request(t.http).get(path).set(auth(token)).expect(200);
    return statements.count;
  }

  const known = (token: string) => tokens.cache.get(sha256(token)) !== undefined;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(getDataSourceToken());
    tokens = t.app.get(TokenService);
    statements = countStatements();
  });
  afterAll(async () => {
    statements.stop();
    await t.close();
  });

  it('answers a known token without a statement of its own', async () => {
    const { token } = await signUp(t, 'cache-count@example.com');
    await request(t.http).get('/api/user/account/').set(auth(token)).expect(200); // starts the LISTEN connection
    await until('listening', () => tokens.cache.active);
    const first = await statementsOf(token); // the lookup, kept now
    expect(known(token)).toBe(true);
    expect(await statementsOf(token)).toBe(first - 1);
    // An unknown token is looked up every time (and is never kept).
    const unknown = 'a'.repeat(40);
    for (let i = 0; i < 2; i++) {
      statements.reset();
      await request(t.http).get('/api/user/account/').set(auth(unknown)).expect(401, { detail: 'Invalid token.', code: 'invalidToken' });
      expect(statements.count).toBe(1);
    }
  });

  it('logout: the next request with the token is refused at once', async () => {
    const { token } = await signUp(t, 'cache-logout@example.com');
    await request(t.http).get('/api/user/account/').set(auth(token)).expect(200);
    await until('kept', async () => (await request(t.http).get('/api/user/account/').set(auth(token)).expect(200), known(token)));
    await request(t.http).post('/api/user/logout/').set(auth(token)).expect(200);
    await request(t.http).get('/api/user/account/').set(auth(token)).expect(401, { detail: 'Invalid token.', code: 'invalidToken' });
  });

  it('signing out everywhere (account deletion) ends every kept session of the account at once', async () => {
    const { token } = await signUp(t, 'cache-delete@example.com');
    const second = (await request(t.http).post('/api/user/login/').send({ email: 'cache-delete@example.com', password: 'correct-horse-battery' }).expect(200))
      .body.token as string;
    for (const k of [token, second]) {
      await until('kept', async () => (await request(t.http).get('/api/user/account/').set(auth(k)).expect(200), known(k)));
    }
    await request(t.http)
      .post('/api/user/deleteprofile/')
      .set(auth(token))
      .send({})
      .expect((res) => expect(res.status).toBeLessThan(300));
    await request(t.http).get('/api/user/account/').set(auth(second)).expect(401);
    await request(t.http).get('/api/user/account/').set(auth(token)).expect(401);
  });

  it('the language saved through the API is the one the next request sees', async () => {
    const { token } = await signUp(t, 'cache-language@example.com');
    await until('kept', async () => (await request(t.http).get('/api/user/account/').set(auth(token)).expect(200), known(token)));
    const before = (await tokens.resolve(token)) as { language: string };
    const other = before.language === 'ja' ? 'en' : 'ja';
    await request(t.http).patch('/api/user/account/').set(auth(token)).send({ language: other }).expect(200);
    expect(known(token)).toBe(false);
    expect(await tokens.resolve(token)).toMatchObject({ language: other });
  });

  it('changes made elsewhere (another process, a hand-made statement) reach the cache through the database', async () => {
    const { token, userId } = await signUp(t, 'cache-elsewhere@example.com');
    await until('kept', async () => (await request(t.http).get('/api/user/account/').set(auth(token)).expect(200), known(token)));
    // The account is deactivated by a statement this process did not make: the announcement arrives on commit.
    await db.query(`UPDATE users SET is_active = false WHERE id = $1`, [userId]);
    await until('forgotten', () => !known(token));
    await request(t.http).get('/api/user/account/').set(auth(token)).expect(401, { detail: 'User inactive or deleted.', code: 'inactiveUser' });
    await db.query(`UPDATE users SET is_active = true WHERE id = $1`, [userId]);
    await until('kept again', async () => (await request(t.http).get('/api/user/account/').set(auth(token)).expect(200), known(token)));
    // A token deleted elsewhere.
    await db.query(`DELETE FROM auth_tokens WHERE user_id = $1`, [userId]);
    await until('forgotten', () => !known(token));
    await request(t.http).get('/api/user/account/').set(auth(token)).expect(401, { detail: 'Invalid token.', code: 'invalidToken' });
  });

  it('a change that is rolled back is not announced, and a change of another column is not either', async () => {
    const { token, userId } = await signUp(t, 'cache-rollback@example.com');
    await until('kept', async () => (await request(t.http).get('/api/user/account/').set(auth(token)).expect(200), known(token)));
    await db.transaction(async (tx) => {
      await tx.query(`UPDATE users SET last_login = now() WHERE id = $1`, [userId]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`DELETE FROM auth_tokens WHERE user_id = $1`, [userId]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A later announcement of another account marks the point where an earlier one would have arrived.
    const { token: marker, userId: markerId } = await signUp(t, 'cache-marker@example.com');
    await until('marker kept', async () => (await request(t.http).get('/api/user/account/').set(auth(marker)).expect(200), known(marker)));
    await db.query(`UPDATE users SET language = CASE WHEN language = 'ja' THEN 'en' ELSE 'ja' END WHERE id = $1`, [markerId]);
    await until('marker forgotten', () => !known(marker));
    expect(known(token)).toBe(true);
    await request(t.http).get('/api/user/account/').set(auth(token)).expect(200);
  });

  it('a table emptied by hand (TRUNCATE) forgets every kept session', async () => {
    const { token } = await signUp(t, 'cache-truncate@example.com');
    await until('kept', async () => (await request(t.http).get('/api/user/account/').set(auth(token)).expect(200), known(token)));
    await db.query(`TRUNCATE auth_tokens`);
    await until('forgotten', () => tokens.cache.size === 0);
    await request(t.http).get('/api/user/account/').set(auth(token)).expect(401, { detail: 'Invalid token.', code: 'invalidToken' });
  });

  it('keeps nothing while it cannot listen', async () => {
    const { token } = await signUp(t, 'cache-down@example.com');
    await until('kept', async () => (await request(t.http).get('/api/user/account/').set(auth(token)).expect(200), known(token)));
    tokens.cache.setListening(false); // as when the LISTEN connection drops
    expect(known(token)).toBe(false);
    const cold = await statementsOf(token);
    expect(await statementsOf(token)).toBe(cold); // looked up again every time
    tokens.cache.setListening(true);
  });
});

describe('AUTH_TOKEN_CACHE=false', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('looks every token up', async () => {
    t = await startTestApp({ AUTH_TOKEN_CACHE: 'false' });
    const tokens = t.app.get(TokenService);
    const { token } = await signUp(t, 'nocache@example.com');
    for (let i = 0; i < 3; i++) await request(t.http).get('/api/user/account/').set(auth(token)).expect(200);
    expect(tokens.cache.active).toBe(false);
    expect(tokens.cache.size).toBe(0);
  });
});
