/**
 * `node pglite-initdb.js <dir>`: creates a PGlite data directory and exits. Run as a child
 * process by embedded-postgres.ts, so initdb's memory leaves with this process.
 */
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from './embedded-postgres';

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: pglite-initdb.js <data directory>');
  const db = await PGlite.create(dir, pgliteOptions());
  await db.query('SELECT 1');
  await db.close();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
