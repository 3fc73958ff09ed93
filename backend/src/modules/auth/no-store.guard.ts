import { type CanActivate, type ExecutionContext, Header, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** For answers that carry a token, a key's account or account data: no cache may keep them. */
export const NoStore = () => Header('Cache-Control', 'no-store');

/**
 * Every answer to a request with `Authorization` is about its user (their profile, their
 * account, their Books): `Cache-Control: no-store`, so that neither a shared cache nor the
 * browser's keeps it (a later user of the same computer, the back button after logging out).
 * Routes that send their own Cache-Control (file downloads) set it after this. Not a check:
 * it always lets the request through, whichever global guard runs first.
 */
@Injectable()
export class NoStoreGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    if (http.getRequest<FastifyRequest>().headers.authorization !== undefined) void http.getResponse<FastifyReply>().header('Cache-Control', 'no-store');
    return true;
  }
}
