import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';

const requests = new AsyncLocalStorage<FastifyRequest>();
const ORIGIN = Symbol('requestOrigin');
const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

type WithOrigin = FastifyRequest & { [ORIGIN]?: string | null };

/**
 * Keeps the request for the rest of its handling, so that media URLs can take the origin the
 * client used (Host, or X-Forwarded-Host/-Proto from a trusted proxy), the way DRF builds
 * absolute URLs from the request. A preHandler hook: it runs after the body is read (whose
 * stream events run outside any request context) and calls Nest's handler (guards, pipes, the
 * controller) inside the context. The origin is worked out on first use: most answers hold no
 * media URL.
 */
export function requestOriginHook(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  requests.run(request, done);
}

/** The origin of the request being answered, if any. */
export function currentRequestOrigin(): string | undefined {
  const req = requests.getStore() as WithOrigin | undefined;
  if (!req) return undefined;
  if (req[ORIGIN] === undefined) {
    const host = req.host; // Fastify: X-Forwarded-Host only from a trusted proxy
    req[ORIGIN] = host && SAFE_HOST.test(host) ? `${req.protocol}://${host}` : null;
  }
  return req[ORIGIN] ?? undefined;
}

/**
 * The UI language the client sends (Accept-Language: the web client sends its i18n language) of
 * the request being answered: 'ja', 'en', or undefined outside a request or without the header.
 */
export function currentRequestLanguage(): 'ja' | 'en' | undefined {
  const header = requests.getStore()?.headers['accept-language'];
  if (typeof header !== 'string' || !header.trim()) return undefined;
  return header.trim().toLowerCase().startsWith('ja') ? 'ja' : 'en';
}
