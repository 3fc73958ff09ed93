import {
  applyDecorators,
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  HttpStatus,
  Inject,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isIPv6 } from 'node:net';
import { type Observable, tap } from 'rxjs';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { DrfDetailError, Msg } from './drf-errors';
import { RateLimitStore } from './rate-limit-store';

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

/** 429 in DRF's words, with `Retry-After` (sent by DrfExceptionFilter). */
export function throttled(msBeforeNext: number): DrfDetailError {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new DrfDetailError(HttpStatus.TOO_MANY_REQUESTS, Msg.throttled(retryAfter), { 'Retry-After': String(retryAfter) });
}

/** The account endpoints with limits; each has counters of its own. */
export type RateLimitedAction = 'register' | 'login' | 'forgot-password' | 'reset-password' | 'resend-verification';

/**
 * Which endpoints also count per e-mail address in the body. Not login (its failures count per
 * address *and* client, LoginFailureLimit), nor reset-password (its e-mail is optional and its
 * key cannot be guessed): there a count per address would let anyone lock its owner out.
 */
const PER_EMAIL: Record<RateLimitedAction, boolean> = {
  register: true,
  login: false,
  'forgot-password': true,
  'reset-password': false,
  'resend-verification': true,
};

const ACTION = 'rate-limit:action';

/** Limits the route per client IP (and per e-mail address where PER_EMAIL says so), on counters of its own. */
export const RateLimited = (action: RateLimitedAction) => applyDecorators(SetMetadata(ACTION, action), UseGuards(AuthRateLimitGuard));

/**
 * Rate limits of the account endpoints (register, login, forgot-password, reset-password,
 * resend-verification): per client IP, and for register, forgot-password and resend-verification
 * per e-mail address in the body, each endpoint
 * on counters of its own (ten forgot-password calls for an address do not keep its owner from
 * logging in). Over the limit: 429 with Retry-After and DRF's message; within it, the per-IP
 * state in the `RateLimit-Policy`/`RateLimit` headers (IETF draft 8). The counters are those of
 * RateLimitStore: in memory, or in Redis shared by every process (REDIS_URL).
 */
@Injectable()
export class AuthRateLimitGuard implements CanActivate {
  constructor(
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly reflector: Reflector,
    private readonly store: RateLimitStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    // A route guarded without @RateLimited() counts per IP on a counter of its own route.
    const action = this.reflector.get<RateLimitedAction | undefined>(ACTION, context.getHandler()) ?? `${request.method} ${request.routeOptions.url ?? ''}`;
    const { perIp, perEmail } = this.options.config.authRateLimit;
    const ip = await take(this.store.limiter({ keyPrefix: `${action}:ip`, points: perIp, duration: 60 }), ipKey(request.ip));
    reply.header('RateLimit-Policy', `"ip";q=${perIp};w=60`);
    reply.header('RateLimit', `"ip";r=${ip.remainingPoints};t=${Math.ceil(ip.msBeforeNext / 1000)}`);
    const email = PER_EMAIL[action as RateLimitedAction] ? emailOf(request.body) : undefined;
    if (email) await take(this.store.limiter({ keyPrefix: `${action}:email`, points: perEmail, duration: 600 }), email);
    return true;
  }
}

async function take(limiter: RateLimiterAbstract, key: string): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    throw throttled(err.msBeforeNext);
  }
}

/**
 * Failed logins, counted per e-mail address and client IP together (AUTH_RATE_LIMIT_PER_EMAIL
 * per 10 minutes): guesses from one client cannot lock the address's owner out on another.
 * The per-IP limit of every login call (AuthRateLimitGuard) bounds guessing across addresses.
 * A successful login clears its client's count.
 */
@Injectable()
export class LoginFailureLimit {
  private readonly failures: RateLimiterAbstract;

  constructor(@Inject(APP_OPTIONS) options: AppOptions, store: RateLimitStore) {
    this.failures = store.limiter({ keyPrefix: 'login-failures', points: options.config.authRateLimit.perEmail, duration: 600 });
  }

  private key(email: string, ip: string): string {
    return `${email.trim().toLowerCase()} ${ipKey(ip)}`;
  }

  /** 429 when this client has failed too often for this address. */
  async check(email: string, ip: string): Promise<void> {
    const state = await this.failures.get(this.key(email, ip));
    if (state && state.consumedPoints >= this.failures.points) throw throttled(state.msBeforeNext);
  }

  async failed(email: string, ip: string): Promise<void> {
    await this.failures.penalty(this.key(email, ip), 1);
  }

  async succeeded(email: string, ip: string): Promise<void> {
    await this.failures.delete(this.key(email, ip));
  }
}

/**
 * Spam brakes (issue 38): what one account may do per window, counted per account on the
 * counters of RateLimitStore (per process, or shared through Redis). Figures in docs/operations.md.
 */
export const ACCOUNT_LIMITS = {
  post: { points: 60, duration: 600 },
  comment: { points: 120, duration: 600 },
  follow: { points: 200, duration: 3600 },
  report: { points: 20, duration: 3600 },
} as const;
export type AccountAction = keyof typeof ACCOUNT_LIMITS;

/** Takes one of the account's `action` points; over the limit a 429 with Retry-After. */
export function takeAccountPoint(store: RateLimitStore, action: AccountAction, userId: number): Promise<RateLimiterRes> {
  return take(store.limiter({ keyPrefix: `account:${action}`, ...ACCOUNT_LIMITS[action] }), String(userId));
}

const ACCOUNT_ACTION = 'rate-limit:account-action';

/**
 * Limits the route per account (the viewer; the token guard has run) with ACCOUNT_LIMITS[action].
 * What counts is what was done: a request over the limit is refused (429 with Retry-After) before
 * it is handled, but only an answered one (2xx) takes a point — a refused or invalid request
 * (400, 403, 404) is no post, comment or follow.
 */
export const AccountRateLimited = (action: AccountAction) => applyDecorators(SetMetadata(ACCOUNT_ACTION, action), UseInterceptors(AccountRateLimitInterceptor));

@Injectable()
export class AccountRateLimitInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly store: RateLimitStore,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const action = this.reflector.get<AccountAction>(ACCOUNT_ACTION, context.getHandler());
    const user = context.switchToHttp().getRequest<FastifyRequest & { user?: { id: number } }>().user;
    if (!action || !user) return next.handle();
    const limiter = this.store.limiter({ keyPrefix: `account:${action}`, ...ACCOUNT_LIMITS[action] });
    const key = String(user.id);
    const state = await limiter.get(key);
    if (state && state.consumedPoints >= ACCOUNT_LIMITS[action].points) throw throttled(state.msBeforeNext);
    return next.handle().pipe(
      tap(() => {
        // Counted after the fact; two requests racing at the limit may both pass (by one).
        limiter.consume(key).catch(() => undefined);
      }),
    );
  }
}
