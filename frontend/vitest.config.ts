import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import { appConfig } from './vite.config';

export default mergeConfig(
  appConfig(false),
  defineConfig({
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['./src/testing/setup-tests.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      testTimeout: 20000,
      // Vitest leaves one core free by default: on a 2-core machine that is one worker (98 s against 74 s).
      maxWorkers: availableParallelism(),
    },
  }),
);
