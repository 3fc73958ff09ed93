// One autocannon run in a process of its own (so the loader does not take the event loop of the
// server it measures): `node load-child.mjs '<json>'` with { url, paths, tokens, connections,
// duration }. Connection i sends the token tokens[i % n] and cycles through the paths from its
// own start. Prints one JSON line: { requests, seconds, p50, p99, statuses, errors }.
import autocannon from 'autocannon';

const { url, paths, tokens, connections, duration } = JSON.parse(process.argv[2]);
let next = 0;
const result = await autocannon({
  url,
  connections,
  duration,
  timeout: 10,
  requests: paths.map((path) => ({ method: 'GET', path })),
  setupClient: (client) => {
    const i = next++;
    const headers = { authorization: `Token ${tokens[i % tokens.length]}` };
    client.setRequests(paths.map((_, k) => ({ method: 'GET', path: paths[(k + i * 7) % paths.length], headers })));
  },
});
const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]));
console.log(
  JSON.stringify({
    requests: result.requests.total,
    seconds: duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors + result.timeouts,
  }),
);
