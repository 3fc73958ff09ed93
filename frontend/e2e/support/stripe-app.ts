import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { startStripeStandIn, type StripeStandIn } from '../../../backend/scripts/stripe-stand-in.mjs';
import { useToken } from './seed';

/** A server of a journey's own with payments on, its Stripe the stand-in (backend/scripts/stripe-stand-in.mjs). */
export interface StripeApp {
  /** The server's origin. */
  url: string;
  standIn: StripeStandIn;
  /** A request context on the server. */
  api: APIRequestContext;
  /** A page of a new browser context on the server (English, a returning visitor), logged in with `token`. */
  pageAs: (browser: Browser, token: string) => Promise<Page>;
}

/**
 * Registers the beforeAll and afterAll of a journey that needs payments (the shared webServer
 * has them off): the stand-in, then the app (scripts/e2e-server.mjs) on `port` with STRIPE_*
 * pointing at it and a data directory of its own (also E2E_DATA_DIR for the seeding helpers'
 * mail while the file runs). `name` names the journey in errors and the directory. Answers an
 * object whose fields are set once beforeAll has run.
 */
export function useStripeApp(name: string, port: number, secret: string): StripeApp {
  const url = `http://127.0.0.1:${port}`;
  const handle = { url } as StripeApp;
  handle.pageAs = async (browser, token) => {
    const context = await browser.newContext({
      baseURL: url,
      locale: 'en-US',
      storageState: { cookies: [], origins: [{ origin: url, localStorage: [{ name: 'last-visit', value: String(Date.now()) }] }] },
    });
    const page = await context.newPage();
    await useToken(page, token, 'en');
    return page;
  };
  let app: ChildProcess | undefined;
  let dataDir: string | undefined;
  const sharedDataDir = process.env.E2E_DATA_DIR;

  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    handle.standIn = await startStripeStandIn({ webhookUrl: `${url}/api/user/stripe-webhook/`, webhookSecret: secret });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `monobook-e2e-${name}-`));
    process.env.E2E_DATA_DIR = dataDir;
    app = spawn(process.execPath, [path.resolve('../scripts/e2e-server.mjs')], {
      cwd: path.resolve('..'),
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_IP: '1000',
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_WEBHOOK_SECRET: secret,
        STRIPE_API_URL: handle.standIn.url,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (app.exitCode !== null) throw new Error(`the ${name} journey's server exited (${app.exitCode})`);
      try {
        if ((await fetch(`${url}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the ${name} journey's server did not answer on ${url}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    handle.api = await playwrightRequest.newContext({ baseURL: url });
  });

  test.afterAll(async () => {
    process.env.E2E_DATA_DIR = sharedDataDir;
    await handle.api?.dispose();
    if (app && app.exitCode === null) {
      const exited = new Promise((resolve) => app!.once('exit', resolve));
      app.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    await handle.standIn?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return handle;
}
