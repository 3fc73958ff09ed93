// What `npm run cluster` (and cluster:test, cluster:bench) needs besides npm packages: nginx,
// a PostgreSQL server, and Redis (or redis-server to start one). Checked before anything starts,
// so a missing one is named with how to get it, instead of a stack trace halfway through.
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';

/** The path of an executable `name` on PATH (or `name` itself when it has a slash), or undefined. */
export function findExecutable(name, env = process.env) {
  const candidates = name.includes('/')
    ? [name]
    : (env.PATH ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, name));
  for (const file of candidates) {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // not there
    }
  }
  return undefined;
}

/** Whether a TCP connection to host:port opens within a second. */
function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    const done = (ok) => (socket.destroy(), resolve(ok));
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => done(true));
  });
}

/**
 * Answers one message per missing part (empty: all there). `redisAnswers(url)` says whether a
 * Redis answers PING there.
 */
export async function missingPrerequisites(env = process.env, redisAnswers = async () => false) {
  const missing = [];
  const nginx = env.NGINX ?? '/usr/sbin/nginx';
  if (!findExecutable(nginx, env) && !(env.NGINX === undefined && findExecutable('nginx', env))) {
    missing.push(
      `nginx: not found at ${nginx}. Install it (Debian/Ubuntu: apt-get install nginx; macOS: brew install nginx), ` +
        'or set NGINX to its path (no nginx service is needed: the command runs its own).',
    );
  }
  const databaseUrl = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const db = new URL(databaseUrl);
  if (!(await reachable(db.hostname, Number(db.port) || 5432))) {
    missing.push(
      `PostgreSQL: nothing answers at ${db.hostname}:${db.port || 5432} (DATABASE_URL ${env.DATABASE_URL ? 'as set' : 'unset, so the default'}: ${databaseUrl}). ` +
        'Install and start PostgreSQL 13 or newer (Debian/Ubuntu: apt-get install postgresql, then service postgresql start; ' +
        'or docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16), or set DATABASE_URL to a server whose role may CREATE DATABASE.',
    );
  }
  const redisUrl = env.REDIS_URL || 'redis://127.0.0.1:6379';
  if (!(await redisAnswers(redisUrl)) && !findExecutable('redis-server', env)) {
    missing.push(
      `Redis: nothing answers at ${redisUrl}, and redis-server (to start one) is not on PATH. ` +
        'Install it (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis), or set REDIS_URL to a running Redis.',
    );
  }
  return missing;
}

/** The error a cluster command prints (its message only) before it exits 1. */
export class PrerequisiteError extends Error {
  constructor(missing) {
    super(`The cluster needs what this machine does not have:\n${missing.map((m) => `  - ${m}`).join('\n')}`);
    this.name = 'PrerequisiteError';
  }
}
