#!/usr/bin/env node
// HTTP benchmark of the built server: `npm run bench` (root) or `npm run bench -w backend`.
//
// Starts `node dist/main.js` on a free loopback port with a fresh DATA_DIR and a fresh database
// (embedded PGlite, or a new `bench_<random>` database on the server of DATABASE_URL when it is
// set), loads --users users with profiles straight into the database, then measures each
// scenario of scripts/bench/scenarios.mjs with autocannon and writes the numbers to
// backend/bench-results/<timestamp>-<pglite|postgres>.json. It builds nothing: run
// `npm run build` first. Everything it creates is removed at the end (unless --keep).
import { hash } from '@node-rs/argon2';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pgliteTarget, postgresTarget } from './bench/database.mjs';
import { loadData, random } from './bench/data.mjs';
import { loadBooks } from './bench/books-data.mjs';
import { compareSamples, meetsGoal, printTable, roundRatios, writeResults } from './bench/report.mjs';
import { loadSocial } from './bench/social-data.mjs';
import { loadCircles } from './bench/circles-data.mjs';
import { reuseData } from './bench/reuse-data.mjs';
import { shapeHomeUsers } from './bench/home-users.mjs';
import { combineRounds, runScenario, sampleAnswers } from './bench/run.mjs';
import { scenarios } from './bench/scenarios.mjs';
import { freePort, startServer } from './bench/server.mjs';
import { serverNodeArgs } from './node-args.mjs';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `Usage: npm run bench [-- options]

Measures the built server (backend/dist) with autocannon on a fresh database: embedded PGlite,
or, when DATABASE_URL is set, a new database bench_<random> on that PostgreSQL server (dropped
afterwards; the role needs CREATEDB).

Options:
  --users N         users to generate (95 % with a profile)          default 10000
  --books N         Books to generate (with tags, files, followers)   default 10000
  --views N         page-view rows over the last 30 days             default 100000
  --posts N         posts (a third reviews), with a follow graph and likes  default 1000000
  --connections N   concurrent connections per scenario              default 50
  --duration S      seconds measured per scenario, server and round  default 5
  --rounds N        rounds per scenario, alternating floor and app;
                    the ratios are the medians of the rounds' ratios default 3
  --warmup S        seconds of unrecorded load before each scenario  default 3
  --only a,b        run only these scenarios (${scenarios.map((s) => s.name).join(', ')})
  --seed N          seed of the generated data                       default 1
  --out DIR         where the JSON goes                              default backend/bench-results
  --dist DIR        the built server to measure (its main.js)       default backend/dist
                    (e.g. a copy of an older build, to compare before and after)
  --no-floors       measure the app only, not each scenario's floor beside it
  --keep            keep the temporary DATA_DIR and bench database
  --database NAME   PostgreSQL only: load the data into database NAME on DATABASE_URL's server
                    and keep it; when NAME holds an earlier run's data, measure that data as it is
                    (the scale flags are then ignored, the bench users get new tokens). Load a
                    large data set once: \`npm run bench -- --database bench_1m --users 100000
                    --posts 1000000 --only healthz\`, then \`npm run bench -- --database bench_1m\`
  --verbose         echo the server's log
  --cpu-prof DIR    write V8 CPU profiles of the app and floor servers into DIR (one file
                    per server start; open them in Chrome DevTools or speedscope)
  --dry-run         print the options and scenarios as JSON and stop (checks that flags reach
                    the bench: \`npm run bench -- --users 5 --dry-run\`; needs no build)
  --help

Run it from the repository root (\`npm run bench -- --users 100000\`) or the backend
(\`npm run bench -w backend -- --users 100000\`); everything after \`--\` reaches this script.`;

function parseOptions() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        users: { type: 'string', default: '10000' },
        books: { type: 'string', default: '10000' },
        views: { type: 'string', default: '100000' },
        posts: { type: 'string', default: '1000000' },
        connections: { type: 'string', default: '50' },
        duration: { type: 'string', default: '5' },
        rounds: { type: 'string', default: '3' },
        warmup: { type: 'string', default: '3' },
        only: { type: 'string' },
        seed: { type: 'string', default: '1' },
        out: { type: 'string', default: path.join(backendDir, 'bench-results') },
        keep: { type: 'boolean', default: false },
        database: { type: 'string' },
        'no-floors': { type: 'boolean', default: false },
        dist: { type: 'string', default: path.join(backendDir, 'dist') },
        verbose: { type: 'boolean', default: false },
        'cpu-prof': { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (err) {
    console.error(`${err.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (parsed.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const int = (name, min, max) => {
    const value = Number(parsed[name]);
    if (!Number.isInteger(value) || value < min || value > max) {
      console.error(`--${name} must be an integer from ${min} to ${max}, got "${parsed[name]}"`);
      process.exit(2);
    }
    return value;
  };
  const only = parsed.only
    ? parsed.only
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : null;
  const unknown = (only ?? []).filter((name) => !scenarios.some((s) => s.name === name));
  if (unknown.length) {
    console.error(`unknown scenario ${unknown.join(', ')}; there are: ${scenarios.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  if (parsed.database !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(parsed.database)) {
    console.error(`--database must be a lower-case SQL name (letters, digits, _), got "${parsed.database}"`);
    process.exit(2);
  }
  if (parsed.database !== undefined && !process.env.DATABASE_URL) {
    console.error('--database needs DATABASE_URL (a PostgreSQL server to keep the database on)');
    process.exit(2);
  }
  return {
    database: parsed.database ?? null,
    users: int('users', 10, 1_000_000),
    books: int('books', 1, 1_000_000),
    views: int('views', 0, 10_000_000),
    posts: int('posts', 0, 10_000_000),
    connections: int('connections', 1, 1000),
    duration: int('duration', 1, 300),
    rounds: int('rounds', 1, 20),
    warmup: int('warmup', 0, 60),
    seed: int('seed', 0, 2 ** 31),
    only,
    out: path.resolve(parsed.out),
    keep: parsed.keep,
    floors: !parsed['no-floors'],
    dist: path.resolve(parsed.dist),
    verbose: parsed.verbose,
    cpuProf: parsed['cpu-prof'] ? path.resolve(parsed['cpu-prof']) : null,
    dryRun: parsed['dry-run'],
  };
}

function gitCommit() {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: backendDir, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain'], { cwd: backendDir, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() !== '';
    return dirty ? `${sha}+dirty` : sha;
  } catch {
    return null;
  }
}

const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

async function main() {
  const options = parseOptions();
  if (options.dryRun) {
    const selected = options.only ? scenarios.filter((s) => options.only.includes(s.name)) : scenarios;
    const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
    console.log(JSON.stringify({ dryRun: true, database, options, scenarios: selected.map((s) => s.name) }));
    return;
  }
  if (!fs.existsSync(path.join(options.dist, 'main.js'))) {
    console.error(
      `${path.join(options.dist, 'main.js')} not found. The bench measures the built server and builds nothing itself: run \`npm run build\` first.`,
    );
    process.exit(1);
  }
  const require = createRequire(import.meta.url);
  // The exact search_text the server itself would store for a profile.
  const { searchDocument } = require(path.join(backendDir, 'dist', 'common', 'search', 'search-text.js'));

  const selected = options.only ? scenarios.filter((s) => options.only.includes(s.name)) : scenarios;
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'monobook-bench-'));
  let target;
  try {
    target = process.env.DATABASE_URL ? await postgresTarget(process.env.DATABASE_URL, options.database) : await pgliteTarget(dataDir);
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    console.error(`could not create the bench database on DATABASE_URL (the role needs CREATEDB): ${err.message}`);
    process.exit(1);
  }
  const port = await freePort();
  const profiling = options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProf}`] : [];
  const serverOptions = {
    backendDir,
    args: [...profiling, ...serverNodeArgs(), path.join(options.dist, 'main.js')],
    verbose: options.verbose,
    unset: target.unsetEnv,
    env: { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...target.serverEnv },
  };
  let server = null;
  const floorServers = {}; // the floor servers running, by kind
  const floorPort = await freePort();
  const floorOptions = {
    backendDir,
    verbose: options.verbose,
    label: 'floor',
    args: [...profiling, ...serverNodeArgs(), path.join(backendDir, 'scripts', 'bench', 'floor-server.mjs')],
    ready: { path: '/healthz', headers: { 'x-bench-floor': 'express' } },
    unset: target.kind === 'pglite' ? ['DATABASE_URL'] : ['PGLITE_DIR'],
    env: {
      PORT: String(floorPort),
      BACKEND_DIR: backendDir,
      ...(target.kind === 'pglite' ? { PGLITE_DIR: path.join(dataDir, 'db') } : { DATABASE_URL: target.serverEnv.DATABASE_URL }),
    },
  };

  let cleanedUp = false;
  let interrupted = false;
  const cleanup = async () => {
    if (cleanedUp) return;
    cleanedUp = true;
    if (server) await server.stop().catch(() => undefined);
    for (const running of Object.values(floorServers)) await running.stop().catch(() => undefined);
    if (options.keep) {
      console.log(`kept: DATA_DIR ${dataDir}${target.kind === 'postgres' ? `, ${target.label}` : ''}`);
      return;
    }
    await target.drop().catch((err) => console.error(`could not drop the bench database: ${err.message}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const onSignal = (signal) => {
    interrupted = true;
    console.error(`\n${signal}: stopping the server and cleaning up`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    console.log(`Database: ${target.label}`);
    let t = Date.now();
    server = await startServer(serverOptions);
    console.log(`Server up on ${server.base} (migrations run) in ${seconds(t)} s`);
    if (!target.loadWhileServing) {
      // PGlite: the directory is the server's while it runs.
      const exit = await server.stop();
      server = null;
      if (exit.code !== 0 && exit.signal !== 'SIGTERM') throw new Error(`the server did not stop cleanly (${exit.signal ?? `code ${exit.code}`})`);
    }

    t = Date.now();
    const sql = await target.open();
    let loaded;
    let databaseVersion;
    try {
      if (target.reused) loaded = await reuseData(sql);
      else loaded = await loadAll(sql);
      // The kinds of home-feed readers (popular accounts followed, 500 people, 50 Books, none).
      if (loaded.posts) loaded.homeTokens = await shapeHomeUsers(sql, loaded.tokenOwners, loaded.tokens);
      databaseVersion = (await sql.query('SHOW server_version')).rows[0].server_version;
    } finally {
      await sql.close();
    }
    async function loadAll(sql) {
      const passwordHash = await hash('bench-password-not-used');
      let lastShown = 0;
      const loaded = await loadData(sql, {
        users: options.users,
        seed: options.seed,
        passwordHash,
        searchDocument,
        onProgress: (n) => {
          if (process.stdout.isTTY && (n - lastShown >= 10_000 || n === options.users)) {
            lastShown = n;
            process.stdout.write(`\r  loaded ${n}/${options.users} users`);
          }
        },
      });
      const bookData = await loadBooks(sql, {
        books: Number(options.books),
        views: Number(options.views),
        seed: options.seed,
        userIds: loaded.userIdsWithProfile,
        searchDocument,
      });
      Object.assign(loaded, { books: bookData.books, views: bookData.views, pageIds: bookData.pageIds, tagIds: bookData.tagIds });
      if (options.posts > 0) {
        const social = await loadSocial(sql, { posts: options.posts });
        const posters = (await sql.query('SELECT user_id FROM post_counts ORDER BY user_id DESC LIMIT 45')).rows.map((r) => r.user_id);
        Object.assign(loaded, {
          posts: social.posts,
          follows: social.follows,
          maxFollowers: social.max_followers,
          likes: social.likes,
          famousUserIds: social.famousUserIds,
          posters,
        });
        // A circle of 10,000 members and 100,000 posts (fewer on a small run).
        Object.assign(loaded, await loadCircles(sql, { members: Math.min(10000, options.users), posts: Math.min(100000, options.posts) }));
      }
      return loaded;
    }
    if (process.stdout.isTTY) process.stdout.write('\r');
    console.log(
      `Loaded ${loaded.users} users (${loaded.profiles} profiles, ${loaded.inactive} inactive, ${loaded.tokens.length} tokens), ${loaded.books} Books, ${loaded.views} views` +
        `${loaded.posts ? `, ${loaded.posts} posts, ${loaded.follows} follows (up to ${loaded.maxFollowers} followers), ${loaded.likes} likes, a circle of ${loaded.circleMembers} members and ${loaded.circlePosts} posts` : ''} in ${seconds(t)} s`,
    );

    const r = random(options.seed + 1);
    const data = { ...loaded, pick: r.pick };
    const header = () =>
      console.log(
        `Scale: ${loaded.users} users / ${loaded.profiles} profiles on ${target.kind} ${databaseVersion}; ` +
          `${options.connections} connections, ${options.rounds} round(s) of ${options.duration} s per scenario and server (+${options.warmup} s warm-up); ` +
          `${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}\n`,
      );
    header();

    // Each scenario with a floor is measured in rounds, alternating floor and app, and the ratio
    // is the median of the rounds' ratios: a floor and an app run next to each other in time see
    // the same machine, where one long run of each would compare a quiet minute with a busy one.
    // PostgreSQL: both servers run; each scenario goes floor, app, floor, app, ... PGlite: one
    // process at a time may open the database directory, so each round runs every floor on the
    // floor server's own PGlite, then every scenario on the app (both restarted each round, and
    // warmed up each round; on PostgreSQL only the first round of a scenario warms up).
    // Each scenario with floors is measured in rounds: in each round its floors, then the app,
    // one after the other, and each ratio is the median of the rounds' ratios: servers run next to
    // each other in time see the same machine, where one long run of each would compare a quiet
    // minute with a busy one. A scenario's floors (scenarios.mjs): `floor` on floor-server.mjs
    // (Express for /healthz, the app's services on node:http + pg); a feed (`feedFloor`) has two on
    // feeds-floor-server.mjs: the SQL floor (the app's own statements and packers on node:http +
    // pg) and the expert floor (one hand-written statement per request, expert-floor.mjs).
    // PostgreSQL: all servers run at once; each scenario goes floors, app, floors, app, ...
    // PGlite: one process at a time may open the database directory, so each round runs every
    // floor on each floor server in turn, then every scenario on the app (each server restarted
    // and warmed up each round; on PostgreSQL only the first round of a scenario warms up).
    const floorsOf = (scenario) =>
      !options.floors
        ? []
        : scenario.feedFloor
          ? [
              { key: 'floor', server: 'feeds', header: 'sql', label: "SQL floor: the app's statements on node:http + pg" },
              // Not for a scenario that is no list (`expert: false`: the circle header).
              ...(scenario.expert === false ? [] : [{ key: 'expert', server: 'feeds', header: 'expert', label: 'expert floor: one hand-written statement' }]),
            ]
          : scenario.floor
            ? [{ key: 'floor', server: 'basic', header: scenario.floor, label: `floor: ${scenario.floor}` }]
            : [];
    const floorServerOptions = {
      basic: floorOptions,
      feeds: {
        ...floorOptions,
        label: 'feeds floor',
        args: [...profiling, ...serverNodeArgs(), path.join(backendDir, 'scripts', 'bench', 'feeds-floor-server.mjs')],
        ready: { path: '/readyz', headers: {} },
        unset: target.unsetEnv,
        env: { ...serverOptions.env, PORT: String(await freePort()) },
      },
    };
    const rounds = { app: new Map(), floor: new Map(), expert: new Map() };
    const record = (map, scenario, result) => map.set(scenario.name, [...(map.get(scenario.name) ?? []), result]);
    const roundLabel = (round) => (options.rounds > 1 ? ` [round ${round + 1}/${options.rounds}]` : '');
    // The expert floor must answer what the app answers: a few pages of each feed, parsed, compared.
    const samples = { app: new Map(), expert: new Map() };
    const appOrigin = `http://127.0.0.1:${port}`;
    const sample = async (which, scenario, base, extra) => {
      if (samples[which].has(scenario.name)) return;
      const answers = await sampleAnswers(base, scenario, data, { ...extra, 'x-bench-origin': appOrigin });
      samples[which].set(scenario.name, answers);
    };
    const measure = async (which, scenario, round, warm, floor = null) => {
      process.stdout.write(`  ${scenario.name}${floor ? ` (${floor.label})` : `: ${scenario.description}`}${roundLabel(round)}\n`);
      const runOptions = warm ? options : { ...options, warmup: 0 };
      const on = floor ? floorServers[floor.server] : server;
      const extra = floor ? { 'x-bench-floor': floor.header } : {};
      if (scenario.feedFloor && (!floor || floor.key === 'expert')) await sample(floor ? 'expert' : 'app', scenario, on.base, extra);
      const result = await runScenario(on, scenario, data, runOptions, extra);
      record(rounds[which], scenario, result);
    };
    const runnable = selected.filter((s) => !s.feedFloor || loaded.posts);
    const withFloor = runnable.filter((s) => floorsOf(s).length);
    const serversNeeded = [...new Set(withFloor.flatMap((s) => floorsOf(s).map((f) => f.server)))];
    let idleRss = null;
    if (target.loadWhileServing) {
      idleRss = server.rss();
      for (const kind of serversNeeded) floorServers[kind] = await startServer(floorServerOptions[kind]);
      for (const scenario of withFloor) {
        for (let round = 0; round < options.rounds; round++) {
          for (const floor of floorsOf(scenario)) await measure(floor.key, scenario, round, round === 0, floor);
          await measure('app', scenario, round, round === 0);
        }
      }
    } else {
      for (let round = 0; round < options.rounds; round++) {
        for (const kind of serversNeeded) {
          if (server) {
            await server.stop();
            server = null;
          }
          floorServers[kind] = await startServer(floorServerOptions[kind]);
          for (const scenario of withFloor) {
            for (const floor of floorsOf(scenario).filter((f) => f.server === kind)) await measure(floor.key, scenario, round, true, floor);
          }
          await floorServers[kind].stop();
          delete floorServers[kind];
        }
        if (!server) {
          t = Date.now();
          server = await startServer(serverOptions);
          console.log(`Server (re)started in ${seconds(t)} s`);
          await new Promise((resolve) => setTimeout(resolve, 2_000));
          idleRss ??= server.rss();
        }
        for (const scenario of withFloor) await measure('app', scenario, round, true);
        if (!withFloor.length) break;
      }
    }
    // Scenarios without a floor run once.
    for (const scenario of runnable.filter((s) => !withFloor.includes(s))) await measure('app', scenario, 0, true);
    for (const kind of Object.keys(floorServers)) {
      await floorServers[kind].stop();
      delete floorServers[kind];
    }
    const results = runnable.map((scenario) => {
      const result = combineRounds(rounds.app.get(scenario.name));
      const floorList = rounds.floor.get(scenario.name);
      if (floorList) {
        const floor = combineRounds(floorList);
        Object.assign(result, { floorKind: scenario.feedFloor ? 'sql' : scenario.floor, floor, ratio: roundRatios(rounds.app.get(scenario.name), floorList) });
        result.meetsGoal = meetsGoal(result);
      }
      const expertList = rounds.expert.get(scenario.name);
      if (expertList) {
        const mismatch = compareSamples(samples.app.get(scenario.name), samples.expert.get(scenario.name));
        const expert = mismatch ? { failed: [`its answers differ from the app's: ${mismatch}`] } : combineRounds(expertList);
        Object.assign(result, { expert, expertRatio: mismatch ? null : roundRatios(rounds.app.get(scenario.name), expertList) });
        result.meetsExpertGoal = meetsGoal({ ratio: result.expertRatio, floorKind: 'expert' });
      }
      return result;
    });
    const rssAfter = server.rss();
    console.log('');
    printTable(results);
    const mb = (bytes) => (bytes === null ? '-' : `${Math.round(bytes / 2 ** 20)} MB`);
    console.log(`\nServer memory (RSS): ${mb(idleRss)} before the run, ${mb(rssAfter)} after it`);

    const report = {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      database: { kind: target.kind, version: databaseVersion },
      scale: {
        posts: loaded.posts ?? 0,
        follows: loaded.follows ?? 0,
        likes: loaded.likes ?? 0,
        books: loaded.books,
        views: loaded.views,
        users: loaded.users,
        profiles: loaded.profiles,
        inactiveUsers: loaded.inactive,
        tokens: loaded.tokens.length,
        seed: options.seed,
      },
      memory: { idleRssBytes: idleRss, rssAfterRunBytes: rssAfter },
      load: { connections: options.connections, durationSeconds: options.duration, rounds: options.rounds, warmupSeconds: options.warmup },
      environment: {
        commit: gitCommit(),
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? null,
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        loadAverage1m: { start: loadAtStart[0], end: os.loadavg()[0] },
        databasePoolSize: target.kind === 'pglite' ? 1 : Number(process.env.DATABASE_POOL_SIZE || 10),
        runWorker: process.env.RUN_WORKER ?? 'true (default)',
        dist: options.dist,
        note: 'autocannon runs on the same machine as the server (loopback): both share the CPUs',
      },
      results,
    };
    const file = writeResults(options.out, target.kind, report);
    const shown = path.relative(process.cwd(), file);
    console.log(`\nResults: ${shown.startsWith('..') ? file : shown}`);
    process.exitCode = results.some((x) => x.failed) ? 1 : 0;
  } catch (err) {
    if (interrupted) return;
    console.error(`\nbench failed: ${err.message}`);
    if (server?.output?.length && !options.verbose) console.error(`last server output:\n${server.output.slice(-20).join('\n')}`);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

await main();
