import { ExpressAdapter } from '@nestjs/platform-express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import FindMyWay from 'find-my-way';

type Handler = (req: Request, res: Response, next: NextFunction) => unknown;
type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: Method[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The longest path parameter matched (longer ones still reach their route, whose pipe answers 404). */
const MAX_PARAM_LENGTH = 4096;
/** An Express 5 path find-my-way reads as it is: plain segments and `:name` parameters, optionally one trailing `*name`. */
const PLAIN_PATH = /^(\/[A-Za-z0-9_.~-]*|\/:[A-Za-z_][A-Za-z0-9_]*)*(\/\*[A-Za-z_][A-Za-z0-9_]*)?\/?$/;

/**
 * Nest's Express adapter with the routes in a radix tree (find-my-way, Fastify's router)
 * instead of Express's route list.
 *
 * Express finds a route by testing every registered path in turn, so a request for the 59th of
 * ~100 routes ran 59 regular expressions and as many layers of its router: 100 µs of CPU per
 * request, the largest single cost of a Book list after the database (`npm run bench`, CPU
 * profile). Here the controllers' routes go into one tree, looked up once by a single
 * middleware placed where Express's route layers would have been; everything around them
 * (global middleware and Nest's middleware before, Nest's not-found handler after) is unchanged.
 *
 * Kept from Express: a path matches with or without its trailing slash; HEAD is answered by the
 * GET route; OPTIONS without a route of its own lists the path's methods in `Allow`;
 * `req.params` holds the decoded parameters, a trailing wildcard as its segments.
 * As in DRF (Django's URL patterns) and unlike Express, paths are case-sensitive. A path
 * find-my-way cannot express stays with Express.
 */
export class RouteIndexExpressAdapter extends ExpressAdapter {
  private readonly tree = FindMyWay({ ignoreTrailingSlash: true, caseSensitive: true, maxParamLength: MAX_PARAM_LENGTH });
  private mounted = false;
  private indexing = false;
  private readonly explicitHead = new Set<string>();

  /**
   * Routes added from now on (the controllers', when Nest initialises) go into the tree; those
   * added before (Swagger UI's, set up beside its static files) stay in Express's order.
   */
  indexRoutes(): void {
    this.indexing = true;
  }

  // The lookup is mounted when Nest adds its not-found handler, right after the controllers'
  // routes: after every middleware (global, and Nest's per-route ones such as the request logger
  // and the rate limits), exactly where Express's route layers were.
  override setNotFoundHandler(...args: Parameters<ExpressAdapter['setNotFoundHandler']>) {
    this.mount();
    return super.setNotFoundHandler(...args);
  }

  override get(...args: unknown[]) {
    return this.add(['GET', 'HEAD'], args, () => (super.get as (...a: unknown[]) => unknown).apply(this, args));
  }
  override head(...args: unknown[]) {
    return this.add(['HEAD'], args, () => (super.head as (...a: unknown[]) => unknown).apply(this, args));
  }
  override post(...args: unknown[]) {
    return this.add(['POST'], args, () => (super.post as (...a: unknown[]) => unknown).apply(this, args));
  }
  override put(...args: unknown[]) {
    return this.add(['PUT'], args, () => (super.put as (...a: unknown[]) => unknown).apply(this, args));
  }
  override patch(...args: unknown[]) {
    return this.add(['PATCH'], args, () => (super.patch as (...a: unknown[]) => unknown).apply(this, args));
  }
  override delete(...args: unknown[]) {
    return this.add(['DELETE'], args, () => (super.delete as (...a: unknown[]) => unknown).apply(this, args));
  }

  private add(methods: Method[], args: unknown[], fallback: () => unknown): unknown {
    const [path, handler] = args;
    if (!this.indexing || args.length !== 2 || typeof path !== 'string' || typeof handler !== 'function' || !PLAIN_PATH.test(path)) return fallback();
    const wildcard = /\/\*([A-Za-z_][A-Za-z0-9_]*)\/?$/.exec(path)?.[1];
    const treePath = wildcard ? path.replace(/\*[A-Za-z_][A-Za-z0-9_]*\/?$/, '*') : path;
    const route = wildcard ? withWildcardParam(handler as Handler, wildcard) : (handler as Handler);
    for (const method of methods) {
      const key = `${method} ${treePath}`;
      if (method === 'HEAD' && methods.length > 1) {
        // HEAD follows GET unless a route of its own was (or will be) registered.
        if (this.explicitHead.has(key) || this.tree.hasRoute(method, treePath)) continue;
      } else if (method === 'HEAD') {
        this.explicitHead.add(key);
        if (this.tree.hasRoute(method, treePath)) this.tree.off(method, treePath);
      } else if (this.tree.hasRoute(method, treePath)) {
        continue; // as in Express: the first route registered for a path answers
      }
      this.tree.on(method, treePath, route as never);
    }
    return this.instance;
  }

  /** One middleware in Express's stack, where the first route would have been. */
  private mount(): void {
    if (this.mounted) return;
    this.mounted = true;
    const tree = this.tree;
    const dispatch: RequestHandler = (req, res, next) => {
      const found = tree.find(req.method as Method, req.url);
      if (!found) return req.method === 'OPTIONS' ? answerOptions(tree, req, res, next) : next();
      req.params = found.params as Request['params'];
      (found.handler as unknown as Handler)(req, res, next);
    };
    this.instance.use(dispatch);
  }
}

/** Express 5 gives a trailing `*name` as the array of its segments; find-my-way as one string `*`. */
function withWildcardParam(handler: Handler, name: string): Handler {
  return (req, res, next) => {
    const params = req.params as Record<string, unknown>;
    const rest = String(params['*'] ?? '');
    if (!rest) return next(); // Express's `*name` needs at least one segment
    delete params['*'];
    params[name] = rest.split('/');
    return handler(req, res, next);
  };
}

/** Express's automatic OPTIONS answer: 200 with the path's methods in `Allow` (and as the body). */
function answerOptions(tree: FindMyWay.Instance<FindMyWay.HTTPVersion.V1>, req: Request, res: Response, next: NextFunction): void {
  const allowed = METHODS.filter((method) => tree.find(method, req.url) !== null)
    .sort()
    .join(', ');
  if (!allowed) return next();
  res.setHeader('Allow', allowed);
  res.setHeader('Content-Type', 'text/plain');
  res.setHeader('Content-Length', Buffer.byteLength(allowed));
  res.end(allowed);
}
