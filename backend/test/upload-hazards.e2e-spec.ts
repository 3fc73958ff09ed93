import { getDataSourceToken } from '@nestjs/typeorm';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { writeManyEntriesXlsx, writeNestedDocx, writeZipBombDocx } from '../src/modules/uploads/generation/testing/zip-writer';
import { sample, upload, waitForBook } from './helpers/books';
import { createUser } from './helpers/factories';
import { startTestApp, type TestApp } from './helpers/test-app';

const MB = 1024 * 1024;
const mb = (n: number) => Math.round((n / MB) * 100) / 100;

interface Health {
  polls: number;
  longest: number;
  failures: string[];
  slow: string[];
}

/** Polls the URL every 100 ms until `stop()`; the answers' count, the longest, those over 300 ms and any failure. */
function pollHealth(url: string): { stop: () => Promise<Health> } {
  const health: Health = { polls: 0, longest: 0, failures: [], slow: [] };
  let running = true;
  const t0 = performance.now();
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        if (res.status !== 200) health.failures.push(`status ${res.status}`);
      } catch (error) {
        health.failures.push(String(error));
      }
      const took = performance.now() - started;
      health.polls++;
      health.longest = Math.max(health.longest, took);
      if (took > 300) health.slow.push(`${Math.round(took)} ms at ${Math.round(started - t0)} ms`);
      await new Promise((r) => setTimeout(r, Math.max(0, 100 - took)));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return health;
    },
  };
}

/** RSS of this process's child processes (the extraction processes), from /proc; 0 where there is none. */
function childrenRss(): number {
  try {
    const children = fs.readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    let total = 0;
    for (const pid of children) {
      const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (kb) total += Number(kb[1]) * 1024;
    }
    return total;
  } catch {
    return 0;
  }
}

/**
 * Crafted archives uploaded through the real API: a zip bomb (400 MB of text in a ~0.4 MB .docx,
 * the file that took the site down), the same with headers that claim 1 MB, an .xlsx of 200,000
 * entries and a .docx nested 100,000 elements deep. Each must end as a failed upload with its
 * reason, without retries, while the server keeps answering /healthz within a second and its own
 * memory stays flat (extraction runs in a child process with a heap and a time limit).
 */
describe('crafted uploads cannot take the server down', () => {
  let t: TestApp;
  let base: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-hazards-'));

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fails each crafted file with its reason, answering /healthz and keeping RSS flat throughout', async () => {
    const files: Array<[string, () => Promise<number>]> = [
      ['bomb.docx', () => writeZipBombDocx(path.join(dir, 'bomb.docx'), 400 * MB)],
      ['liar.docx', () => writeZipBombDocx(path.join(dir, 'liar.docx'), 400 * MB, MB)],
      ['many.xlsx', () => writeManyEntriesXlsx(path.join(dir, 'many.xlsx'), 200_000)],
      ['deep.docx', () => writeNestedDocx(path.join(dir, 'deep.docx'), 100_000)],
    ];
    const sizes: Record<string, number> = {};
    for (const [name, write] of files) sizes[name] = await write();
    const { userId, token } = await createUser(t.app, { nickName: 'Crafter' });
    // One ordinary upload first, made into a Book: the first request of a kind loads and compiles
    // code (and the test's response checks), which is not what this test measures.
    const warmUp = await upload(t, token, 'rates.csv', sample('prefecture-health-insurance.csv'), { title: 'warm-up' }).expect(201);
    await waitForBook(t, userId, warmUp.body.id);

    const baseline = process.memoryUsage().rss;
    let peakRss = baseline;
    let peakChildren = 0;
    let running = true;
    let phase = 'start';
    const phaseDelays: string[] = [];
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    const nextPhase = (name: string) => {
      phaseDelays.push(`${phase} ${Math.round(loopDelay.max / 1e6)}`);
      loopDelay.reset();
      phase = name;
    };
    loopDelay.enable();
    // /healthz over real HTTP every 100 ms; the event loop delay catches any stall between polls.
    await fetch(`${base}/healthz`).then((res) => res.arrayBuffer()); // loads the HTTP client
    const poller = pollHealth(`${base}/healthz`);
    const monitor = (async () => {
      while (running) {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
        peakChildren = Math.max(peakChildren, childrenRss());
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    let health: Health;
    const started = Date.now();
    const ids: Record<string, number> = {};
    const final: Record<string, { status: string; failure: string | null; page: number | null }> = {};
    try {
      for (const [name] of files) {
        nextPhase(`upload ${name}`);
        const res = await upload(t, token, name, fs.readFileSync(path.join(dir, name)), { title: name }).expect(201);
        expect(res.body).toMatchObject({ status: 'pending', failure: null });
        ids[name] = res.body.id;
      }
      nextPhase('processing');
      const deadline = Date.now() + 180_000;
      while (Object.keys(final).length < files.length && Date.now() < deadline) {
        const list = await request(t.http).get(`/api/user/uploadedfiles/?user_id=${userId}`).expect(200);
        for (const file of list.body) if (file.title !== 'warm-up' && (file.status === 'failed' || file.status === 'done')) final[file.title] = file;
        await new Promise((r) => setTimeout(r, 250));
      }
      // The files may all fail within 2 s (their extraction processes are started ahead): keep
      // watching /healthz for 4 s at least, so that it is answered some 30 times around them.
      while (Date.now() - started < 4000) await new Promise((r) => setTimeout(r, 100));
      nextPhase('end');
    } finally {
      running = false;
      await monitor;
      loopDelay.disable();
      health = await poller.stop();
    }
    const elapsed = Date.now() - started;
    const longestDelay = Math.max(...phaseDelays.slice(1).map((d) => Number(d.split(' ').pop())));

    console.log(
      [
        `crafted uploads (${Object.entries(sizes)
          .map(([n, s]) => `${n} ${mb(s)} MB`)
          .join(', ')}): all failed in ${elapsed} ms`,
        `/healthz every 100 ms: ${health.polls} answers, longest ${Math.round(health.longest)} ms` +
          (health.slow.length ? ` (over 300 ms: ${health.slow.join(', ')})` : ''),
        `server event loop delay, longest per phase (ms): ${phaseDelays.slice(1).join(', ')}`,
        `server RSS: baseline ${mb(baseline)} MB, peak ${mb(peakRss)} MB (+${mb(peakRss - baseline)} MB); extraction process peak ${mb(peakChildren)} MB`,
      ].join('\n'),
    );

    expect(final['bomb.docx']).toMatchObject({ status: 'failed', failure: 'too-large', page: null });
    expect(final['liar.docx']).toMatchObject({ status: 'failed', failure: 'too-large', page: null });
    expect(final['many.xlsx']).toMatchObject({ status: 'failed', failure: 'too-large', page: null });
    expect(final['deep.docx']).toMatchObject({ status: 'failed', failure: 'too-large', page: null });
    expect(health.failures).toEqual([]);
    expect(health.polls).toBeGreaterThan(20);
    // Not a timing test (the figures above are for reading): a parse inside the server would
    // stall it for tens of seconds on these files; 5 s leaves room for a busy 2-core CI machine.
    expect(health.longest).toBeLessThan(5000);
    expect(longestDelay).toBeLessThan(5000);
    // The server process never holds more than an upload's bytes on their way through: the
    // unpacked 400 MB never reach it. (Its baseline includes Jest and the embedded database.)
    expect(peakRss - baseline).toBeLessThan(200 * MB);

    // Failed for good: each job completed on its first run, none retried, no Book made of them.
    const db = t.app.get<DataSource>(getDataSourceToken());
    const jobs: Array<{ state: string; retry_count: number }> = await db.query(
      `SELECT state, retry_count FROM pgboss.job WHERE name = 'book-generate' AND (data->>'fileId')::int = ANY($1)`,
      [Object.values(ids)],
    );
    expect(jobs).toHaveLength(4);
    for (const job of jobs) expect(job).toMatchObject({ state: 'completed', retry_count: 0 });
    const rows: Array<{ attempts: number }> = await db.query(`SELECT attempts FROM uploaded_files WHERE id = ANY($1)`, [Object.values(ids)]);
    expect(rows.map((r) => r.attempts)).toEqual([1, 1, 1, 1]);
    expect((await db.query(`SELECT count(*)::int AS n FROM pages`))[0].n).toBe(1); // the warm-up's
  }, 300_000);
});
