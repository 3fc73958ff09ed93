import { type INestApplication, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import express from 'express';
import type helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { type AppOptions } from './app-options';
import { withWireConventions } from './common/http/api-responses';
import { deferredBodyParsers } from './common/http/body-parsers';
import { requestOriginMiddleware } from './common/http/request-origin';
import { RouteIndexExpressAdapter } from './common/http/route-index';
import { securityHeaders } from './common/http/security-headers';
import { drfValidationPipe } from './common/http/validation';

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
const NON_API_PATHS = ['/api/', '/media/', '/healthz', '/readyz'];

export async function createApp(options: AppOptions): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(options), new RouteIndexExpressAdapter(), {
    rawBody: true, // Stripe webhooks verify signatures over the raw body
    bufferLogs: true,
  });
  if (options.database) await runMigrations(app.get(DataSource), options.database.embedded);
  configureApp(app, options);
  return app;
}

export function configureApp(app: NestExpressApplication, { config, frontendDist }: AppOptions): void {
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.trustProxy);
  app.set('x-powered-by', false);
  // No ETag on API answers (DRF sends none, no client revalidates them): Express would hash every
  // JSON body for it. Static files keep theirs (serve-static makes its own).
  app.set('etag', false);
  // Media URLs take the origin of each request unless PUBLIC_URL fixes it (then no per-request context).
  if (!config.publicUrlConfigured) app.use(requestOriginMiddleware);
  app.use(compressResponses());
  // Our JSON/urlencoded parsers replace Nest's (same names, so Nest skips its own): they refuse
  // JSON nested too deep and hold back body errors until TokenAuthGuard has authenticated, so a
  // visitor on a protected route gets 401 before 400/413/415. See common/http/body-parsers.ts.
  for (const parser of deferredBodyParsers()) app.use(parser);
  app.setGlobalPrefix(API_PREFIX, {
    exclude: [
      { path: 'healthz', method: RequestMethod.GET },
      { path: 'readyz', method: RequestMethod.GET },
      { path: 'media/*key', method: RequestMethod.GET },
    ],
  });
  app.use(securityHeaders(helmetOptions));
  // Without CORS_ORIGINS the cors middleware would do nothing for any request (origin: false):
  // it is not installed at all then.
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

  if (config.serveFrontend) serveFrontend(app, frontendDist);
  // The controllers' routes, registered by app.init(), go into the route index.
  (app.getHttpAdapter() as RouteIndexExpressAdapter).indexRoutes();
}

/**
 * Brotli (or gzip for clients without it) for JSON, HTML, scripts and styles of 1 KB or more.
 * Downloads of data files (Content-Disposition) go out as stored: they can be tens of MB and
 * the client asked for the file, not for a transfer encoding.
 */
function compressResponses(): express.RequestHandler {
  const compress = compression({
    threshold: 1024,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
    filter: (req, res) => !res.getHeader('Content-Disposition') && compression.filter(req, res),
  });
  // A client that accepts no encoding costs only the Vary header (for caches): compression()
  // would wrap the response all the same.
  return (req, res, next) => {
    if (req.headers['accept-encoding']) return compress(req, res, next);
    res.setHeader('Vary', 'Accept-Encoding'); // the first Vary of the response: nothing to merge with
    next();
  };
}

/** Paths that never hold a file of the built frontend: static-file lookups are skipped for them. */
const isApiPath = (p: string) => NON_API_PATHS.some((prefix) => p.startsWith(prefix));

/**
 * The built React app. Hashed files under /assets/ are immutable (a new build has new names);
 * index.html is revalidated on every visit so a deployment reaches browsers at once. API paths
 * go straight past these middlewares: no file-system lookup per API request.
 */
function serveFrontend(app: NestExpressApplication, configured?: string): void {
  const candidates = configured ? [configured] : [path.resolve(process.cwd(), 'frontend/dist'), path.resolve(process.cwd(), '../frontend/dist')];
  const dist = candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html')));
  if (!dist) return;
  const index = path.join(dist, 'index.html');
  const assets = `${path.sep}assets${path.sep}`;
  const files = express.static(dist, {
    index: false,
    maxAge: '1h',
    setHeaders: (res, file) => {
      if (file.includes(assets)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else if (file === index) res.setHeader('Cache-Control', 'no-cache');
    },
  });
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApiPath(req.path)) return next();
    files(req, res, () => {
      // Client-side routes: every other GET that is not part of the API gets the SPA.
      if (req.method !== 'GET' || req.path.startsWith('/assets/') || !req.accepts('html')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    });
  });
}

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
  return withSpecSpelling(withWireConventions(document));
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

/** Any number constant to all instances: the advisory lock that serialises migrations. */
const MIGRATION_LOCK = 7_320_114;

/**
 * Runs pending migrations. On PostgreSQL several instances may start at once, so they take
 * turns under an advisory lock; the embedded database has one process and one connection.
 */
export async function runMigrations(dataSource: DataSource, embedded: boolean): Promise<void> {
  if (embedded) {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}
