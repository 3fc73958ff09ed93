import { type CanActivate, type ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import type { AuthUser } from '../auth/auth-user';
import { DrfDetailError, Msg } from './drf-errors';
import { ipKey } from './rate-limit';
import { RateLimitStore } from './rate-limit-store';

/**
 * The rate limit of `access-log/`, with the mechanism of the account endpoints' limits
 * (rate-limit.ts: RateLimitStore's counters, in memory or in Redis; an IPv6 client by its /56): per user when a
 * token authenticated the call (TokenAuthGuard runs first), else per client IP;
 * `ACCESS_LOG_RATE_LIMIT` calls a minute. Over it: 429 with Retry-After and DRF's message
 * (DRF's UserRateThrottle/AnonRateThrottle), before the body is read; within it, the state in
 * the `RateLimit-Policy`/`RateLimit` headers.
 */
@Injectable()
export class AccessLogRateLimitGuard implements CanActivate {
  private readonly limiter: RateLimiterAbstract;

  constructor(@Inject(APP_OPTIONS) private readonly options: AppOptions, store: RateLimitStore) {
    this.limiter = store.limiter({ keyPrefix: 'access-log', points: options.config.accessLogRateLimit, duration: 60 });
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
    reply.header('RateLimit-Policy', `"${policy}";q=${this.options.config.accessLogRateLimit};w=60`);
    reply.header('RateLimit', `"${policy}";r=${state.remainingPoints};t=${Math.ceil(state.msBeforeNext / 1000)}`);
    return true;
  }
}
