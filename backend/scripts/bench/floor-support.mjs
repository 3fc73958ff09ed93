// What both floor servers take from the app.
//
// bareSql: the app's `Sql` (backend/src/database/sql.ts) over a bare `pg` pool:
// named (prepared) statements as the app runs them unless DATABASE_PREPARE=false, and on the
// embedded database a clean session for each new connection. `query(text, params)` → rows.
// `sqlModule` is backend/dist/database/sql.js, the app's own statement namer.
export function bareSql(pg, sqlModule, { url, max, embedded }) {
  const { statementNamer, forgetPrepared } = sqlModule;
  const pool = new pg.Pool({ connectionString: url, max, ...(embedded ? { onConnect: forgetPrepared } : {}) });
  const statementName = process.env.DATABASE_PREPARE === 'false' ? () => undefined : statementNamer();
  return {
    pool,
    query: async (text, params) => (await pool.query({ text, values: params, name: statementName(text) })).rows,
  };
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
