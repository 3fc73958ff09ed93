// Starting and stopping the real server (`node dist/main.js`) as a child process.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import { serverEnv, serverNodeArgs } from '../node-args.mjs';

/** A free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** USER_HZ of /proc/<pid>/stat: 100 on every Linux this runs on. */
const CLOCK_TICKS = 100;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `node dist/main.js` in `backendDir` with `env` added to (and `unset` removed from) the
 * current environment, and resolves once GET /readyz answers 200. The child's output is kept
 * (last 200 lines) to explain a failure; with `verbose` it is also echoed.
 */
export async function startServer({
  backendDir,
  env,
  unset = [],
  verbose = false,
  readyTimeoutMs = 120_000,
  script = 'dist/main.js',
  args = [...serverNodeArgs(), script],
  ready = { path: '/readyz', headers: {} },
  label = 'server',
}) {
  const childEnv = serverEnv({ ...process.env, ...env });
  for (const name of unset) delete childEnv[name];
  const child = spawn(process.execPath, args, { cwd: backendDir, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  const keep = (prefix) => (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      output.push(line);
      if (output.length > 200) output.shift();
      if (verbose) process.stderr.write(`${prefix}${line}\n`);
    }
  };
  child.stdout.on('data', keep(`[${label}] `));
  child.stderr.on('data', keep(`[${label}!] `));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let exit = null;
  void exited.then((e) => (exit = e));

  const base = `http://127.0.0.1:${env.PORT}`;
  const server = {
    base,
    child,
    output,
    exited,
    /** Resident memory of the process in bytes (Linux /proc), or null. */
    rss() {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
        return Number.isFinite(kb) ? kb * 1024 : null;
      } catch {
        return null;
      }
    },
    /** CPU time (user + system) the process has used so far, in ms (Linux /proc), or null. */
    cpuMs() {
      try {
        const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
      } catch {
        return null;
      }
    },
    /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
    async stop(graceMs = 30_000) {
      if (exit) return exit;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exit) {
      throw new Error(`the ${label} exited during start-up (${exit.signal ?? `code ${exit.code}`}):\n${output.slice(-40).join('\n')}`);
    }
    try {
      const res = await fetch(`${base}${ready.path}`, { headers: ready.headers, signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop(5_000);
      throw new Error(`the ${label} was not ready after ${readyTimeoutMs / 1000} s:\n${output.slice(-40).join('\n')}`);
    }
    await sleep(250);
  }
}
