import { connect, type Socket } from 'node:net';
import { Client } from 'pg';
import { type DatabaseHandle, startEmbeddedPostgres } from './embedded-postgres';

describe('the embedded database thread', () => {
  let db: DatabaseHandle;
  let client: Client;

  beforeAll(async () => {
    db = await startEmbeddedPostgres();
    client = new Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await db.close();
  });

  it('sends the whole answer to a statement in one write (not one per protocol message)', async () => {
    const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
    let reads = 0;
    const count = () => reads++;
    socket.on('data', count);
    const statements = 20;
    try {
      for (let i = 0; i < statements; i++) {
        // Parse (the first time), Bind, Describe, Execute, Sync: one batch, one answer.
        const { rows } = await client.query({ name: 'one-write', text: 'SELECT $1::int AS n, repeat($2, 3) AS s', values: [i, 'ab'] });
        expect(rows).toEqual([{ n: i, s: 'ababab' }]);
      }
    } finally {
      socket.off('data', count);
    }
    expect(reads).toBe(statements);
  });

  it('reports a failing statement of a batch and answers the next one', async () => {
    await expect(client.query({ name: 'int', text: 'SELECT $1::int AS n', values: ['twelve'] })).rejects.toThrow(/invalid input syntax for type integer/);
    expect((await client.query({ name: 'int', text: 'SELECT $1::int AS n', values: ['12'] })).rows).toEqual([{ n: 12 }]);
    await expect(client.query('SELECT 1/0')).rejects.toThrow(/division by zero/);
    expect((await client.query('SELECT 2 AS n')).rows).toEqual([{ n: 2 }]);
  });

  it('ends a connection whose message length cannot be right, and goes on serving the others', async () => {
    const { port } = new URL(db.url);
    for (const length of [-10, 2, 0x7fffffff]) {
      const raw = connect(Number(port), '127.0.0.1');
      const closed = new Promise<void>((resolve) => raw.on('close', () => resolve()));
      raw.on('error', () => undefined);
      const message = Buffer.alloc(5);
      message.write('Q', 0);
      message.writeInt32BE(length, 1);
      raw.write(message); // and wait: the server must be the one to end it
      await closed;
      expect((await client.query({ text: 'SELECT $1::int AS n', values: [length] })).rows).toEqual([{ n: length }]);
    }
  });

  it('keeps a transaction to its connection: another waits for its end and sees only what was committed', async () => {
    const other = new Client({ connectionString: db.url });
    await other.connect();
    try {
      await client.query('CREATE TABLE batch_spec (n int)');
      await client.query('BEGIN');
      await client.query({ text: 'INSERT INTO batch_spec VALUES ($1)', values: [1] });
      const read = other.query('SELECT count(*)::int AS n FROM batch_spec'); // waits: one session, in a transaction
      await client.query({ text: 'INSERT INTO batch_spec VALUES ($1)', values: [2] });
      await client.query('ROLLBACK');
      expect((await read).rows).toEqual([{ n: 0 }]);
      await client.query({ text: 'INSERT INTO batch_spec VALUES ($1)', values: [3] });
      expect((await other.query('SELECT array_agg(n)::text AS ns FROM batch_spec')).rows).toEqual([{ ns: '{3}' }]);
    } finally {
      await other.end();
    }
  });

  it('hands a notification committed on one connection to the connections listening on its channel, and only to them', async () => {
    const listener = new Client({ connectionString: db.url });
    const bystander = new Client({ connectionString: db.url });
    await listener.connect();
    await bystander.connect();
    const heard: string[] = [];
    for (const [name, c] of [
      ['client', client],
      ['listener', listener],
      ['bystander', bystander],
    ] as const) {
      c.on('notification', (n) => heard.push(`${name} ${n.channel} ${n.payload}`));
    }
    const settle = () => Promise.all([listener.query('SELECT 1'), bystander.query('SELECT 1'), new Promise((r) => setTimeout(r, 50))]);
    try {
      await listener.query('LISTEN "Wake-Up"');
      await listener.query('LISTEN plain');
      await client.query('BEGIN');
      await client.query({ text: `SELECT pg_notify('Wake-Up', $1)`, values: ['queue-a'] });
      await client.query({ text: `SELECT pg_notify('other', $1)`, values: ['nobody'] });
      await new Promise((r) => setTimeout(r, 50)); // (the others wait for the transaction's end)
      expect(heard).toEqual([]); // not before the commit
      await client.query('COMMIT');
      await client.query(`NOTIFY plain, 'two'`);
      await client.query('BEGIN');
      await client.query(`NOTIFY plain, 'rolled back'`);
      await client.query('ROLLBACK');
      await settle();
      expect(heard).toEqual(['listener Wake-Up queue-a', 'listener plain two']);
      await listener.query('UNLISTEN *');
      await client.query(`NOTIFY plain, 'three'`);
      await settle();
      expect(heard).toHaveLength(2);
    } finally {
      await listener.end();
      await bystander.end();
    }
  });
});
