import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * helmet's headers, worked out once. helmet runs a chain of thirteen middlewares per request
 * to set the same fixed headers each time (our options have no per-request parts such as CSP
 * nonces); here helmet runs once at start against a recording response, and each request gets
 * the recorded headers in one step. The headers are exactly helmet's.
 */
export function securityHeaders(options: Parameters<typeof helmet>[0]): RequestHandler {
  const set: Array<[string, string | string[]]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | string[]) => void set.push([name, Array.isArray(value) ? value : String(value)]),
    removeHeader: (name: string) => void removed.push(name),
    getHeader: () => undefined,
  };
  let finished = false;
  helmet(options)({ method: 'GET', headers: {} } as Request, recorder as unknown as Response, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}
