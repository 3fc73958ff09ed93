import { type CanActivate, type ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isIPv6 } from 'node:net';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { DrfDetailError, Msg } from './drf-errors';

/**
 * The key of a client address: IPv4 as it is, IPv6 by its /56 prefix (one subscriber's
 * network: a client could otherwise take a new address for every try).
 */
export function ipKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  const words = groups.slice(0, 4).map((g) => parseInt(g || '0', 16));
  words[3] &= 0xff00;
  return `${words.map((w) => w.toString(16)).join(':')}::/56`;
}

const emailOf = (body: unknown): string | undefined => {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
};

/**
 * Rate limits of the account endpoints (register, login, forgot-password, reset-password), per
 * client IP and per e-mail address in the body. Over the limit: 429 with Retry-After and DRF's
 * message; within it, the per-IP state in the `RateLimit-Policy`/`RateLimit` headers (IETF
 * draft 8). The counters are in memory: with several API processes use a shared store
 * (rate-limiter-flexible's RateLimiterRedis / RateLimiterPostgres).
 */
@Injectable()
export class AuthRateLimitGuard implements CanActivate {
  private readonly byIp: RateLimiterMemory;
  private readonly byEmail: RateLimiterMemory;

  constructor(@Inject(APP_OPTIONS) private readonly options: AppOptions) {
    const { perIp, perEmail } = options.config.authRateLimit;
    this.byIp = new RateLimiterMemory({ keyPrefix: 'ip', points: perIp, duration: 60 });
    this.byEmail = new RateLimiterMemory({ keyPrefix: 'email', points: perEmail, duration: 600 });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const { perIp } = this.options.config.authRateLimit;
    const ip = await this.take(this.byIp, ipKey(request.ip), reply);
    reply.header('RateLimit-Policy', `"ip";q=${perIp};w=60`);
    reply.header('RateLimit', `"ip";r=${ip.remainingPoints};t=${Math.ceil(ip.msBeforeNext / 1000)}`);
    const email = emailOf(request.body);
    if (email) await this.take(this.byEmail, email, reply);
    return true;
  }

  private async take(limiter: RateLimiterMemory, key: string, reply: FastifyReply): Promise<RateLimiterRes> {
    try {
      return await limiter.consume(key);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const retryAfter = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      reply.header('Retry-After', String(retryAfter));
      throw new DrfDetailError(HttpStatus.TOO_MANY_REQUESTS, Msg.throttled(retryAfter));
    }
  }
}
