// Node options every server process of Monobook is started with (npm start, the e2e server, the
// bench, the Docker image sets the same through NODE_OPTIONS).
//
// --experimental-async-context-frame: AsyncLocalStorage (the request's origin for media URLs,
// the per-request logger) without async_hooks. With async_hooks every promise of every request
// pays a hook, which measured 13-15 % of the CPU of a small read (myprofile: 399 -> 351 us per
// request on PostgreSQL). Node 24 does this by default; Node 22.7+ has it behind this flag.
export function serverNodeArgs(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  const hasFlag = major === 22 && minor >= 7;
  return hasFlag ? ['--experimental-async-context-frame'] : [];
}
