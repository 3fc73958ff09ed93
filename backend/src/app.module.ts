import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import type { Options as PinoHttpOptions } from 'pino-http';
import { prettyDestination } from './common/logging/pretty-log';
import { redactUrl } from './common/logging/redact-url';
import { APP_OPTIONS, type AppOptions } from './app-options';
import { DrfExceptionFilter } from './common/http/drf-exception.filter';
import { dataSourceOptions } from './database/data-source-options';
import { CommonModule } from './common/common.module';
import { JobsModule } from './jobs/jobs.module';
import { TagsModule } from './modules/tags/tags.module';
import { UploadsModule } from './modules/uploads/uploads.module';
import { BooksModule } from './modules/books/books.module';
import { AuthModule } from './modules/auth/auth.module';
import { SignInModule } from './modules/sign-in/sign-in.module';
import { HealthModule } from './modules/health/health.module';
import { MailModule } from './modules/mail/mail.module';
import { ProfilesModule } from './modules/profiles/profiles.module';
import { FollowsModule } from './modules/follows/follows.module';
import { PostsModule } from './modules/posts/posts.module';
import { CirclesModule } from './modules/circles/circles.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { PaymentsModule } from './modules/payments/payments.module';
import { AdsModule } from './modules/ads/ads.module';
import { AnalyticsModule } from './modules/analytics/analytics.module';
import { HelpModule } from './modules/help/help.module';
import { SeoModule } from './modules/seo/seo.module';
import { SafetyModule } from './modules/safety/safety.module';
import { StorageModule } from './storage/storage.module';

@Global()
@Module({})
class OptionsModule {
  static register(options: AppOptions): DynamicModule {
    return { module: OptionsModule, providers: [{ provide: APP_OPTIONS, useValue: options }], exports: [APP_OPTIONS] };
  }
}

/** Whether the level writes pino-http's one line per request (`info` and the levels below it). */
export const logsRequests = (level: string) => ['info', 'debug', 'trace'].includes(level);

/** Health probes: called every few seconds by the orchestrator, never logged. */
const PROBES = new Set(['/healthz', '/readyz']);

@Module({})
export class AppModule {
  static register(options: AppOptions): DynamicModule {
    const { config } = options;
    const httpLogOptions: PinoHttpOptions = {
      level: config.env === 'test' && !options.logDestination ? 'silent' : config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: {
        req: (req: { id: unknown; method: string; url: string; remoteAddress?: string; raw?: { ip?: string } }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url), // no signed-link token or mailed key in the log
          ip: req.raw?.ip ?? req.remoteAddress, // the client behind a trusted proxy
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      // The middleware sees the raw request, whose `url` a path-mounted middleware gets relative to
      // its mount point: the full path is `originalUrl`.
      autoLogging: { ignore: (req) => PROBES.has(((req as { originalUrl?: string }).originalUrl ?? req.url ?? '').split('?')[0]) },
    };
    return {
      module: AppModule,
      imports: [
        OptionsModule.register(options),
        LoggerModule.forRoot({
          // JSON to stdout through pino's default (synchronous) destination: an asynchronous one
          // measured twice the CPU per request, even at LOG_LEVEL=warn where nothing is written.
          pinoHttp: options.logDestination
            ? [httpLogOptions, options.logDestination]
            : config.prettyLogs
              ? [httpLogOptions, prettyDestination()]
              : httpLogOptions,
          // Above `info` no request line is ever written: then no per-request logger either (a
          // child logger, listeners and an async context per request cost ~10% of a small read).
          ...(logsRequests(config.logLevel) ? {} : { forRoutes: [] }),
        }),
        TypeOrmModule.forRoot({
          ...dataSourceOptions(options.database ?? { url: 'postgres://localhost/none', embedded: false, poolSize: 1 }),
          migrationsRun: false, // createApp runs them under a lock
          manualInitialization: !options.database,
        }),
        CommonModule,
        JobsModule,
        StorageModule,
        MailModule,
        HealthModule,
        ProfilesModule,
        AuthModule,
        SignInModule,
        TagsModule,
        BooksModule,
        UploadsModule,
        FollowsModule,
        PostsModule,
        CirclesModule,
        NotificationsModule,
        PaymentsModule,
        AdsModule,
        AnalyticsModule,
        HelpModule,
        SeoModule,
        SafetyModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: DrfExceptionFilter }],
    };
  }
}
