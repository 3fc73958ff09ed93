import * as path from 'node:path';
import { type PlayableVideo, playableVideo } from './videos';

/**
 * The one place that reads process.env. Every variable has a type, a default and a
 * description; the README's configuration table is written from CONFIG_VARIABLES.
 */

type Kind = 'string' | 'int' | 'bool' | 'url' | 'enum' | 'list';

interface VariableSpec {
  name: string;
  kind: Kind;
  default?: string;
  values?: readonly string[];
  description: string;
}

export const CONFIG_VARIABLES: readonly VariableSpec[] = [
  {
    name: 'NODE_ENV',
    kind: 'enum',
    values: ['production', 'development', 'test'],
    default: 'production',
    description: 'Runtime mode; `test` lowers log noise.',
  },
  { name: 'PORT', kind: 'int', default: '3000', description: 'HTTP port for the UI and the API.' },
  { name: 'HOST', kind: 'string', default: '0.0.0.0', description: 'Interface to listen on.' },
  { name: 'DATA_DIR', kind: 'string', default: './data', description: 'Embedded database, local files and the mail outbox live here.' },
  { name: 'DATABASE_URL', kind: 'url', description: 'PostgreSQL URL. Unset: embedded PGlite under DATA_DIR/db.' },
  {
    name: 'DATABASE_PREPARE',
    kind: 'bool',
    default: 'true',
    description:
      "Run the application's reads as named prepared statements (parsed once per connection). Set false behind a pooler that cannot keep them, such as PgBouncer in transaction mode before 1.21.",
  },
  {
    name: 'AUTH_TOKEN_CACHE',
    kind: 'bool',
    default: 'true',
    description:
      'Keep the accounts behind recently used tokens in memory, so that a request with a token costs no statement of its own. Kept true by the database: triggers announce every change of tokens and accounts (LISTEN/NOTIFY), and nothing is kept while the LISTEN connection is down.',
  },
  {
    name: 'DATABASE_POOL_SIZE',
    kind: 'int',
    default: '10',
    description: 'Connections in the PostgreSQL pool (the embedded database always uses 1; use 1 for any PGlite socket server).',
  },
  {
    name: 'PUBLIC_URL',
    kind: 'url',
    description:
      'Public origin of the site, for links in mail (set it behind a proxy) and image URLs. Unset: mail links use http://localhost:PORT and image URLs follow the request (Host, or X-Forwarded-Host from a trusted proxy).',
  },
  { name: 'SEED_DEMO', kind: 'bool', default: 'true', description: 'Seed demo users and content into an empty database.' },
  {
    name: 'RUN_WORKER',
    kind: 'bool',
    default: 'true',
    description: 'Run background jobs inside the API process (set false when running `npm run worker` separately).',
  },
  {
    name: 'JOBS_POLL_SECONDS',
    kind: 'int',
    default: '30',
    description:
      'Seconds between two sweeps of a worker process for jobs that no notification announced (retries coming due, jobs of a stopped process, a lost LISTEN connection). Jobs are otherwise woken by LISTEN/NOTIFY at once.',
  },
  { name: 'SERVE_FRONTEND', kind: 'bool', default: 'true', description: 'Serve the built React app from the API process.' },
  { name: 'CORS_ORIGINS', kind: 'list', default: '', description: 'Comma-separated origins allowed by CORS (empty: same origin only).' },
  {
    name: 'TRUST_PROXY',
    kind: 'string',
    default: 'loopback',
    description: "Fastify `trustProxy` setting, with the values and meaning of Express's `trust proxy`: `true`, `false`, a hop count, or addresses/subnets.",
  },
  {
    name: 'LOG_LEVEL',
    kind: 'enum',
    values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    default: 'info',
    description: 'Log level (`info` logs one line per request).',
  },
  {
    name: 'LOG_FORMAT',
    kind: 'enum',
    values: ['auto', 'json', 'pretty'],
    default: 'auto',
    description: 'Log lines as JSON, or short readable lines; `auto`: readable when stdout is a terminal, JSON otherwise.',
  },
  { name: 'SMTP_URL', kind: 'url', description: 'SMTP server (smtp://user:pass@host:port). Unset: mail is written as .eml files to DATA_DIR/outbox.' },
  { name: 'MAIL_FROM', kind: 'string', default: 'Monobook <no-reply@localhost>', description: 'Sender of outgoing mail.' },
  {
    name: 'STORAGE_DRIVER',
    kind: 'enum',
    values: ['local', 's3'],
    default: 'local',
    description: 'Where uploaded files go: local disk under DATA_DIR/files, or S3.',
  },
  { name: 'S3_BUCKET', kind: 'string', description: 'S3 bucket (STORAGE_DRIVER=s3).' },
  { name: 'S3_REGION', kind: 'string', default: 'ap-northeast-1', description: 'S3 region.' },
  { name: 'S3_ENDPOINT', kind: 'url', description: 'S3-compatible endpoint (MinIO, s3rver). Unset: AWS.' },
  { name: 'S3_PUBLIC_ENDPOINT', kind: 'url', description: 'S3 endpoint as browsers reach it, for presigned download URLs. Unset: S3_ENDPOINT.' },
  { name: 'S3_ACCESS_KEY_ID', kind: 'string', description: 'S3 access key (unset: the AWS default credential chain).' },
  { name: 'S3_SECRET_ACCESS_KEY', kind: 'string', description: 'S3 secret key.' },
  { name: 'S3_FORCE_PATH_STYLE', kind: 'bool', default: 'false', description: 'Path-style S3 URLs (MinIO, s3rver).' },
  { name: 'UPLOAD_MAX_BYTES', kind: 'int', default: String(50 * 1024 * 1024), description: 'Largest accepted data file upload.' },
  {
    name: 'EXTRACT_MAX_HEAP_MB',
    kind: 'int',
    default: '512',
    description: 'JavaScript heap (MiB) of the child process that reads one uploaded file; a file needing more fails its upload.',
  },
  {
    name: 'EXTRACT_TIMEOUT_SECONDS',
    kind: 'int',
    default: '60',
    description: 'Wall time allowed for reading one uploaded file (its child process is then killed and the upload fails).',
  },
  {
    name: 'ARCHIVE_MAX_UNCOMPRESSED_BYTES',
    kind: 'int',
    default: String(200 * 1024 * 1024),
    description: 'Largest total unpacked size of a DOCX/XLSX (declared and as actually inflated), checked before any parser reads it.',
  },
  { name: 'ARCHIVE_MAX_ENTRIES', kind: 'int', default: '10000', description: 'Most entries (parts) of a DOCX/XLSX.' },
  { name: 'ARCHIVE_MAX_RATIO', kind: 'int', default: '300', description: 'Highest compression ratio of a DOCX/XLSX entry larger than 1 MiB unpacked.' },
  { name: 'ARCHIVE_MAX_XML_DEPTH', kind: 'int', default: '1000', description: 'Deepest element nesting of an XML part of a DOCX/XLSX.' },
  { name: 'IMAGE_MAX_BYTES', kind: 'int', default: String(5 * 1024 * 1024), description: 'Largest accepted profile or circle image.' },
  {
    name: 'UPLOAD_DAILY_FILES',
    kind: 'int',
    default: '50',
    description: 'Data files one user may upload per 24 hours (refused ones do not count); over it: 429 with a message and `Retry-After`.',
  },
  {
    name: 'UPLOAD_DAILY_BYTES',
    kind: 'int',
    default: String(500 * 1024 * 1024),
    description: 'Bytes of data files one user may upload per 24 hours; over it: 429 as with UPLOAD_DAILY_FILES.',
  },
  {
    name: 'AUTH_RATE_LIMIT_PER_IP',
    kind: 'int',
    default: '30',
    description:
      'Calls per client IP per minute to each of login, register, forgot-password, reset-password and resend-verification (every endpoint counts on its own).',
  },
  {
    name: 'AUTH_RATE_LIMIT_PER_EMAIL',
    kind: 'int',
    default: '10',
    description:
      'Per 10 minutes: register, forgot-password and resend-verification calls per e-mail address (each endpoint on its own), and failed logins per e-mail address and client IP together (other clients can still log in).',
  },
  {
    name: 'REDIS_URL',
    kind: 'url',
    description:
      'Redis (redis://host:6379) for the rate-limit counters, shared by every API process. Unset: each process counts in its own memory (one process needs no Redis). While Redis is unreachable each process counts in memory and logs it.',
  },
  {
    name: 'APP_SECRET',
    kind: 'string',
    description: 'Key for signed links and ownership tickets (32+ characters). Unset: a random key is created once in DATA_DIR/secret.key.',
  },
  {
    name: 'BOOK_GENERATOR',
    kind: 'enum',
    values: ['local', 'llm'],
    default: 'local',
    description: 'How Books are written from data: the built-in extractive generator, or an OpenAI-compatible LLM (falls back to local on failure).',
  },
  { name: 'LLM_BASE_URL', kind: 'url', description: 'OpenAI-compatible API base URL, e.g. https://api.openai.com/v1 (BOOK_GENERATOR=llm).' },
  { name: 'LLM_MODEL', kind: 'string', default: 'gpt-4o-mini', description: 'Chat model name for BOOK_GENERATOR=llm.' },
  { name: 'LLM_API_KEY', kind: 'string', description: 'API key for the LLM endpoint.' },
  {
    name: 'GOOGLE_CLIENT_ID',
    kind: 'string',
    description: 'OAuth client id of the Google sign-in button (Google Identity Services). Unset: no Google button.',
  },
  {
    name: 'GOOGLE_ISSUER',
    kind: 'url',
    default: 'https://accounts.google.com',
    description: 'Issuer whose `/.well-known/openid-configuration` gives the keys Google ID tokens are checked against.',
  },
  { name: 'LINE_CHANNEL_ID', kind: 'string', description: 'LINE Login channel id. Unset (or no secret): no LINE button.' },
  { name: 'LINE_CHANNEL_SECRET', kind: 'string', description: 'LINE Login channel secret (also the key of LINE web login ID tokens, HS256).' },
  { name: 'LINE_ISSUER', kind: 'url', default: 'https://access.line.me', description: 'LINE Login issuer (discovery, token endpoint).' },
  { name: 'YAHOO_CLIENT_ID', kind: 'string', description: 'Yahoo! JAPAN ID (YConnect v2) client id. Unset (or no secret): no Yahoo! JAPAN button.' },
  { name: 'YAHOO_CLIENT_SECRET', kind: 'string', description: 'Yahoo! JAPAN client secret.' },
  {
    name: 'YAHOO_ISSUER',
    kind: 'url',
    default: 'https://auth.login.yahoo.co.jp/yconnect/v2',
    description: 'YConnect v2 issuer (discovery, token endpoint, keys).',
  },
  {
    name: 'INTRO_VIDEO_URL_JA',
    kind: 'url',
    description:
      'Intro video in Japanese, shown in the welcome dialog and on /videos: a YouTube or Vimeo link (played in their embedded player) or an https URL of an .mp4/.webm file. Unset: an illustrated walkthrough of the site stands in.',
  },
  { name: 'INTRO_VIDEO_URL_EN', kind: 'url', description: 'Intro video in English (as INTRO_VIDEO_URL_JA).' },
  {
    name: 'HOWTO_VIDEO_URL_JA',
    kind: 'url',
    description:
      "How-to video in Japanese, shown on /howto, /videos and in the login page's how-to dialog (as INTRO_VIDEO_URL_JA). Unset: the illustrated walkthrough.",
  },
  { name: 'HOWTO_VIDEO_URL_EN', kind: 'url', description: 'How-to video in English (as HOWTO_VIDEO_URL_JA).' },
  { name: 'ACCOUNT_DELETION_GRACE_DAYS', kind: 'int', default: '14', description: 'Days between a deletion request and the removal of the account.' },
  {
    name: 'NOTIFICATION_STREAMS_PER_ACCOUNT',
    kind: 'int',
    default: '5',
    description:
      'Live-bell streams (notifications/stream/) one account may hold open on one API process; one more is refused with 429 and `Retry-After` (the bell then polls).',
  },
  {
    name: 'NOTIFICATION_STREAMS_MAX',
    kind: 'int',
    default: '4000',
    description:
      'Live-bell streams one API process holds open at most (each is an open connection: a file descriptor and about 10 KB of memory); one more is refused with 503 and `Retry-After`, so a proxy can send it to another process.',
  },
  {
    name: 'PAGE_CACHE_SECONDS',
    kind: 'int',
    default: '60',
    description:
      "How long a server-rendered public page is kept in the process's memory and may be cached by browsers and proxies, in seconds (0: rendered for every request).",
  },
  { name: 'ACCESS_LOG_RATE_LIMIT', kind: 'int', default: '60', description: 'access-log/ calls per user (visitors: per IP) per minute.' },
  {
    name: 'AD_SERVE_RATE_LIMIT',
    kind: 'int',
    default: '60',
    description: 'Ad servings (advertisements-random/, advertisements-for-monopage/) per user (visitors: per IP) per minute; beyond it 429.',
  },
  {
    name: 'STRIPE_SECRET_KEY',
    kind: 'string',
    description: 'Stripe secret key (sk_…). Unset: payments are off (paid Books cannot be bought, payouts cannot be set up; free Books keep working).',
  },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    kind: 'string',
    description: 'Signing secret (whsec_…) of the webhook endpoint `PUBLIC_URL/api/user/stripe-webhook/`. Unset: every webhook is refused (400).',
  },
  {
    name: 'STRIPE_API_URL',
    kind: 'url',
    description: 'Base URL of the Stripe API. Unset: Stripe itself; set it to a stand-in (`npm run stripe:stand-in`) for tests and local trials.',
  },
  {
    name: 'PLATFORM_FEE_PERCENT',
    kind: 'int',
    default: '10',
    description: 'Share of each sale the platform keeps (`application_fee_amount` of the destination charge), in percent (0–100).',
  },
  {
    name: 'AD_PRICES_JPY',
    kind: 'string',
    default: '90000:5000,200000:10000,750000:30000,3000:5000,10000:15000,25000:35000',
    description:
      "Price in yen of each ad target, as `target:yen` pairs: the view targets 90000, 200000, 750000 (per-view ads) and the click targets 3000, 10000, 25000 (per-click ads). Every target needs a price (at least 50 yen, Stripe's minimum for JPY).",
  },
  { name: 'OPERATOR_NAME', kind: 'string', default: '', description: "Seller's name on /Notations-SCTA (the Specified Commercial Transactions Act notice)." },
  { name: 'OPERATOR_ADDRESS', kind: 'string', default: '', description: 'Seller\'s address on /Notations-SCTA (empty: "disclosed without delay on request").' },
  {
    name: 'OPERATOR_PHONE',
    kind: 'string',
    default: '',
    description: 'Seller\'s phone number on /Notations-SCTA (empty: "disclosed without delay on request").',
  },
  { name: 'OPERATOR_EMAIL', kind: 'string', default: '', description: 'Contact address on /Notations-SCTA.' },
];

export interface AppConfig {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  databasePrepare: boolean;
  authTokenCache: boolean;
  publicUrl: string;
  /** PUBLIC_URL was set: links and image URLs always use it, never the request's Host. */
  publicUrlConfigured: boolean;
  seedDemo: boolean;
  runWorker: boolean;
  /** JOBS_POLL_SECONDS: the workers' fallback sweep (jobs are woken by LISTEN/NOTIFY). */
  jobsPollSeconds: number;
  serveFrontend: boolean;
  corsOrigins: string[];
  trustProxy: boolean | number | string;
  logLevel: string;
  /** Readable lines instead of JSON (LOG_FORMAT=pretty, or auto on a terminal). */
  prettyLogs: boolean;
  mail: { smtpUrl?: string; from: string; outboxDir: string };
  storage: {
    driver: 'local' | 's3';
    localDir: string;
    s3: {
      bucket?: string;
      region: string;
      endpoint?: string;
      publicEndpoint?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
    };
  };
  uploadMaxBytes: number;
  /** Reading uploaded files: the child process's limits, and the archive limits of DOCX/XLSX. */
  extraction: {
    heapMb: number;
    timeoutMs: number;
    archive: { maxTotalBytes: number; maxEntries: number; maxRatio: number; maxXmlDepth: number };
  };
  imageMaxBytes: number;
  /** Per user and 24 hours. */
  uploadQuota: { files: number; bytes: number };
  authRateLimit: { perIp: number; perEmail: number };
  /** REDIS_URL: rate limits shared across processes. */
  redisUrl?: string;
  accountDeletionGraceDays: number;
  accessLogRateLimit: number;
  pageCacheSeconds: number;
  /** Live-bell stream caps: per account per process, and per process. */
  notificationStreams: { perAccount: number; max: number };
  /** Stripe: payments are on when `secretKey` is set. */
  payments: {
    secretKey?: string;
    webhookSecret?: string;
    apiUrl?: string;
    platformFeePercent: number;
    operator: { name: string; address: string; phone: string; email: string };
  };
  /** Paid ads: the price in yen of each target (AD_PRICES_JPY). */
  ads: { prices: ReadonlyMap<number, number>; serveRateLimit: number };
  /** The intro and how-to videos per language (unset: the client shows its illustrated walkthrough). */
  helpVideos: { intro: { ja?: PlayableVideo; en?: PlayableVideo }; howto: { ja?: PlayableVideo; en?: PlayableVideo } };
  appSecret?: string;
  books: { generator: 'local' | 'llm'; llm?: { baseUrl: string; model: string; apiKey?: string } };
  /** Sign-in providers; a provider is on when its client id (and secret, for code flows) is set. */
  signIn: {
    google?: { clientId: string; issuer: string };
    line?: { clientId: string; clientSecret: string; issuer: string };
    yahoo?: { clientId: string; clientSecret: string; issuer: string };
  };
}

export class ConfigError extends Error {}

function read(env: NodeJS.ProcessEnv, spec: VariableSpec): string | undefined {
  const raw = env[spec.name];
  const value = raw === undefined || raw === '' ? spec.default : raw;
  if (value === undefined) return undefined;
  switch (spec.kind) {
    case 'int':
      if (!/^\d+$/.test(value)) throw new ConfigError(`${spec.name} must be a non-negative integer, got "${value}"`);
      break;
    case 'bool':
      if (!['true', 'false', '1', '0', 'yes', 'no'].includes(value.toLowerCase())) throw new ConfigError(`${spec.name} must be true or false, got "${value}"`);
      break;
    case 'url':
      try {
        new URL(value);
      } catch {
        throw new ConfigError(`${spec.name} must be a URL, got "${value}"`);
      }
      break;
    case 'enum':
      if (!spec.values!.includes(value)) throw new ConfigError(`${spec.name} must be one of ${spec.values!.join(', ')}, got "${value}"`);
      break;
    default:
      break;
  }
  return value;
}

const asBool = (v: string | undefined) => v !== undefined && ['true', '1', 'yes'].includes(v.toLowerCase());

function parseTrustProxy(v: string): boolean | number | string {
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

/** The ad targets of spec §9: views for type 0, clicks for type 1. */
export const AD_TARGETS: Readonly<Record<0 | 1, readonly number[]>> = { 0: [90000, 200000, 750000], 1: [3000, 10000, 25000] };

/** AD_PRICES_JPY: `target:yen` pairs, one for every target of AD_TARGETS. */
export function parseAdPrices(text: string): ReadonlyMap<number, number> {
  const prices = new Map<number, number>();
  for (const pair of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(\d+):(\d+)$/.exec(pair);
    if (!m) throw new ConfigError(`AD_PRICES_JPY: "${pair}" is not target:yen`);
    prices.set(Number(m[1]), Number(m[2]));
  }
  for (const target of [...AD_TARGETS[0], ...AD_TARGETS[1]]) {
    const price = prices.get(target);
    if (price === undefined) throw new ConfigError(`AD_PRICES_JPY has no price for the target ${target}`);
    if (price < 50 || price > 99_999_999) throw new ConfigError(`AD_PRICES_JPY: the price of ${target} must be between 50 and 99999999 yen`);
  }
  return prices;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const values: Record<string, string | undefined> = {};
  for (const spec of CONFIG_VARIABLES) values[spec.name] = read(env, spec);
  const port = Number(values.PORT);
  if (port < 1 || port > 65535) throw new ConfigError(`PORT must be between 1 and 65535, got "${values.PORT}"`);
  const dataDir = path.resolve(values.DATA_DIR!);
  const driver = values.STORAGE_DRIVER as 'local' | 's3';
  if (values.BOOK_GENERATOR === 'llm' && !values.LLM_BASE_URL) throw new ConfigError('LLM_BASE_URL is required when BOOK_GENERATOR=llm');
  if (values.APP_SECRET !== undefined && values.APP_SECRET.length < 32) throw new ConfigError('APP_SECRET must be at least 32 characters');
  if (driver === 's3' && !values.S3_BUCKET) throw new ConfigError('S3_BUCKET is required when STORAGE_DRIVER=s3');
  if (Number(values.PLATFORM_FEE_PERCENT) > 100) throw new ConfigError(`PLATFORM_FEE_PERCENT must be between 0 and 100, got "${values.PLATFORM_FEE_PERCENT}"`);
  const video = (name: string): PlayableVideo | undefined => {
    const raw = values[name];
    if (raw === undefined) return undefined;
    const playable = playableVideo(raw);
    if (typeof playable === 'string') throw new ConfigError(`${name} ${playable}, got "${raw}"`);
    return playable;
  };
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    env: values.NODE_ENV as AppConfig['env'],
    port,
    host: values.HOST!,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: Math.max(1, Number(values.DATABASE_POOL_SIZE)),
    databasePrepare: asBool(values.DATABASE_PREPARE),
    authTokenCache: asBool(values.AUTH_TOKEN_CACHE),
    publicUrl,
    publicUrlConfigured: values.PUBLIC_URL !== undefined,
    seedDemo: asBool(values.SEED_DEMO),
    runWorker: asBool(values.RUN_WORKER),
    jobsPollSeconds: Math.max(1, Number(values.JOBS_POLL_SECONDS)),
    serveFrontend: asBool(values.SERVE_FRONTEND),
    corsOrigins: (values.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(values.TRUST_PROXY!),
    logLevel: values.LOG_LEVEL!,
    prettyLogs: values.LOG_FORMAT === 'pretty' || (values.LOG_FORMAT === 'auto' && process.stdout.isTTY === true),
    mail: { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM!, outboxDir: path.join(dataDir, 'outbox') },
    storage: {
      driver,
      localDir: path.join(dataDir, 'files'),
      s3: {
        bucket: values.S3_BUCKET,
        region: values.S3_REGION!,
        endpoint: values.S3_ENDPOINT,
        publicEndpoint: values.S3_PUBLIC_ENDPOINT,
        accessKeyId: values.S3_ACCESS_KEY_ID,
        secretAccessKey: values.S3_SECRET_ACCESS_KEY,
        forcePathStyle: asBool(values.S3_FORCE_PATH_STYLE),
      },
    },
    uploadMaxBytes: Number(values.UPLOAD_MAX_BYTES),
    extraction: {
      heapMb: Math.max(32, Number(values.EXTRACT_MAX_HEAP_MB)),
      timeoutMs: Math.max(1, Number(values.EXTRACT_TIMEOUT_SECONDS)) * 1000,
      archive: {
        maxTotalBytes: Number(values.ARCHIVE_MAX_UNCOMPRESSED_BYTES),
        maxEntries: Number(values.ARCHIVE_MAX_ENTRIES),
        maxRatio: Math.max(1, Number(values.ARCHIVE_MAX_RATIO)),
        maxXmlDepth: Math.max(1, Number(values.ARCHIVE_MAX_XML_DEPTH)),
      },
    },
    imageMaxBytes: Number(values.IMAGE_MAX_BYTES),
    uploadQuota: { files: Number(values.UPLOAD_DAILY_FILES), bytes: Number(values.UPLOAD_DAILY_BYTES) },
    authRateLimit: { perIp: Number(values.AUTH_RATE_LIMIT_PER_IP), perEmail: Number(values.AUTH_RATE_LIMIT_PER_EMAIL) },
    redisUrl: values.REDIS_URL,
    accountDeletionGraceDays: Number(values.ACCOUNT_DELETION_GRACE_DAYS),
    accessLogRateLimit: Number(values.ACCESS_LOG_RATE_LIMIT),
    pageCacheSeconds: Number(values.PAGE_CACHE_SECONDS),
    notificationStreams: {
      perAccount: Math.max(1, Number(values.NOTIFICATION_STREAMS_PER_ACCOUNT)),
      max: Math.max(1, Number(values.NOTIFICATION_STREAMS_MAX)),
    },
    payments: {
      secretKey: values.STRIPE_SECRET_KEY,
      webhookSecret: values.STRIPE_WEBHOOK_SECRET,
      apiUrl: values.STRIPE_API_URL,
      platformFeePercent: Number(values.PLATFORM_FEE_PERCENT),
      operator: {
        name: values.OPERATOR_NAME ?? '',
        address: values.OPERATOR_ADDRESS ?? '',
        phone: values.OPERATOR_PHONE ?? '',
        email: values.OPERATOR_EMAIL ?? '',
      },
    },
    ads: { prices: parseAdPrices(values.AD_PRICES_JPY!), serveRateLimit: Number(values.AD_SERVE_RATE_LIMIT) },
    helpVideos: {
      intro: { ja: video('INTRO_VIDEO_URL_JA'), en: video('INTRO_VIDEO_URL_EN') },
      howto: { ja: video('HOWTO_VIDEO_URL_JA'), en: video('HOWTO_VIDEO_URL_EN') },
    },
    appSecret: values.APP_SECRET,
    books: {
      generator: values.BOOK_GENERATOR as 'local' | 'llm',
      llm: values.LLM_BASE_URL ? { baseUrl: values.LLM_BASE_URL, model: values.LLM_MODEL!, apiKey: values.LLM_API_KEY } : undefined,
    },
    signIn: {
      google: values.GOOGLE_CLIENT_ID ? { clientId: values.GOOGLE_CLIENT_ID, issuer: values.GOOGLE_ISSUER! } : undefined,
      line:
        values.LINE_CHANNEL_ID && values.LINE_CHANNEL_SECRET
          ? { clientId: values.LINE_CHANNEL_ID, clientSecret: values.LINE_CHANNEL_SECRET, issuer: values.LINE_ISSUER! }
          : undefined,
      yahoo:
        values.YAHOO_CLIENT_ID && values.YAHOO_CLIENT_SECRET
          ? { clientId: values.YAHOO_CLIENT_ID, clientSecret: values.YAHOO_CLIENT_SECRET, issuer: values.YAHOO_ISSUER! }
          : undefined,
    },
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
