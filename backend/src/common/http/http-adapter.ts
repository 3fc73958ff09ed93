import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import FindMyWay from 'find-my-way';
import type { Socket } from 'node:net';
import { Msg, detailBody } from './drf-errors';

/** The longest path parameter matched (a longer one is a 404 before routing). */
const MAX_PARAM_LENGTH = 4096;
const METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT'] as const;
type Method = (typeof METHODS)[number];

type NotFoundHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/** The config of the frontend's catch-all route: not a path of the API, so not in OPTIONS' Allow. */
export const SPA_ROUTE = { spa: true } as const;

/**
 * Nest's Fastify adapter, set up the way this API has always answered:
 *
 * - a path matches with or without its trailing slash, and paths are case-sensitive (as in
 *   DRF's URL patterns); HEAD is answered by the GET route (Fastify's `exposeHeadRoutes`);
 * - every answer carries the fixed headers (helmet's security headers, `Vary: Accept-Encoding`);
 * - `X-Forwarded-*` are read from trusted proxies only (`TRUST_PROXY`, the same values as
 *   Express's `trust proxy`: a boolean, a hop count, or addresses/subnets);
 * - OPTIONS on a path without a route of its own answers 200 with the path's methods in `Allow`
 *   (and as the text body), as Express and DRF do, instead of Fastify's 404; any other method the
 *   path does not have answers 405 with `Allow`, as DRF does;
 * - a path that is not valid percent-encoding, or whose parameter is longer than 4096
 *   characters, names nothing: 404, as with Django's URL patterns;
 * - a message Node's HTTP parser refuses (a malformed Content-Length or Transfer-Encoding, both
 *   at once, a broken chunk, control characters in a header) reaches no route: it is answered
 *   400 `{"detail": "Bad request."}` (431 for headers too large, 408 for a timeout) and the
 *   connection is closed, as Node does, in DRF's shape instead of Fastify's.
 */
export class MonobookFastifyAdapter extends FastifyAdapter {
  /** Every route's methods by path, for OPTIONS (Fastify's own router only finds by method). */
  private readonly methods = FindMyWay({ ignoreTrailingSlash: true, caseSensitive: true, maxParamLength: MAX_PARAM_LENGTH });

  /**
   * @param trustProxy `TRUST_PROXY`
   * @param headers the headers of every answer (helmet's, Vary), set by one onRequest hook
   */
  constructor(trustProxy: boolean | number | string, headers: Record<string, string | string[]>) {
    super({
      // A hop count trusts that many proxies in front, as Express's `trust proxy` does
      // (Fastify would read a number as trusting none).
      trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
      routerOptions: { ignoreTrailingSlash: true, caseSensitive: true, maxParamLength: MAX_PARAM_LENGTH },
      // Errors Fastify meets before routing, answered as DRF would (no hook has run yet).
      clientErrorHandler: answerClientError,
      frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
        // A path that is not valid percent-encoding, or a parameter longer than any id: it names nothing.
        const badUrl = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
        void reply
          .headers(headers)
          .code(badUrl ? 404 : 400)
          .send(detailBody(badUrl ? 404 : 400, badUrl ? Msg.notFound : Msg.badRequest));
      },
    });
    const fastify = this.getInstance();
    fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      void reply.headers(headers);
      // Before any body handling (Fastify refuses a QUERY without Content-Type with 400 first).
      if (request.is404 && request.method !== 'OPTIONS' && this.answerMethodNotAllowed(request, reply)) return;
      done();
    });
    fastify.addHook('onRoute', (route: RouteOptions) => this.indexRoute(route));
  }

  override setNotFoundHandler(handler: NotFoundHandler) {
    return super.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (request.method === 'OPTIONS' && this.answerOptions(request, reply)) return;
      return handler(request, reply);
    });
  }

  private indexRoute(route: RouteOptions): void {
    if ((route.config as { spa?: boolean } | undefined)?.spa) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m): m is Method => (METHODS as readonly string[]).includes(m));
    for (const method of methods) {
      if (!this.methods.hasRoute(method, route.url)) this.methods.on(method, route.url, () => undefined);
      // Fastify adds HEAD to GET routes itself (exposeHeadRoutes), without a route of its own here.
      if (method === 'GET' && !this.methods.hasRoute('HEAD', route.url)) this.methods.on('HEAD', route.url, () => undefined);
    }
  }

  /**
   * A path the API has, asked with a method it does not have: 405 with the path's methods in
   * `Allow` and DRF's `{"detail": "Method \"X\" not allowed."}` (Fastify would answer 404).
   */
  private answerMethodNotAllowed(request: FastifyRequest, reply: FastifyReply): boolean {
    const allowed = this.allowedMethods(request.url);
    if (!allowed) return false;
    const method = request.method.slice(0, 32);
    void reply
      .code(405)
      .header('Allow', allowed)
      .send(detailBody(405, Msg.methodNotAllowed(method)));
    return true;
  }

  private allowedMethods(url: string): string {
    return METHODS.filter((method) => this.methods.find(method, url) !== null).join(', ');
  }

  /** Express's automatic OPTIONS answer: 200 with the path's methods in `Allow` (and as the body). */
  private answerOptions(request: FastifyRequest, reply: FastifyReply): boolean {
    const allowed = this.allowedMethods(request.url);
    if (!allowed) return false;
    void reply.header('Allow', allowed).type('text/plain').send(allowed);
    return true;
  }
}

/**
 * Node's `clientError`: the bytes are not an HTTP message the server can route. Answered only
 * when no answer has begun on the connection (as Node's own handler), then the socket closes.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify(detailBody(status, Msg.badRequest));
    const reason = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[status];
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
