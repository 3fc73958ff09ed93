import type { DataSourceOptions } from 'typeorm';
import type { DatabaseHandle } from './embedded-postgres';
import { ENTITIES, MIGRATIONS } from './entities';
import { forgetPrepared } from './db';

export function dataSourceOptions(db: Pick<DatabaseHandle, 'url' | 'embedded' | 'poolSize'>): DataSourceOptions {
  return {
    type: 'postgres',
    url: db.url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    synchronize: false,
    logging: false,
    // PGlite's socket server interleaves messages of concurrent connections: keep to one.
    extra: {
      max: db.embedded ? 1 : db.poolSize,
      connectionTimeoutMillis: 10_000,
      // Every connection to PGlite shares its one session, prepared statements included (see database/db.ts).
      ...(db.embedded ? { onConnect: forgetPrepared } : {}),
    },
  };
}
