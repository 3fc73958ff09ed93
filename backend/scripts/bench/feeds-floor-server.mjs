#!/usr/bin/env node
// The floors of the feed benchmarks. With `x-bench-floor: expert`, the expert floor
// (expert-floor.mjs: one hand-written statement per request: postcc/, userpostcc/, monopostcc/,
// likedposts/ and the circle thread communityposts/{id}/); otherwise the SQL floor: the same SQL
// statements the app runs for those feeds (token lookup, the list statement, the packers' statements),
// served by a bare node:http server over a bare `pg` pool — no NestJS, Express, guards, pipes,
// TypeORM or logger. The app's packers (from dist) run over a 10-line database adapter, so the
// statements are exactly the app's. Same database setup as the app: DATABASE_URL (pool of
// DATABASE_POOL_SIZE, default 10) or the embedded PGlite under DATA_DIR/db (one connection).
import * as http from 'node:http';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createHash } from 'node:crypto';
import { expertQuery } from './expert-floor.mjs';
import { appAnswerHeaders, appReadServices, bareSql } from './floor-support.mjs';

const require = createRequire(import.meta.url);
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
const { openDatabase } = require(`${dist}/database/embedded-postgres.js`);
const handle = await openDatabase(process.env.DATABASE_URL || undefined, process.env.DATA_DIR, Number(process.env.DATABASE_POOL_SIZE || 10));
const db = bareSql(pg, require(`${dist}/database/db.js`), { url: handle.url, max: handle.embedded ? 1 : handle.poolSize, embedded: handle.embedded });

const options = { config: { publicUrl: 'http://127.0.0.1', publicUrlConfigured: true } };
// The app's read services as Nest builds them (floor-support.mjs), over the bare pool.
const { tokens, feeds, circleReads, circleThread } = appReadServices((file) => require(`${dist}/${file}`), db, { options, databaseHandle: handle });
const answerHeaders = appAnswerHeaders((file) => require(`${dist}/${file}`));
async function viewerOf(req) {
  const key = /^Token (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!key) return undefined;
  const user = await tokens.resolve(key);
  return user && user !== 'inactive' ? user : undefined;
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/readyz') return void res.writeHead(200).end('ok');
    if (req.headers['x-bench-floor'] === 'expert') {
      // The expert floor: one hand-written statement answers the whole request (expert-floor.mjs).
      const key = /^Token (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const keyHash = key ? createHash('sha256').update(key.toLowerCase()).digest('hex') : null;
      const origin = req.headers['x-bench-origin'] ?? `http://${req.headers.host}`;
      const query = expertQuery(url.pathname, url.searchParams, keyHash, origin);
      if (!query) return void res.writeHead(404).end();
      const [{ status, body: json }] = await db.query(query.text, query.values);
      if (status !== 200) return void res.writeHead(status).end(); // the circle thread's 401 / 403 / 404 (no body: not measured)
      return void res.writeHead(200, { ...answerHeaders, 'content-length': Buffer.byteLength(json) }).end(json);
    }
    const page = { index: Number(url.searchParams.get('count') ?? 0), offset: Number(url.searchParams.get('count') ?? 0) * 10, limit: 10 };
    const viewer = await viewerOf(req);
    let body;
    if (url.pathname === '/api/user/postcc/') body = await feeds.home(viewer, page);
    else if (url.pathname === '/api/user/userpostcc/') body = await feeds.ofUser(Number(url.searchParams.get('user_id')), page, viewer);
    else if (url.pathname === '/api/user/monopostcc/') body = await feeds.ofBook(Number(url.searchParams.get('pageId')), page, viewer);
    else if (url.pathname.startsWith('/api/user/communityposts/')) {
      if (!viewer) return void res.writeHead(401).end();
      body = await circleThread.page(viewer, Number(url.pathname.split('/').filter(Boolean).pop()), page);
    } else if (url.pathname.startsWith('/api/user/community/')) body = await circleReads.get(Number(url.pathname.split('/').filter(Boolean).pop()));
    else if (url.pathname === '/api/user/likedpostscc/likedposts/' && viewer) body = await feeds.liked(viewer, page);
    else return void res.writeHead(404).end();
    const json = JSON.stringify(body);
    res.writeHead(200, { ...answerHeaders, 'content-length': Buffer.byteLength(json) }).end(json);
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
const stop = () =>
  server.close(() =>
    db.pool
      .end()
      .then(() => handle.close())
      .then(() => process.exit(0)),
  );
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
