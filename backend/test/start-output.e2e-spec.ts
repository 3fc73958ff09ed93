import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { prettyLine } from '../src/common/logging/pretty-log';
import { loadConfig } from '../src/config/config';
import { seedDemo } from '../src/database/seed';
import { startupSummary } from '../src/startup-summary';
import { startTestApp } from './helpers/test-app';

/**
 * What an operator sees: `npm start` prints one line per build step and the summary, nothing else
 * at the default level (README "Quick start"); the summary says whether payments and each sign-in
 * provider are on; the cluster commands name what the machine lacks instead of dying on a stack.
 */
const root = path.resolve(process.cwd(), '..'); // tests run in backend/

describe('start output', () => {
  it('at the default level (info) the server logs nothing while it starts, seeds and runs its workers', async () => {
    const lines: string[] = [];
    const t = await startTestApp({ LOG_LEVEL: 'info', SEED_DEMO: 'true' }, { logDestination: { write: (line: string) => lines.push(line) } });
    try {
      await seedDemo(t.app);
      // (Before: one ~1,500-character "workers running for …" line per start, and the seeding's line.)
      // As `npm start` shows them (readable lines; Nest's own start-up lines are left out there).
      expect(lines.map((l) => prettyLine(l.trim())).filter((l) => l !== null)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('the summary says whether payments and each sign-in provider are on', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/mb-summary', PORT: '3204', SEED_DEMO: 'false' };
    const off = startupSummary(loadConfig(base), true).split('\n');
    expect(off).toContain('  payments  off (no STRIPE_SECRET_KEY; to try them locally: npm run stripe:stand-in)');
    expect(off).toContain('  sign-in   e-mail and password; Google off, LINE off, Yahoo! JAPAN off (to try them locally: npm run oidc:stand-in)');
    const on = startupSummary(
      loadConfig({
        ...base,
        STRIPE_SECRET_KEY: 'sk_test_local',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
        GOOGLE_CLIENT_ID: 'g',
        LINE_CHANNEL_ID: 'l',
        LINE_CHANNEL_SECRET: 's',
        LINE_ISSUER: 'http://localhost:12122',
      }),
      true,
    ).split('\n');
    expect(on).toContain('  payments  on, Stripe stand-in at http://127.0.0.1:12111');
    expect(on).toContain('  sign-in   e-mail and password; Google on, LINE on (http://localhost:12122), Yahoo! JAPAN off');
    const noWebhooks = startupSummary(loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_x' }), true);
    expect(noWebhooks).toContain('  payments  on, Stripe (no STRIPE_WEBHOOK_SECRET: every webhook is refused)');
  });

  it('npm run cluster:test on a machine without nginx, PostgreSQL or Redis names each, with how to install it, and no stack', () => {
    const run = spawnSync(process.execPath, [path.join(root, 'scripts/cluster/test.mjs')], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
      // Nothing at these addresses, no redis-server on PATH.
      env: {
        ...process.env,
        NGINX: '/nonexistent/nginx',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/postgres',
        REDIS_URL: 'redis://127.0.0.1:1',
        PATH: '/nonexistent',
      },
    });
    expect(run.status).toBe(1);
    const problems = run.stderr.split('\n').filter((l) => l.startsWith('  - '));
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^ {2}- nginx: not found at \/nonexistent\/nginx\. Install it \(Debian\/Ubuntu: apt-get install nginx/);
    expect(problems[1]).toMatch(/^ {2}- PostgreSQL: nothing answers at 127\.0\.0\.1:1 .*apt-get install postgresql/);
    expect(problems[2]).toMatch(/^ {2}- Redis: nothing answers at redis:\/\/127\.0\.0\.1:1, and redis-server .* apt-get install redis-server/);
    expect(run.stderr).not.toMatch(/ENOENT|^\s+at /m);
    expect(run.stdout).toBe(''); // nothing built or started
  });
});
