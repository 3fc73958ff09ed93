import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';

const origins = new AsyncLocalStorage<string>();
const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * Remembers the origin the client used (Host, or X-Forwarded-Host/-Proto from a trusted proxy)
 * for the rest of the request, the way DRF builds absolute URLs from the request.
 */
export function requestOriginMiddleware(req: Request, _res: Response, next: NextFunction): void {
  const host = req.host; // Express: X-Forwarded-Host only from a trusted proxy
  const origin = host && SAFE_HOST.test(host) ? `${req.protocol}://${host}` : undefined;
  if (!origin) return next();
  origins.run(origin, next);
}

/** The origin of the request being answered, if any. */
export function currentRequestOrigin(): string | undefined {
  return origins.getStore();
}
