import * as path from 'node:path';
import type { AppConfig } from './config/config';
import { DEMO_PASSWORD, DEMO_USERS } from './database/seed';

/** Whether payments are on, and where they go (a stand-in shows its URL). */
function paymentsLine(config: AppConfig): string {
  const { secretKey, webhookSecret, apiUrl } = config.payments;
  if (!secretKey) return 'off (no STRIPE_SECRET_KEY; to try them locally: npm run stripe:stand-in)';
  const where = apiUrl ? `Stripe stand-in at ${apiUrl}` : 'Stripe';
  return `on, ${where}${webhookSecret ? '' : ' (no STRIPE_WEBHOOK_SECRET: every webhook is refused)'}`;
}

/** Each sign-in provider on or off (with its issuer when it is not the real one). */
function signInLine(config: AppConfig): string {
  const defaults = { google: 'https://accounts.google.com', line: 'https://access.line.me', yahoo: 'https://auth.login.yahoo.co.jp/yconnect/v2' };
  const names = { google: 'Google', line: 'LINE', yahoo: 'Yahoo! JAPAN' } as const;
  const parts = (['google', 'line', 'yahoo'] as const).map((key) => {
    const provider = config.signIn[key];
    if (!provider) return `${names[key]} off`;
    return provider.issuer.replace(/\/+$/, '') === defaults[key] ? `${names[key]} on` : `${names[key]} on (${provider.issuer})`;
  });
  const hint = Object.values(config.signIn).some(Boolean) ? '' : ' (to try them locally: npm run oidc:stand-in)';
  return `e-mail and password; ${parts.join(', ')}${hint}`;
}

/** What a person at a terminal needs after `npm start`: where to go, where the data and the mail are. */
export function startupSummary(config: AppConfig, embedded: boolean): string {
  const local = (dir: string) => {
    const relative = path.relative(process.cwd(), dir);
    return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? `./${relative}` : dir;
  };
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const db = embedded
    ? `embedded PGlite in ${local(path.join(config.dataDir, 'db'))}`
    : (() => {
        const url = new URL(config.databaseUrl!);
        return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
      })();
  const mail = config.mail.smtpUrl ? `SMTP ${new URL(config.mail.smtpUrl).host}` : `.eml files in ${local(config.mail.outboxDir)}`;
  const files = config.storage.driver === 's3' ? `S3 bucket ${config.storage.s3.bucket}` : local(config.storage.localDir);
  return [
    '',
    `Monobook is running at http://${host}:${config.port}`,
    `  database  ${db}`,
    `  mail      ${mail}`,
    `  files     ${files}`,
    `  payments  ${paymentsLine(config)}`,
    `  sign-in   ${signInLine(config)}`,
    `  API docs  http://${host}:${config.port}/api/docs`,
    `  logs      level ${config.logLevel} (LOG_LEVEL=warn hides the request lines, LOG_FORMAT=json for JSON)`,
    // The demo users exist only in a database they were seeded into; SEED_DEMO=false has none.
    ...(config.seedDemo ? [`  demo      ${DEMO_USERS.map((u) => u.email).join(', ')} (password ${DEMO_PASSWORD})`] : []),
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}
