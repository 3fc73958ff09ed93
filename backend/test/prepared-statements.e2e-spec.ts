import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { Db, statementNamer, SqlParamError } from '../src/database/db';
import { auth, signUp, startTestApp, type TestApp } from './helpers/test-app';

const SOURCE = 'SELECT :n::int + 1 AS n /* prepared-statements spec */';
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
  let db: Db;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(Db);
  });
  afterAll(() => t.close());

  it('parses a statement once per connection and then only executes it', async () => {
    expect(await db.rows(SOURCE, { n: 1 })).toEqual([{ n: 2 }]);
    expect(await db.rows(SOURCE, { n: 41 })).toEqual([{ n: 42 }]);
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
    expect(await db.rows(SOURCE, { n: 2 })).toEqual([{ n: 3 }]);
    expect(await db.rows(SOURCE, { n: 3 })).toEqual([{ n: 4 }]);
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
    await request(t.http)
      .get('/api/user/myprofile/')
      .set(auth('0'.repeat(40)))
      .expect(401);
  });
});

describe('Db: one way to a statement, on the pool or in a transaction', () => {
  let t: TestApp;
  let db: Db;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(Db);
    await db.exec('CREATE TABLE IF NOT EXISTS db_spec_rows (id int PRIMARY KEY, note text NOT NULL)');
  });
  afterAll(() => t.close());

  it('answers rows, one row and the count of touched rows', async () => {
    expect(await db.exec('INSERT INTO db_spec_rows (id, note) VALUES (:a, :note), (:b, :note)', { a: 1, b: 2, note: 'x' })).toBe(2);
    expect(await db.rows<{ id: number }>('SELECT id FROM db_spec_rows WHERE note = :note ORDER BY id', { note: 'x' })).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await db.row<{ id: number }>('SELECT id FROM db_spec_rows WHERE id = :id', { id: 3 })).toBeUndefined();
  });

  it('runs on the transaction it is given, and a rollback takes the write back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await db.exec('INSERT INTO db_spec_rows (id, note) VALUES (:id, :note)', { id: 10, note: 'rolled back' }, tx);
        // Inside the transaction the row is there; outside (another connection) it is not yet.
        expect(await db.row('SELECT id FROM db_spec_rows WHERE id = :id', { id: 10 }, tx)).toEqual({ id: 10 });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await db.row('SELECT id FROM db_spec_rows WHERE id = :id', { id: 10 })).toBeUndefined();
    await db.transaction((tx) => db.exec('INSERT INTO db_spec_rows (id, note) VALUES (:id, :note)', { id: 11, note: 'kept' }, tx));
    expect(await db.row('SELECT note FROM db_spec_rows WHERE id = :id', { id: 11 })).toEqual({ note: 'kept' });
  });

  it('says which value is missing before anything reaches the database', async () => {
    await expect(db.rows('SELECT :a::int AS a', {})).rejects.toThrow(SqlParamError);
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
    const db = t.app.get(Db);
    expect(await db.rows(SOURCE, { n: 1 })).toEqual([{ n: 2 }]);
    expect(await db.rows(SOURCE, { n: 2 })).toEqual([{ n: 3 }]);
    expect(await preparedNames(poolOf(t))).toEqual([]);
  });
});
