#!/usr/bin/env node
// `npm run cluster`: the production shape in miniature, on this machine, from installed packages:
// nginx (scripts/cluster/nginx.conf) in front of API processes (RUN_WORKER=false) and one worker
// (`backend/dist/worker.js`), one PostgreSQL database (a fresh `monobook_cluster`), files on S3
// (s3rver), mail through a real SMTP server (smtp-server, writing each message to a folder),
// Redis for the rate limits, and the Stripe stand-in for payments. Prints where it listens;
// Ctrl-C or SIGTERM stops everything. `npm run cluster:test` and `npm run cluster:bench` use it.
//
// Environment: CLUSTER_PORT (nginx, default 8080; the other parts take the next ports),
// CLUSTER_APIS (API processes, default 2), DATABASE_URL (the PostgreSQL server to create the
// database on, default postgres://postgres@127.0.0.1:5432/postgres), CLUSTER_DATABASE
// (monobook_cluster), REDIS_URL (redis://127.0.0.1:6379; started with redis-server when
// nothing answers there), NGINX (/usr/sbin/nginx).
import { spawn } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { serverEnv, serverNodeArgs } from '../../backend/scripts/node-args.mjs';
import { startStripeStandIn } from '../../backend/scripts/stripe-stand-in.mjs';
import { ensureBuilt } from '../start.mjs';
import { findExecutable, missingPrerequisites, PrerequisiteError } from './prerequisites.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(root, 'backend/package.json'));
const { Client } = require('pg');
const S3rver = require('s3rver');
const { SMTPServer } = require('smtp-server');

export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const WEBHOOK_SECRET = 'whsec_cluster_stand_in';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Whether something answers PING at `url` (a Redis). */
function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port) || 6379, hostname);
    const done = (ok) => (socket.destroy(), resolve(ok));
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(String(d).startsWith('+PONG')));
  });
}

async function freshDatabase(base, name) {
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** An SMTP server that writes every message it accepts as `<time>-<n>.eml` into `dir`. */
async function startSmtp(port, dir) {
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        const file = path.join(dir, `${Date.now()}-${String(++n).padStart(5, '0')}.eml`);
        fs.writeFileSync(`${file}.tmp`, Buffer.concat(chunks));
        fs.renameSync(`${file}.tmp`, file);
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => server.listen(port, '127.0.0.1', resolve).once('error', reject));
  return server;
}

/**
 * Starts the cluster. Answers a handle: `url` (nginx), `processes` (name → {port?, child}),
 * `kill(name, signal)`, `start(name)`, `ready(name)`, `stop()`, and the parts the tests use
 * (`databaseUrl`, `standIn`, `mailDir`, `dir`).
 */
export async function startCluster({ port = Number(process.env.CLUSTER_PORT ?? 8080), apis = Number(process.env.CLUSTER_APIS ?? 2), quiet = false } = {}) {
  const say = (line) => quiet || console.log(line);
  // nginx, PostgreSQL and Redis first: a missing one is named, with how to install it, before anything is built or started.
  const missing = await missingPrerequisites(process.env, redisAnswers);
  if (missing.length) throw new PrerequisiteError(missing);
  ensureBuilt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'monobook-cluster-'));
  fs.chmodSync(dir, 0o755); // nginx's workers (another user when started by root) create their temp folders here
  const mailDir = path.join(dir, 'outbox');
  const cleanups = [];
  const ports = { nginx: port, s3: port + 1, smtp: port + 2, stripe: port + 3, redis: port + 4, api: (i) => port + 10 + i };

  const databaseUrl = await freshDatabase(
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    process.env.CLUSTER_DATABASE ?? 'monobook_cluster',
  );

  let redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!(await redisAnswers(redisUrl))) {
    redisUrl = `redis://127.0.0.1:${ports.redis}`;
    const redis = spawn('redis-server', ['--port', String(ports.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    redis.on('error', () => {}); // reported below as "could not be started"
    cleanups.push(() => redis.kill('SIGTERM'));
    for (let i = 0; i < 50 && !(await redisAnswers(redisUrl)); i++) await sleep(100);
    if (!(await redisAnswers(redisUrl)))
      throw new Error(`no Redis at ${process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'}, and redis-server could not be started`);
  }

  const s3 = new S3rver({
    port: ports.s3,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'monobook', configs: [] }],
  });
  await s3.run();
  cleanups.push(() => s3.close());
  const smtp = await startSmtp(ports.smtp, mailDir);
  cleanups.push(() => new Promise((r) => smtp.close(r)));
  const publicUrl = `http://127.0.0.1:${port}`;
  const standIn = await startStripeStandIn({ port: ports.stripe, webhookUrl: `${publicUrl}/api/user/stripe-webhook/`, webhookSecret: WEBHOOK_SECRET });
  standIn.autoDeliver = false;
  cleanups.push(() => standIn.close());

  const env = serverEnv({
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: 'loopback',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: redisUrl,
    APP_SECRET: crypto.randomBytes(32).toString('hex'),
    STORAGE_DRIVER: 's3',
    S3_BUCKET: 'monobook',
    S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    STRIPE_SECRET_KEY: 'sk_test_cluster',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: standIn.url,
    UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES),
    SEED_DEMO: 'false',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    LOG_FORMAT: 'json',
    JOBS_POLL_SECONDS: '5',
    // Every client of the tests comes from 127.0.0.1 (through nginx): the per-IP limit is raised,
    // the per-address limits are the real ones.
    AUTH_RATE_LIMIT_PER_IP: process.env.AUTH_RATE_LIMIT_PER_IP ?? '1000',
    DATA_DIR: path.join(dir, 'data'),
  });

  /** name → { script, env, port?, child } */
  const processes = new Map();
  for (let i = 1; i <= apis; i++)
    processes.set(`api-${i}`, { script: 'backend/dist/main.js', port: ports.api(i), env: { PORT: String(ports.api(i)), RUN_WORKER: 'false' } });
  // The worker logs at info: its `Worker running` line is how the cluster knows it is up.
  processes.set('worker', { script: 'backend/dist/worker.js', env: { LOG_LEVEL: 'info' } });
  // Whatever happens from here on, the processes started are stopped with the cluster.
  cleanups.push(() => Promise.all([...processes.keys()].map((n) => kill(n, 'SIGKILL'))));

  function start(name) {
    const p = processes.get(name);
    const log = fs.openSync(path.join(dir, `${name}.log`), 'a');
    p.child = spawn(process.execPath, [...serverNodeArgs(), path.join(root, p.script)], { cwd: root, env: { ...env, ...p.env }, stdio: ['ignore', log, log] });
    fs.closeSync(log);
    p.exited = new Promise((resolve) => p.child.once('exit', (code, signal) => resolve({ code, signal })));
    return p.child;
  }

  async function ready(name, timeoutMs = 60_000) {
    const p = processes.get(name);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (p.child.exitCode !== null) throw new Error(`${name} exited (${p.child.exitCode}); see ${path.join(dir, `${name}.log`)}`);
      if (!p.port) {
        // The worker has no port: ready once it logs that it runs.
        if (fs.readFileSync(path.join(dir, `${name}.log`), 'utf8').includes('Worker running')) return;
      } else if ((await fetch(`http://127.0.0.1:${p.port}/readyz`).catch(() => undefined))?.status === 200) return;
      await sleep(200);
    }
    throw new Error(`${name} not ready after ${timeoutMs / 1000} s; see ${path.join(dir, `${name}.log`)}`);
  }

  async function kill(name, signal = 'SIGTERM') {
    const p = processes.get(name);
    if (!p.child || p.child.exitCode !== null || p.child.signalCode !== null) return;
    p.child.kill(signal);
    const timer = setTimeout(() => p.child.kill('SIGKILL'), 30_000);
    await p.exited;
    clearTimeout(timer);
  }

  const abort = async (err) => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
    console.error(`The cluster did not start; its logs are kept in ${dir}`);
    throw err;
  };
  // The first API process migrates the fresh database; the others start once it is ready.
  try {
    start('api-1');
    await ready('api-1', 120_000);
    for (const name of processes.keys()) if (name !== 'api-1') start(name);
    await Promise.all([...processes.keys()].filter((n) => n !== 'api-1').map((n) => ready(n, 120_000)));
  } catch (err) {
    await abort(err);
  }

  // nginx, with the API processes that answer /readyz; a supervisor keeps the list current.
  const template = fs.readFileSync(path.join(root, 'scripts/cluster/nginx.conf'), 'utf8');
  const apiNames = [...processes.keys()].filter((n) => processes.get(n).port);
  const up = new Map(apiNames.map((n) => [n, true]));
  const confFile = path.join(dir, 'nginx.conf');
  const writeConf = () =>
    fs.writeFileSync(
      confFile,
      template
        .replaceAll('{{DIR}}', dir)
        .replaceAll('{{PORT}}', String(port))
        .replaceAll('{{BODY_MAX}}', String(UPLOAD_MAX_BYTES + 1024 * 1024))
        .replace(
          '{{SERVERS}}',
          apiNames.map((n) => `        server 127.0.0.1:${processes.get(n).port} max_fails=1 fail_timeout=2s${up.get(n) ? '' : ' down'};`).join('\n'),
        ),
    );
  writeConf();
  const nginxBin = process.env.NGINX ?? (findExecutable('/usr/sbin/nginx') ? '/usr/sbin/nginx' : findExecutable('nginx'));
  const nginx = spawn(nginxBin, ['-p', dir, '-c', confFile, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const nginxExited = new Promise((resolve) => nginx.once('exit', resolve));
  cleanups.push(() => nginx.exitCode === null && nginx.kill('SIGKILL'));
  for (let i = 0; ; i++) {
    if ((await fetch(`${publicUrl}/healthz`).catch(() => undefined))?.status === 200) break;
    if (nginx.exitCode !== null || i > 100) await abort(new Error(`nginx did not start (${nginx.exitCode}); see ${path.join(dir, 'error.log')}`));
    await sleep(100);
  }

  // The supervisor: /readyz of every API process each second; a change rewrites the upstream list
  // and reloads nginx (open-source nginx has no active health checks of its own).
  let stopping = false;
  // When nginx was told to reload: its old workers then close their idle kept-alive client
  // connections, and a request a client sent on one at that instant meets a reset (browsers and
  // most HTTP clients resend an idempotent request then; the cluster test counts these apart).
  const reloads = [];
  const supervise = async () => {
    while (!stopping) {
      let changed = false;
      for (const n of apiNames) {
        const res = await fetch(`http://127.0.0.1:${processes.get(n).port}/readyz`, { signal: AbortSignal.timeout(1000) }).catch(() => undefined);
        const ready = res?.status === 200;
        if (ready !== up.get(n)) {
          up.set(n, ready);
          changed = true;
        }
      }
      // Never an empty upstream: with every process down nginx answers 502 by itself anyway.
      if (changed && !stopping) {
        if (![...up.values()].some(Boolean)) for (const n of apiNames) up.set(n, true);
        writeConf();
        reloads.push(Date.now());
        nginx.kill('SIGHUP');
      }
      await sleep(1000);
    }
  };
  const supervisor = supervise();

  say(
    [
      '',
      `Monobook cluster at ${publicUrl}  (nginx ${nginxBin}, config ${confFile})`,
      ...apiNames.map((n) => `  ${n.padEnd(8)} http://127.0.0.1:${processes.get(n).port}  pid ${processes.get(n).child.pid}  RUN_WORKER=false`),
      `  worker   pid ${processes.get('worker').child.pid}`,
      `  database ${databaseUrl}`,
      `  redis    ${redisUrl}`,
      `  s3       ${env.S3_ENDPOINT} (s3rver, bucket monobook)`,
      `  mail     ${env.SMTP_URL} (smtp-server) → ${mailDir}`,
      `  stripe   ${standIn.url} (stand-in; webhook secret ${WEBHOOK_SECRET})`,
      `  logs     ${dir}/*.log`,
      '',
    ].join('\n'),
  );

  let stopped;
  const stop = () =>
    (stopped ??= (async () => {
      stopping = true;
      await supervisor;
      await Promise.all([...processes.keys()].map((n) => kill(n, 'SIGTERM')));
      nginx.kill('SIGQUIT');
      await Promise.race([nginxExited, sleep(5000)]);
      if (nginx.exitCode === null) nginx.kill('SIGKILL');
      for (const cleanup of cleanups.reverse()) await cleanup();
      if (!process.env.CLUSTER_KEEP) fs.rmSync(dir, { recursive: true, force: true });
    })());

  return { url: publicUrl, dir, mailDir, databaseUrl, redisUrl, standIn, processes, apiNames, start, ready, kill, stop, upstreamUp: up, reloads };
}

/**
 * startCluster for the commands (cluster, cluster:test, cluster:bench): what stops it from
 * starting (a missing nginx, PostgreSQL or Redis) is printed as a message, without a stack, and
 * the process exits 1.
 */
export async function startClusterOrExit(options) {
  try {
    return await startCluster(options);
  } catch (err) {
    console.error(err instanceof PrerequisiteError ? err.message : `The cluster did not start: ${err.stack ?? err}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let cluster;
  let signalled = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, async () => {
      if (signalled) return;
      signalled = true;
      console.log(`${signal}: stopping the cluster…`);
      await cluster?.stop();
      console.log('stopped');
      process.exit(0);
    });
  }
  cluster = await startClusterOrExit();
  if (signalled) await cluster.stop();
  else console.log('Press Ctrl+C to stop.');
}
