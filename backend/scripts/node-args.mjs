// Node options every server process of Monobook is started with (npm start, the e2e server, the
// bench and its floor server; the Dockerfile passes the same).
//
// --experimental-async-context-frame: AsyncLocalStorage (the request's origin for media URLs,
// the per-request logger) without async_hooks. With async_hooks every promise of every request
// pays a hook, which measured 13-15 % of the CPU of a small read (myprofile: 399 -> 351 us per
// request on PostgreSQL). Node 24 does this by default; Node 22.7+ has it behind this flag.
//
// --no-liftoff: WebAssembly (the embedded PGlite, 9 MB of it) is compiled once by the optimising
// compiler instead of first by the baseline one and then again, function by function, as it gets
// hot. Both copies of the code stay in memory: idle RSS of `npm start` with the demo content
// measured 313-327 MB with the default, 265 MB with this flag; PGlite's req/s 5-10 % higher
// (bench, PGlite, same session); startup about 2 s longer (the whole module is compiled before
// the first statement). Nothing else in the server is WebAssembly of any size. Node refuses this
// flag in NODE_OPTIONS, so it goes on the command line.
export function serverNodeArgs(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  const hasFlag = major === 22 && minor >= 7;
  return [...(hasFlag ? ['--experimental-async-context-frame'] : []), '--no-liftoff'];
}

// Environment every server process gets unless it is set already.
//
// MALLOC_MMAP_THRESHOLD_=131072 (glibc; ignored elsewhere): blocks of 128 KiB and more are their
// own mappings, given back to the system when freed. By default glibc raises this threshold
// each time such a block is freed (up to 32 MiB), after which the compilers' big scratch areas
// (V8 compiling PGlite's WebAssembly on background threads) come from a malloc arena that keeps
// its pages: 45-63 MB of idle RSS that held nothing. Measured with `npm start`, demo content,
// --no-liftoff: 290-310 MB without it, 255 MB with it.
export function serverEnv(env = process.env) {
  return { MALLOC_MMAP_THRESHOLD_: '131072', ...env };
}
