#!/usr/bin/env node
// The floor server of the bench (see floors.mjs): run as a child process by bench.mjs, so that it
// has its own event loop like the app. Each request names its floor in the `x-bench-floor`
// header; `express` is bare Express + the app's helmet settings, any other name a node:http + pg
// handler from floors.mjs.
//
// Environment: PORT, BACKEND_DIR (for backend/dist and its node_modules), and either
// DATABASE_URL + DATABASE_POOL_SIZE (PostgreSQL), or PGLITE_DIR (the embedded database, served on
// a loopback socket to a one-connection pg pool, exactly as the app does).
import * as crypto from 'node:crypto';
import * as http from 'node:http';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { appAnswerHeaders, appReadServices, bareSql } from './floor-support.mjs';
import { sqlFloors } from './floors.mjs';

const backendDir = process.env.BACKEND_DIR;
const require = createRequire(path.join(backendDir, 'package.json'));
const express = require('express');
const helmet = require('helmet');
const pg = require('pg');
const { helmetOptions } = require(path.join(backendDir, 'dist/bootstrap.js'));

let databaseUrl = process.env.DATABASE_URL;
let poolSize = Number(process.env.DATABASE_POOL_SIZE || 10);
let closeEmbedded = async () => {};
if (process.env.PGLITE_DIR) {
  const { startEmbeddedPostgres } = require(path.join(backendDir, 'dist/database/embedded-postgres.js'));
  const embedded = await startEmbeddedPostgres(process.env.PGLITE_DIR);
  databaseUrl = embedded.url;
  poolSize = embedded.poolSize;
  closeEmbedded = () => embedded.close();
}
// The app's services over the bare pool (the app's Db: rows/row/exec with named parameters).
const dist = (file) => require(path.join(backendDir, 'dist', file));
// The same answer as the app's, headers too.
const answerHeaders = appAnswerHeaders(dist);
const rows = bareSql(pg, dist('database/db.js'), { url: databaseUrl, max: poolSize, embedded: Boolean(process.env.PGLITE_DIR) });
const appOptions = { config: { publicUrl: 'http://127.0.0.1', publicUrlConfigured: true } };
const signer = { sign: (purpose, value) => crypto.createHmac('sha256', 'floor').update(`${purpose}:${value}`).digest('base64url') };
const { tokens, profiles, bookReads, bookLists } = appReadServices(dist, rows, { options: appOptions, databaseHandle: { url: databaseUrl }, signer });

const bare = express();
bare.disable('x-powered-by');
bare.use(helmet(helmetOptions));
bare.get('/healthz', (_req, res) => res.json({ status: 'ok' }));

const server = http.createServer((req, res) => {
  const floor = req.headers['x-bench-floor'];
  if (floor === 'express') return bare(req, res);
  const handler = sqlFloors[floor];
  const send = (status, body) => {
    const json = JSON.stringify(body);
    res.writeHead(status, { ...answerHeaders, 'content-length': Buffer.byteLength(json) });
    res.end(json);
  };
  if (!handler) return send(404, { detail: `no floor "${floor}"` });
  const url = new URL(req.url, 'http://floor');
  handler({ url, headers: req.headers, tokens, profiles, bookReads, bookLists }).then(
    (body) => send(200, body),
    (err) => send(err.status ?? err.getStatus?.() ?? 500, { detail: err.message }),
  );
});
server.keepAliveTimeout = 72_000; // Fastify's default, so the app's too
server.listen(Number(process.env.PORT), '127.0.0.1');

const stop = async () => {
  server.close();
  server.closeAllConnections();
  await rows.pool.end().catch(() => undefined);
  await closeEmbedded().catch(() => undefined);
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
