import type helmet from 'helmet';
import helmetMiddleware from 'helmet';

/**
 * helmet's headers, worked out once. helmet is a chain of Connect middlewares that sets the same
 * fixed headers on every request (our options have no per-request parts such as CSP nonces):
 * here it runs once at start against a recording response, and each request gets the recorded
 * headers from one Fastify hook (MonobookFastifyAdapter). The headers are exactly helmet's.
 */
export function securityHeaders(options: Parameters<typeof helmet>[0]): Record<string, string | string[]> {
  const set: Record<string, string | string[]> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | string[]) => void (set[name] = Array.isArray(value) ? value : String(value)),
    removeHeader: () => undefined, // X-Powered-By: Fastify sends none
    getHeader: () => undefined,
  };
  let finished = false;
  helmetMiddleware(options)({ method: 'GET', headers: {} } as never, recorder as never, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return set;
}
