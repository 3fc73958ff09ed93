import fastifyStatic from '@fastify/static';
import accepts from 'accepts';
import { type INestApplication, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { APP_OPTIONS, type AppOptions } from './app-options';
import { runMigrations } from './database/run-migrations';
import { withWireConventions } from './common/http/api-responses';
import { completeDocument } from './common/http/openapi-document';
import { useBodyParsers } from './common/http/body-parsers';
import { useCompression } from './common/http/compression';
import { MonobookFastifyAdapter, SPA_ROUTE } from './common/http/http-adapter';
import { requestOriginHook } from './common/http/request-origin';
import { PageRenderer, signedIn } from './common/http/server-render';
import { securityHeaders } from './common/http/security-headers';
import { drfValidationPipe } from './common/http/validation';
import { videoSources } from './config/videos';

export const API_PREFIX = 'api/user';

/** The security headers of every response (also used by the bench's Express floor). */
export const helmetOptions: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'connect-src': ["'self'", 'https:'],
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/** Google Identity Services (the Google sign-in button) loads its script, styles and frame from here. */
const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';

/**
 * helmetOptions, opened for Google's sign-in button when Google sign-in is configured, and for
 * the players of the configured help videos (INTRO_VIDEO_URL_*, HOWTO_VIDEO_URL_*).
 */
export function helmetOptionsFor(config: AppOptions['config']): Parameters<typeof helmet>[0] {
  const google = Boolean(config.signIn.google);
  const { intro, howto } = config.helpVideos;
  const videos = videoSources([intro.ja, intro.en, howto.ja, howto.en]);
  if (!google && !videos.frames.length && !videos.media.length) return helmetOptions;
  const frames = [...(google ? [GOOGLE_SIGN_IN] : []), ...videos.frames];
  return {
    ...helmetOptions,
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'script-src': ["'self'", ...(google ? [`${GOOGLE_SIGN_IN}client`] : [])],
        'style-src': ["'self'", "'unsafe-inline'", ...(google ? [`${GOOGLE_SIGN_IN}style`] : [])],
        ...(frames.length ? { 'frame-src': ["'self'", ...frames] } : {}),
        ...(videos.media.length ? { 'media-src': ["'self'", ...videos.media] } : {}),
        'connect-src': ["'self'", 'https:'],
        'upgrade-insecure-requests': null,
      },
    },
  };
}
const NON_API_PATHS = ['/api/', '/media/', '/healthz', '/readyz', '/robots.txt', '/sitemap.xml', '/sitemaps/'];

/**
 * The Nest application on Fastify (see common/http/http-adapter.ts for what is kept of the
 * Express conventions). Express's per-request work (its middleware chain, route matching and
 * response helpers) cost more CPU than the SQL of a small read: `npm run bench`.
 */
export async function createApp(options: AppOptions): Promise<NestFastifyApplication> {
  // helmet's headers, and Vary for caches on every answer (compressed or not, as the client asked;
  // spelled as @fastify/compress looks for it, or it adds its own).
  const adapter = new MonobookFastifyAdapter(options.config.trustProxy, { ...securityHeaders(helmetOptionsFor(options.config)), Vary: 'accept-encoding' });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(options), adapter, {
    bodyParser: false, // ours: common/http/body-parsers.ts
    bufferLogs: true,
  });
  if (options.database) await runMigrations(app.get(DataSource), options.database.embedded);
  await configureApp(app, adapter, options);
  return app;
}

async function configureApp(app: NestFastifyApplication, adapter: MonobookFastifyAdapter, { config, frontendDist }: AppOptions): Promise<void> {
  const fastify = adapter.getInstance() as unknown as FastifyInstance;
  app.useLogger(app.get(Logger));
  // The request stays at hand while it is answered: media URLs take its origin (unless PUBLIC_URL
  // fixes it) and Books are written in its reader's language (Accept-Language for visitors).
  fastify.addHook('preHandler', requestOriginHook);
  await useCompression(fastify);
  // Body errors are held back until TokenAuthGuard has authenticated, so a visitor on a
  // protected route gets 401 before 400/413/415. See common/http/body-parsers.ts.
  // Bodies up to the largest accepted upload are read to their end before an early answer.
  useBodyParsers(fastify, { maxBodyBytes: config.uploadMaxBytes + 1024 * 1024 });
  app.setGlobalPrefix(API_PREFIX, {
    exclude: [
      { path: 'healthz', method: RequestMethod.GET },
      { path: 'readyz', method: RequestMethod.GET },
      { path: 'media/*key', method: RequestMethod.GET },
      // For crawlers (modules/seo): files of the site, not of the API.
      { path: 'robots.txt', method: RequestMethod.GET },
      { path: 'sitemap.xml', method: RequestMethod.GET },
      { path: 'sitemaps/:file', method: RequestMethod.GET },
    ],
  });
  // Without CORS_ORIGINS no CORS headers at all (same-origin only): nothing is installed then.
  if (config.corsOrigins.length) {
    app.enableCors({
      origin: config.corsOrigins,
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept-Language'],
      exposedHeaders: ['Content-Disposition', 'Retry-After'],
    });
  }
  app.useGlobalPipes(drfValidationPipe());
  // No enableShutdownHooks here: main.ts handles SIGTERM/SIGINT, closes the app, then the database.

  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/openapi.json', customSiteTitle: 'Monobook API' });

  if (config.serveFrontend) await serveFrontend(fastify, config, frontendDist);
}

/**
 * App pages of the account and of mailed links (their path holds a key): `no-store`, so that no
 * cache keeps them and the browser does not bring them back from its back-forward cache after
 * logging out. Every other app page is `no-cache`.
 */
const PRIVATE_PAGES = /^\/(?:(?:account|settings|languagesetting|deleteaccount)\/?$|(?:verify|reset-password)\/)/;
const isPrivatePage = (url: string) => PRIVATE_PAGES.test(url.split('?')[0]);

/** Paths that never hold a file of the built frontend: no static-file lookup, no SPA fallback. */
const isApiPath = (p: string) => NON_API_PATHS.some((prefix) => p.startsWith(prefix));

/** The site's origin for absolute URLs of a page's head: PUBLIC_URL, else the request's. */
function siteOrigin(config: AppOptions['config']): (request: FastifyRequest) => string {
  return (request) => {
    if (config.publicUrlConfigured) return config.publicUrl;
    const host = request.host;
    return host && SAFE_HOST.test(host) ? `${request.protocol}://${host}` : config.publicUrl;
  };
}
const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The built React app. Its files are routes of their own (listed once at start, so no API request
 * costs a file-system lookup). Hashed files under /assets/ are immutable (a new build has new
 * names); index.html is revalidated on every visit so a deployment reaches browsers at once.
 * Every other GET for HTML that is not part of the API is a page of the app:
 * - a public screen (frontend src/app/public-pages.ts) for a visitor: server-rendered with its
 *   content (common/http/server-render.ts), cacheable for a short while; an unknown Book or user
 *   answers 404 with the not-found page;
 * - a public screen for a signed-in browser (the app's `mb_signed_in` cookie): index.html, the
 *   client-rendered app, `private, no-cache`;
 * - every other screen: index.html with `X-Robots-Tag: noindex` (search engines list public screens only).
 */
async function serveFrontend(fastify: FastifyInstance, config: AppOptions['config'], configured?: string): Promise<void> {
  const candidates = configured ? [configured] : [path.resolve(process.cwd(), 'frontend/dist'), path.resolve(process.cwd(), '../frontend/dist')];
  const dist = candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html')));
  if (!dist) return;
  const index = path.join(dist, 'index.html');
  const assets = `${path.sep}assets${path.sep}`;
  await fastify.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build writes .br and .gz beside its scripts, styles and HTML (frontend/vite.config.ts):
    // sent as they are, compressed once at the best level, never per request.
    preCompressed: true,
    setHeaders: (reply, file) => {
      // (`private`: the app's page of a signed-in browser is its own; no shared cache keeps it.)
      const page = () => (isPrivatePage(reply.request.url) ? 'no-store' : 'private, no-cache');
      const cacheControl = file.includes(assets) ? 'public, max-age=31536000, immutable' : file === index ? page() : 'public, max-age=3600';
      reply.header('Cache-Control', cacheControl);
    },
  });
  const renderer = await PageRenderer.load(fastify, dist, siteOrigin(config), config.pageCacheSeconds);
  // Client-side routes: a catch-all route (so compression applies), below every other route.
  fastify.get('/*', { config: SPA_ROUTE }, async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0];
    if (isApiPath(url) || url.startsWith('/assets/') || !accepts(request.raw).type('html')) return reply.callNotFound();
    const publicPage = renderer?.isPublicPath(url) ?? PUBLIC_SHELL_PATHS.test(url);
    if (!publicPage) reply.header('X-Robots-Tag', 'noindex');
    if (renderer && publicPage) {
      if (signedIn(request)) {
        // A signed-in browser's page is its own: no cache keeps it, and it is never a visitor's page.
        reply.header('Vary', 'Accept-Encoding, Cookie');
        return reply.sendFile('index.html'); // private, no-cache (setHeaders)
      }
      try {
        const page = await renderer.page(request);
        if (page) return renderer.send(request, reply, page);
      } catch (error) {
        // The app in the browser still works (it asks the API itself): the page is not lost.
        request.log.error({ err: error }, 'server rendering failed: the client-rendered app is sent');
      }
    }
    return reply.sendFile('index.html'); // no-cache, with ETag and Last-Modified (setHeaders)
  });
}

/** The public screens when the build has no server renderer (the noindex rule still holds). */
const PUBLIC_SHELL_PATHS = /^\/(?:|recommend|recommenduser|howto|terms|privacy|Notations-SCTA|mono\/[^/]+|user\/[^/]+)\/?$/;

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Monobook API')
    .setDescription(
      [
        'REST API of the Monobook platform (Books made from data files, posts, circles).',
        '',
        'Conventions (Django REST Framework compatible):',
        '- Authenticate with `Authorization: Token <key>` (the `token` from `POST /api/user/login/`). A missing or invalid token on a protected call answers `401` with `WWW-Authenticate: Token`; an invalid token is refused even on public calls.',
        '- Errors: `{"detail": "..."}`, or for validation `{"field": ["message"]}` / `{"non_field_errors": ["message"]}` with status 400.',
        '- Paths work with and without the trailing slash.',
        '- Lists take `count`, the page index from 0; pages hold 10 items unless stated; an empty page ends the list.',
        '- Dates are ISO 8601 with time zone; `birthday` is `YYYY-MM-DD`.',
      ].join('\n'),
    )
    .setVersion('1.0')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <key>' }, 'token')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (_controller, method) => method,
  });
  const { config: site } = app.get<AppOptions>(APP_OPTIONS);
  const publicUrl = site.publicUrlConfigured ? site.publicUrl : undefined;
  return completeDocument(withSpecSpelling(withWireConventions(document)), { publicUrl });
}

/** Operations the product spec writes without a trailing slash; every other API path is documented with one. */
const UNSLASHED = new Set(['get /api/user/profile/{id}', 'get /api/user/profile/detail/{id}', 'get /api/user/profile/search']);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

/** Both spellings are served; the document shows the one the spec (and the old clients) use. */
function withSpecSpelling(document: OpenAPIObject): OpenAPIObject {
  const paths: OpenAPIObject['paths'] = {};
  for (const [key, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const slashed = key.startsWith(`/${API_PREFIX}/`) && !UNSLASHED.has(`${method} ${key}`);
      const spelled = slashed ? `${key}/` : key;
      paths[spelled] = { ...(paths[spelled] ?? {}), [method]: operation };
    }
  }
  return { ...document, paths };
}
