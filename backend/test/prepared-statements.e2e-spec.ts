import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { Sql, statementNamer } from '../src/database/sql';
import { auth, signUp, startTestApp, type TestApp } from './helpers/test-app';

const TEXT = 'SELECT $1::int + 1 AS n /* prepared-statements spec */';

function poolOf(t: TestApp): Pool {
  return (t.app.get<DataSource>(getDataSourceToken()).driver as PostgresDriver).master as Pool;
}

/** The prepared statements of the session the pool's next query runs on (the pool reuses its last idle client). */
async function preparedNames(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>('SELECT name FROM pg_prepared_statements WHERE statement = $1', [TEXT]);
  return rows.map((r) => r.name);
}

describe('named prepared statements (DATABASE_PREPARE)', () => {
  let t: TestApp;
  let sql: Sql;

  beforeAll(async () => {
    t = await startTestApp();
    sql = t.app.get(Sql);
  });
  afterAll(() => t.close());

  it('parses a statement once per connection and then only executes it', async () => {
    expect(await sql.query(TEXT, [1])).toEqual([{ n: 2 }]);
    expect(await sql.query(TEXT, [41])).toEqual([{ n: 42 }]);
    const names = await preparedNames(poolOf(t));
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^mb\d+$/);
  });

  it('keeps answering after the pool replaces its connection', async () => {
    // The embedded database keeps one session across socket connections: the new connection finds
    // the old one's statements, which node-postgres's new client does not know it has.
    const pool = poolOf(t);
    const clients = await Promise.all(Array.from({ length: pool.options.max ?? 1 }, () => pool.connect()));
    for (const client of clients) client.release(true); // destroyed, as after an error or idle timeout
    expect(await sql.query(TEXT, [2])).toEqual([{ n: 3 }]);
    expect(await sql.query(TEXT, [3])).toEqual([{ n: 4 }]);
    expect(await preparedNames(pool)).toHaveLength(1);
  });

  it('serves the API through them, the same answers on the first and later requests', async () => {
    const user = await signUp(t, 'prepared@example.com');
    await request(t.http).post('/api/user/profile/').set(auth(user.token)).field('nickName', 'Prepared').expect(201);
    const first = await request(t.http).get('/api/user/myprofile/').set(auth(user.token)).expect(200);
    const second = await request(t.http).get('/api/user/myprofile/').set(auth(user.token)).expect(200);
    expect(second.body).toEqual(first.body);
    expect(first.body.nickName).toBe('Prepared');
    // A wrong token is still refused when the token lookup is a prepared statement.
    await request(t.http).get('/api/user/myprofile/').set(auth('0'.repeat(40))).expect(401);
  });
});

describe('statementNamer', () => {
  it('gives one name per text, and none beyond the cap', () => {
    const name = statementNamer(2);
    const a = name('SELECT 1');
    const b = name('SELECT 2');
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a).not.toBe(b);
    expect(name('SELECT 1')).toBe(a);
    expect(name('SELECT 3')).toBeUndefined();
    expect(name('SELECT 2')).toBe(b);
  });
});

describe('DATABASE_PREPARE=false', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('runs every statement unnamed', async () => {
    t = await startTestApp({ DATABASE_PREPARE: 'false' });
    const sql = t.app.get(Sql);
    expect(await sql.query(TEXT, [1])).toEqual([{ n: 2 }]);
    expect(await sql.query(TEXT, [2])).toEqual([{ n: 3 }]);
    expect(await preparedNames(poolOf(t))).toEqual([]);
  });
});
