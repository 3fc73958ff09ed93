import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';

const requests = new AsyncLocalStorage<Request>();
const ORIGIN = Symbol('requestOrigin');
const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

type WithOrigin = Request & { [ORIGIN]?: string | null };

/**
 * Keeps the request for the rest of its handling, so that media URLs can take the origin the
 * client used (Host, or X-Forwarded-Host/-Proto from a trusted proxy), the way DRF builds
 * absolute URLs from the request. The origin is worked out on first use: most answers hold no
 * media URL, and the trusted-proxy checks behind `req.host`/`req.protocol` cost ~10 µs.
 */
export function requestOriginMiddleware(req: Request, _res: Response, next: NextFunction): void {
  requests.run(req, next);
}

/** The origin of the request being answered, if any. */
export function currentRequestOrigin(): string | undefined {
  const req = requests.getStore() as WithOrigin | undefined;
  if (!req) return undefined;
  if (req[ORIGIN] === undefined) {
    const host = req.host; // Express: X-Forwarded-Host only from a trusted proxy
    req[ORIGIN] = host && SAFE_HOST.test(host) ? `${req.protocol}://${host}` : null;
  }
  return req[ORIGIN] ?? undefined;
}
