import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Jest in ESM mode (NestJS 12 packages are ESM-only), TypeScript through SWC. */
export default {
  rootDir: '.',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'es6' },
      },
    ],
  },
  // Jest cannot require() an ES module before Node 24.9 (Node itself can): @fastify/static
  // requires content-disposition 3, ESM-only, for `create`, which 2.x (CommonJS, a dev
  // dependency for this) has with the same signature.
  // The same for light-my-request's `cookie` (test/helpers/cookie-cjs.cjs).
  moduleNameMapper: { '^content-disposition$': require.resolve('content-disposition'), '^cookie$': '<rootDir>/test/helpers/cookie-cjs.cjs' },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  testTimeout: 120_000, // a margin for a busy machine: Books are made by a background process
  // On PostgreSQL (DATABASE_URL) two test files at a time: each has its own database, the server
  // does the work on its own cores, and two workers take about half the time of one on two cores.
  // The embedded PGlite runs in the test's own process (WebAssembly, CPU-bound): one at a time.
  // JEST_WORKERS overrides both.
  maxWorkers: Number(process.env.JEST_WORKERS ?? (process.env.DATABASE_URL ? 2 : 1)),
};
