import { isUtf8 } from 'node:buffer';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { MAX_INPUT_DEPTH, UnreadableBody } from './validation';

type RequestWithRawBody = Request & { rawBody?: Buffer };

/**
 * The nesting depth of a JSON text, scanning bytes (no recursion, strings skipped). JSON.parse
 * copes with deep input, but class-transformer later recurses once per level and overflows
 * the stack, so a body deeper than MAX_INPUT_DEPTH is refused as a parse error.
 */
export function jsonDepthExceeds(buf: Buffer, limit = MAX_INPUT_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i];
    if (inString) {
      if (b === 0x5c) i++; // backslash: skip the escaped byte
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x7b || b === 0x5b) {
      if (++depth > limit) return true;
    } else if (b === 0x7d || b === 0x5d) depth--;
  }
  return false;
}

function verifyJson(req: RequestWithRawBody, _res: Response, buf: Buffer): void {
  req.rawBody = buf; // Stripe webhooks verify signatures over the raw body (as Nest's rawBody: true)
  // As DRF: JSON is UTF-8, and bytes that are not are a parse error, not replacement characters.
  if (!isUtf8(buf)) throw Object.assign(new Error('Invalid UTF-8 in the request body.'), { status: 400, type: 'entity.parse.failed' });
  if (jsonDepthExceeds(buf)) {
    throw Object.assign(new Error(`Nested too deep (more than ${MAX_INPUT_DEPTH} levels).`), { status: 400, type: 'entity.parse.failed' });
  }
}

function keepRaw(req: RequestWithRawBody, _res: Response, buf: Buffer): void {
  req.rawBody = buf;
}

/**
 * Runs a body parser but holds back its error (broken JSON 400, too large 413, unknown
 * Content-Encoding 415) in `req.body`: the validation pipe raises it when the handler reads its
 * `@Body()`, which is after the guards. So a visitor on a protected route gets 401 whatever the
 * body, and a route that reads no body ignores it, as in DRF (which parses the body lazily).
 */
function deferringErrors(name: string, parser: RequestHandler): RequestHandler {
  const handler = (req: Request, res: Response, next: NextFunction) => {
    // No body (most requests: GET, DELETE): nothing to parse, as body-parser itself decides
    // (type-is' hasBody), without its per-request set-up.
    if (req.headers['transfer-encoding'] === undefined && req.headers['content-length'] === undefined) return next();
    parser(req, res, (err?: unknown) => {
      if (err) req.body = new UnreadableBody(err);
      next();
    });
  };
  // Nest skips its own parsers when middleware of these names is already registered.
  Object.defineProperty(handler, 'name', { value: name });
  return handler;
}

/** Registered in place of Nest's default JSON and urlencoded parsers (see bootstrap.ts). */
export function deferredBodyParsers(): RequestHandler[] {
  return [
    deferringErrors('jsonParser', express.json({ verify: verifyJson })),
    deferringErrors('urlencodedParser', express.urlencoded({ extended: true, verify: keepRaw })),
  ];
}
