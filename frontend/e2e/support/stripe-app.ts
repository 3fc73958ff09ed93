import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { startStripeStandIn, type StripeStandIn } from '../../../backend/scripts/stripe-stand-in.mjs';
import { bookOfUpload, uniqueCsv, useToken, type SeededUser } from './seed';

/** A server of a journey's own with payments on, its Stripe the stand-in (backend/scripts/stripe-stand-in.mjs). */
export interface StripeApp {
  /** The server's origin. */
  url: string;
  standIn: StripeStandIn;
  /** A request context on the server. */
  api: APIRequestContext;
  /**
   * A page of a new browser context on the server (a returning visitor, English unless told),
   * logged in with `token`; 360 px wide in the phone project.
   */
  pageAs: (browser: Browser, token: string, language?: 'ja' | 'en') => Promise<Page>;
}

/**
 * Registers the beforeAll and afterAll of a journey that needs payments (the shared webServer
 * has them off): the stand-in, then the app (scripts/e2e-server.mjs) on `port` with STRIPE_*
 * pointing at it and a data directory of its own (also E2E_DATA_DIR for the seeding helpers'
 * mail while the file runs). `name` names the journey in errors and the directory. The port may
 * be a function, called in beforeAll (where test.info() names the project: a *.both journey's
 * desktop and phone runs may run at the same time). Answers an object whose fields are set once
 * beforeAll has run.
 */
export function useStripeApp(name: string, portOrPerProject: number | (() => number), secret: string): StripeApp {
  const handle = {} as StripeApp;
  handle.pageAs = async (browser, token, language = 'en') => {
    const phone = test.info().project.name === 'phone';
    const context = await browser.newContext({
      baseURL: handle.url,
      locale: language === 'ja' ? 'ja-JP' : 'en-US',
      ...(phone ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } : {}),
      storageState: { cookies: [], origins: [{ origin: handle.url, localStorage: [{ name: 'last-visit', value: String(Date.now()) }] }] },
    });
    const page = await context.newPage();
    await useToken(page, token, language);
    return page;
  };
  let app: ChildProcess | undefined;
  let dataDir: string | undefined;
  const sharedDataDir = process.env.E2E_DATA_DIR;

  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const port = typeof portOrPerProject === 'number' ? portOrPerProject : portOrPerProject();
    const url = `http://127.0.0.1:${port}`;
    handle.url = url;
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

/** A ¥`price` Book from the owner's own data on the journey's server, once it is made; answers its id. */
export async function paidBook(api: APIRequestContext, owner: SeededUser, title: string, price = 800): Promise<number> {
  const file = await uniqueCsv('paid-rainfall');
  const upload = await api.post('/api/user/upload/', {
    headers: { Authorization: `Token ${owner.token}`, 'Accept-Language': 'en' },
    multipart: {
      title,
      description: '',
      user_id: String(owner.userId),
      price: String(price),
      mydata: 'true',
      file: { name: path.basename(file), mimeType: 'text/csv', buffer: fs.readFileSync(file) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { id } = (await upload.json()) as { id: number };
  return bookOfUpload(api, owner, id);
}
