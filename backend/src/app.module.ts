import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import type { Request } from 'express';
import { APP_OPTIONS, AppOptions } from './app-options';
import { DrfExceptionFilter } from './common/http/drf-exception.filter';
import { dataSourceOptions } from './database/data-source-options';
import { JobsModule } from './jobs/jobs.module';
import { AuthModule } from './modules/auth/auth.module';
import { HealthModule } from './modules/health/health.module';
import { MailModule } from './modules/mail/mail.module';
import { ProfilesModule } from './modules/profiles/profiles.module';
import { StorageModule } from './storage/storage.module';

@Global()
@Module({})
class OptionsModule {
  static register(options: AppOptions): DynamicModule {
    return { module: OptionsModule, providers: [{ provide: APP_OPTIONS, useValue: options }], exports: [APP_OPTIONS] };
  }
}

function emailOf(req: Request): string | undefined {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
}

@Module({})
export class AppModule {
  static register(options: AppOptions): DynamicModule {
    const { config } = options;
    return {
      module: AppModule,
      imports: [
        OptionsModule.register(options),
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.env === 'test' ? 'silent' : config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
          },
        }),
        TypeOrmModule.forRoot({
          ...dataSourceOptions(options.database ?? { url: 'postgres://localhost/none', embedded: false }),
          migrationsRun: !!options.database,
          manualInitialization: !options.database,
        }),
        ThrottlerModule.forRoot({
          throttlers: [
            { name: 'ip', ttl: 60_000, limit: config.authRateLimit.perIp },
            {
              name: 'email',
              ttl: 10 * 60_000,
              limit: config.authRateLimit.perEmail,
              getTracker: (req: Record<string, unknown>) => emailOf(req as unknown as Request) ?? '',
              skipIf: (ctx) => !emailOf(ctx.switchToHttp().getRequest<Request>()),
            },
          ],
        }),
        EventEmitterModule.forRoot(),
        JobsModule,
        StorageModule,
        MailModule,
        HealthModule,
        ProfilesModule,
        AuthModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: DrfExceptionFilter }],
    };
  }
}
