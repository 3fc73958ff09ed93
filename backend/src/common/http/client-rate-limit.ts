import { type CanActivate, type ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import type { AuthUser } from '../auth/auth-user';
import { DrfDetailError, Msg } from './drf-errors';
import { ipKey } from './rate-limit';
import { RateLimitStore } from './rate-limit-store';

/**
 * A rate limit per client, with the mechanism of the account endpoints' limits (rate-limit.ts:
 * RateLimitStore's counters, in memory or in Redis; an IPv6 client by its /56): per user when a
 * token authenticated the call (TokenAuthGuard runs first), else per client IP; `points` calls a
 * minute on counters of `keyPrefix`. Over it: 429 with Retry-After and DRF's message (DRF's
 * UserRateThrottle/AnonRateThrottle), before the body is read; within it, the state in the
 * `RateLimit-Policy`/`RateLimit` headers.
 */
abstract class ClientRateLimitGuard implements CanActivate {
  private readonly limiter: RateLimiterAbstract;

  protected constructor(
    store: RateLimitStore,
    keyPrefix: string,
    private readonly points: number,
  ) {
    this.limiter = store.limiter({ keyPrefix, points, duration: 60 });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest & { user?: AuthUser }>();
    const reply = http.getResponse<FastifyReply>();
    const [policy, key] = request.user ? ['user', `user:${request.user.id}`] : ['ip', `ip:${ipKey(request.ip)}`];
    let state: RateLimiterRes;
    try {
      state = await this.limiter.consume(key);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const retryAfter = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      reply.header('Retry-After', String(retryAfter));
      throw new DrfDetailError(HttpStatus.TOO_MANY_REQUESTS, Msg.throttled(retryAfter));
    }
    reply.header('RateLimit-Policy', `"${policy}";q=${this.points};w=60`);
    reply.header('RateLimit', `"${policy}";r=${state.remainingPoints};t=${Math.ceil(state.msBeforeNext / 1000)}`);
    return true;
  }
}

/** The rate limit of `access-log/`: `ACCESS_LOG_RATE_LIMIT` calls a minute per user (visitors: per IP). */
@Injectable()
export class AccessLogRateLimitGuard extends ClientRateLimitGuard {
  constructor(@Inject(APP_OPTIONS) options: AppOptions, store: RateLimitStore) {
    super(store, 'access-log', options.config.accessLogRateLimit);
  }
}

/** The rate limit of the ad servings: `AD_SERVE_RATE_LIMIT` calls a minute per user (visitors: per IP), both endpoints together. */
@Injectable()
export class AdServeRateLimitGuard extends ClientRateLimitGuard {
  constructor(@Inject(APP_OPTIONS) options: AppOptions, store: RateLimitStore) {
    super(store, 'ad-serve', options.config.ads.serveRateLimit);
  }
}
