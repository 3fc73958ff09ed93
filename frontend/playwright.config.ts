import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets several checkouts run their journeys side by side.
const port = process.env.E2E_PORT ?? '3100';
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;

// A fresh data directory per run; the journeys read mail from its outbox. The config is loaded
// again in each worker, so the first load's directory is handed down through the environment.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'monobook-e2e-'));
}
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  // Two files at a time against the one server (every journey makes its own users and content);
  // on two cores that takes about two thirds of the time of one. E2E_WORKERS=1 for one at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // CI shares two cores between the server, PostgreSQL and two browsers: a journey that fails is
  // run once more, and the report names it flaky (a second failure fails the run).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    // Journeys come as returning visitors (a visit a moment ago), so the welcome dialog (shown
    // when the last visit was more than 3 hours ago) does not cover their first screen;
    // e2e/line-login.spec.ts shows it on a server of its own.
    storageState: { cookies: [], origins: [{ origin: baseURL, localStorage: [{ name: 'last-visit', value: String(Date.now()) }] }] },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /phone\.spec\.ts/ },
    // Journeys named *.both.spec.ts run at 1280 px (desktop) and at 360 px (phone).
    { name: 'phone', use: { ...devices['Pixel 5'], viewport: { width: 360, height: 740 } }, testMatch: /(phone|\.both)\.spec\.ts/ },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node ../scripts/e2e-server.mjs',
        url: `http://127.0.0.1:${port}/healthz`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'pipe',
        stderr: 'pipe',
        // All journeys' users come from one IP: the per-IP limit is raised, the per-address one is real.
        env: { DATA_DIR: dataDir, PORT: port, SEED_DEMO: 'false', PUBLIC_URL: `http://127.0.0.1:${port}`, AUTH_RATE_LIMIT_PER_IP: '1000' },
      },
});
