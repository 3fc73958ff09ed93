// What both floor servers take from the app.
//
// bareSql: the app's `Db` (backend/src/database/db.ts) over a bare `pg` pool: named (prepared)
// statements as the app runs them unless DATABASE_PREPARE=false, and on the embedded database a
// clean session for each new connection. `rows/row/exec(text, params)` as in the app; `query(text,
// params)` → rows for positional statements (the floors' own SQL). `sqlModule` is
// backend/dist/database/sql.js (which re-exports db.js's namer).
export function bareSql(pg, sqlModule, { url, max, embedded }) {
  const { statementNamer, forgetPrepared } = sqlModule;
  const { Db } = sqlModule.Db ? sqlModule : requireDb(sqlModule);
  const pool = new pg.Pool({ connectionString: url, max, ...(embedded ? { onConnect: forgetPrepared } : {}) });
  const prepare = process.env.DATABASE_PREPARE !== 'false';
  const statementName = prepare ? statementNamer(undefined, 'floor') : () => undefined;
  const db = Db.overPool(pool, prepare);
  return Object.assign(db, {
    pool,
    query: async (text, params) => (await pool.query({ text, values: params, name: statementName(text) })).rows,
  });
}

function requireDb(sqlModule) {
  if (!sqlModule.__dbModule) throw new Error('bareSql needs database/sql.js to export Db');
  return sqlModule.__dbModule;
}

/**
 * The headers of the app's JSON answers (helmet's, worked out once as the app does, and Vary), so a
 * floor sends the same answer as the app. `load(file)` requires a file of backend/dist.
 */
export function appAnswerHeaders(load) {
  const { helmetOptions } = load('bootstrap.js');
  const { securityHeaders } = load('common/http/security-headers.js');
  return { ...securityHeaders(helmetOptions), vary: 'accept-encoding', 'content-type': 'application/json; charset=utf-8' };
}
