// Runs one scenario with autocannon against the server under test.
import autocannon from 'autocannon';

/** The tokens a logged-in scenario's connections use: its own kind of users (`tokens`), or every bench user. */
const tokensOf = (scenario, data) => scenario.tokens?.(data) ?? data.tokens;

/** Extra headers of every request of this run (the floor server's `x-bench-floor`). */
function withHeaders(list, headers, extra = {}) {
  if (Object.keys(extra).length) headers = { ...headers, ...extra };
  return list.map((req) => ({ method: 'GET', ...req, headers: { ...headers, ...(req.headers ?? {}) } }));
}

/** Each distinct request once, through fetch, judged by scenario.check. Returns problems found. */
async function checkScenario(base, scenario, list, data, extra) {
  const problems = [];
  const seen = new Set();
  const headers = scenario.auth ? { authorization: `Token ${tokensOf(scenario, data)[0]}` } : {};
  for (const req of withHeaders(list, headers, extra)) {
    const key = `${req.method} ${req.path}`;
    if (seen.has(key) || seen.size >= 20) continue;
    seen.add(key);
    const res = await fetch(`${base}${req.path}`, { method: req.method, headers: req.headers, body: req.body });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const verdict = scenario.check ? scenario.check(res.status, json) : res.ok || `status ${res.status}`;
    if (verdict !== true) problems.push(`${key}: ${verdict} ${text.slice(0, 160)}`);
  }
  return problems;
}

/**
 * The parsed answers to the first 3 distinct requests of a scenario, pages 0 to 2 of each (the
 * `count` parameter), as the first bench user (when the scenario is logged in): what the expert
 * floor is checked against. Returns a Map of 'path' → { status, json }.
 */
export async function sampleAnswers(base, scenario, data, extra = {}) {
  const headers = { ...(scenario.auth ? { authorization: `Token ${tokensOf(scenario, data)[0]}` } : {}), ...extra };
  const paths = [...new Set(scenario.requests(data).map((r) => r.path.replace(/([?&])count=\d+&?/, '$1').replace(/[?&]$/, '')))].slice(0, 3);
  const answers = new Map();
  for (const p of paths) {
    for (const count of [0, 1, 2]) {
      const url = `${p}${p.includes('?') ? '&' : '?'}count=${count}`;
      const res = await fetch(`${base}${url}`, { headers });
      const text = await res.text();
      let json;
      try {
        json = JSON.parse(text);
      } catch {
        json = text.slice(0, 200);
      }
      answers.set(url, { status: res.status, json });
    }
  }
  return answers;
}

function cannon(base, list, scenario, data, { connections, duration }, extra) {
  let next = 0;
  return autocannon({
    url: base,
    connections,
    duration,
    timeout: 10,
    requests: list,
    setupClient: (client) => {
      const i = next++;
      const headers = scenario.auth ? { authorization: `Token ${tokensOf(scenario, data)[i % tokensOf(scenario, data).length]}` } : {};
      const rotated = list.map((_, k) => list[(k + i) % list.length]);
      client.setRequests(withHeaders(rotated, headers, extra));
    },
  });
}

/**
 * `server` is what startServer returned ({ base, cpuMs }). Checks the scenario, warms the server up for `warmup` seconds (not recorded), then measures
 * for `duration` seconds with `connections` connections. `extra`: headers added to every request.
 */
export async function runScenario(server, scenario, data, options, extra = {}) {
  const { base } = server;
  const connections = scenario.connections ?? options.connections;
  const duration = scenario.duration ?? options.duration;
  const list = scenario.requests(data);
  if (!list.length) throw new Error(`scenario ${scenario.name} has no requests`);
  const problems = await checkScenario(base, scenario, list, data, extra);
  if (problems.length) return { name: scenario.name, description: scenario.description, failed: problems };
  if (options.warmup > 0) await cannon(base, list, scenario, data, { connections, duration: options.warmup }, extra);
  const cpuBefore = server.cpuMs?.() ?? null;
  const r = await cannon(base, list, scenario, data, { connections, duration }, extra);
  const cpuAfter = server.cpuMs?.() ?? null;
  return {
    name: scenario.name,
    description: scenario.description,
    connections,
    durationSeconds: duration,
    distinctRequests: list.length,
    requests: { total: r.requests.total, perSecondMean: r.requests.average, perSecondStddev: r.requests.stddev },
    latencyMs: { mean: r.latency.average, p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    throughputBytesPerSecond: r.throughput.average,
    // CPU of the server process per answered request: less noisy than req/s on a shared machine.
    // With PostgreSQL the database's own CPU is in another process and not counted here.
    cpuMs: cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null,
    cpuMsPerRequest: cpuBefore !== null && cpuAfter !== null && r.requests.total ? (cpuAfter - cpuBefore) / r.requests.total : null,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, { count }]) => [code, count])),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const sum = (values) => values.reduce((a, b) => a + b, 0);

/**
 * One result from the rounds of a scenario on one server: requests, errors and CPU added up,
 * req/s over the whole measured time, latency percentiles the median of the rounds' (autocannon
 * gives percentiles, not histograms), max the largest. `rounds` keeps each round's figures.
 */
export function combineRounds(list) {
  const failed = list.find((r) => r.failed);
  if (failed || list.length === 1) return failed ?? list[0];
  const total = sum(list.map((r) => r.requests.total));
  const seconds = sum(list.map((r) => r.durationSeconds));
  const cpuMs = list.every((r) => r.cpuMs !== null) ? sum(list.map((r) => r.cpuMs)) : null;
  const statusCodes = {};
  for (const r of list) for (const [code, count] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  const [first] = list;
  return {
    name: first.name,
    description: first.description,
    connections: first.connections,
    durationSeconds: seconds,
    distinctRequests: first.distinctRequests,
    requests: { total, perSecondMean: total / seconds, perSecondStddev: median(list.map((r) => r.requests.perSecondStddev)) },
    latencyMs: {
      mean: sum(list.map((r) => r.latencyMs.mean * r.requests.total)) / Math.max(total, 1),
      p50: median(list.map((r) => r.latencyMs.p50)),
      p90: median(list.map((r) => r.latencyMs.p90)),
      p99: median(list.map((r) => r.latencyMs.p99)),
      max: Math.max(...list.map((r) => r.latencyMs.max)),
    },
    throughputBytesPerSecond: median(list.map((r) => r.throughputBytesPerSecond)),
    cpuMs,
    cpuMsPerRequest: cpuMs !== null && total ? cpuMs / total : null,
    non2xx: sum(list.map((r) => r.non2xx)),
    errors: sum(list.map((r) => r.errors)),
    timeouts: sum(list.map((r) => r.timeouts)),
    statusCodes,
    rounds: list.map((r) => ({
      reqPerSec: r.requests.perSecondMean,
      p99Ms: r.latencyMs.p99,
      cpuUsPerRequest: r.cpuMsPerRequest === null ? null : r.cpuMsPerRequest * 1000,
    })),
  };
}

export { median };
