import type { NextFunction, Request, Response } from 'express';
import { Msg } from './drf-errors';
import { ipKeyGenerator, rateLimit, type RateLimitRequestHandler } from 'express-rate-limit';

/**
 * Rate limits for the account endpoints, per client IP and per e-mail address in the body.
 * Over the limit: 429 with Retry-After and DRF's message. The store is in memory; with several
 * API processes give express-rate-limit a shared store (e.g. rate-limit-redis).
 */
export function authRateLimits(perIpPerMinute: number, perEmailPer10Minutes: number): Array<(req: Request, res: Response, next: NextFunction) => void> {
  const handler = (_req: Request, res: Response, _next: NextFunction, options: { windowMs: number }) => {
    const retryAfter = Math.ceil(Number(res.getHeader('Retry-After') ?? options.windowMs / 1000));
    res.setHeader('Retry-After', String(retryAfter));
    res.status(429).json({ detail: Msg.throttled(retryAfter) });
  };
  const emailOf = (req: Request): string | undefined => {
    const email = (req.body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
  };
  const byIp: RateLimitRequestHandler = rateLimit({
    windowMs: 60_000,
    limit: perIpPerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
    handler,
  });
  const byEmail: RateLimitRequestHandler = rateLimit({
    windowMs: 10 * 60_000,
    limit: perEmailPer10Minutes,
    standardHeaders: false,
    legacyHeaders: false,
    skip: (req) => !emailOf(req),
    keyGenerator: (req) => `email:${emailOf(req)}`,
    handler,
  });
  return [byIp, byEmail];
}
