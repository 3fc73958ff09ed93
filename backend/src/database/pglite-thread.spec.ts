import type { Socket } from 'node:net';
import { Client } from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres';

describe('the embedded database thread', () => {
  it('sends the whole answer to a statement in one write (not one per protocol message)', async () => {
    const db = await startEmbeddedPostgres();
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
      let reads = 0;
      socket.on('data', () => reads++);
      const statements = 20;
      for (let i = 0; i < statements; i++) {
        // Parse (the first time), Bind, Describe, Execute, Sync: PGlite answers each message apart.
        const { rows } = await client.query({ name: 'one-write', text: 'SELECT $1::int AS n, repeat($2, 3) AS s', values: [i, 'ab'] });
        expect(rows).toEqual([{ n: i, s: 'ababab' }]);
      }
      expect(reads).toBe(statements);
    } finally {
      await client.end();
      await db.close();
    }
  });
});
