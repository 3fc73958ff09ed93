#!/usr/bin/env node
// `npm run cluster:bench` (also `npm run bench -- --cluster`): req/s of the home feed (`postcc/`)
// and a Book list (`pageccja/`) through nginx with one API process and with two, on the cluster of
// `npm run cluster` (nginx, PostgreSQL, Redis, s3rver), with content made through the API (posts,
// Books from uploads). Also the same reads straight at one API process (nginx's own cost), and the
// CPU each part used during each run (where the time goes). CLUSTER_PORT as for `npm run cluster`;
// BENCH_SECONDS per run (10), BENCH_CONNECTIONS (16).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { clusterClient } from './client.mjs';
import { startClusterOrExit } from './cluster.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(root, 'backend/package.json'));
const autocannon = require('autocannon');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const TICK = 100; // clock ticks per second in /proc/<pid>/stat (USER_HZ, 100 on Linux)

/** CPU seconds used so far by the processes `pids` (their own, not their children's). */
function cpuSeconds(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // gone
    }
  }
  return ticks / TICK;
}
const pidsOf = (comm) => {
  try {
    return execFileSync('pgrep', ['-x', comm], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

const cluster = await startClusterOrExit({ port: Number(process.env.CLUSTER_PORT ?? 8080) });
const { call, user, uniqueCsv } = clusterClient(cluster);
const results = [];
try {
  console.log('content: 2 users, 60 posts, 12 Books from uploads');
  const [a, b] = await Promise.all([user('bench-a'), user('bench-b')]);
  for (let i = 0; i < 60; i++)
    await call('POST', '/api/user/monopost/', { token: (i % 2 ? a : b).token, json: { text: `bench post ${i} ${'text '.repeat(20)}` } });
  for (let i = 0; i < 12; i++) {
    const form = new FormData();
    form.append('title', `ベンチ ${i}`);
    form.append('user_id', String(a.userId));
    form.append('file', new Blob([uniqueCsv()], { type: 'text/csv' }), `bench-${i}.csv`);
    await call('POST', '/api/user/upload/', { token: a.token, form });
  }
  for (let i = 0; i < 240; i++) {
    const list = await (await call('GET', `/api/user/uploadedfiles/?user_id=${a.userId}&count=0`)).json();
    if (Array.isArray(list) && list.length && list.every((f) => f.status === 'done')) break;
    await sleep(500);
  }

  const run = async (label, url, pathName) => {
    const parts = {
      api: () => cluster.apiNames.map((n) => cluster.processes.get(n).child.pid),
      worker: () => [cluster.processes.get('worker').child.pid],
      nginx: () => pidsOf('nginx'),
      postgres: () => pidsOf('postgres'),
      'autocannon (this process)': () => [process.pid],
    };
    const before = Object.fromEntries(Object.entries(parts).map(([k, f]) => [k, cpuSeconds(f())]));
    const statuses = {};
    const instance = autocannon({ url: `${url}${pathName}`, connections: CONNECTIONS, duration: SECONDS });
    instance.on('response', (_c, status) => (statuses[status] = (statuses[status] ?? 0) + 1));
    const result = await new Promise((resolve) => instance.once('done', resolve));
    const cpu = Object.fromEntries(Object.entries(parts).map(([k, f]) => [k, (cpuSeconds(f()) - before[k]) / result.duration]));
    const line = {
      label,
      path: pathName,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx + result.errors,
      statuses,
      cpu,
    };
    results.push(line);
    console.log(
      `${label.padEnd(26)} ${pathName.padEnd(22)} ${String(line.rps).padStart(5)} req/s  p50 ${line.p50} ms  p99 ${line.p99} ms  failed ${line.non2xx}${line.non2xx ? ` ${JSON.stringify(statuses)} errors ${result.errors}` : ''}  CPU (cores): ${Object.entries(
        cpu,
      )
        .map(([k, v]) => `${k} ${v.toFixed(2)}`)
        .join(', ')}`,
    );
  };
  const paths = ['/api/user/postcc/?count=0', '/api/user/pageccja/?count=0'];

  // Two API processes behind nginx.
  for (const p of paths) await run('nginx, 2 API processes', cluster.url, p);
  // One: api-2 stopped (the supervisor takes it out of nginx's list).
  await cluster.kill('api-2', 'SIGTERM');
  for (let i = 0; i < 50 && cluster.upstreamUp.get('api-2'); i++) await sleep(200);
  await sleep(1000);
  for (const p of paths) await run('nginx, 1 API process', cluster.url, p);
  for (const p of paths) await run('api-1 direct, no nginx', `http://127.0.0.1:${cluster.processes.get('api-1').port}`, p);

  console.log(`\nscaling (2 API / 1 API through nginx), ${os.cpus().length} cores:`);
  for (const p of paths) {
    const two = results.find((r) => r.label.includes('2 API') && r.path === p).rps;
    const one = results.find((r) => r.label.includes('1 API') && r.path === p).rps;
    console.log(`  ${p.padEnd(28)} ${one} → ${two} req/s (×${(two / one).toFixed(2)})`);
  }
  const out = path.join(root, 'backend/bench-results', `cluster-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ cores: os.cpus().length, seconds: SECONDS, connections: CONNECTIONS, results }, null, 2));
  console.log(`written to ${path.relative(root, out)}`);
} finally {
  await cluster.stop();
}
