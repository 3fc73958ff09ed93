import bodyParser from 'body-parser';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import typeIs from 'type-is';
import { drainBeforeAnswer, screenContentType, unreadableContentType, unsupportedMediaType } from './request-framing';
import { MAX_INPUT_DEPTH, UnreadableBody } from './validation';

type RawWithBody = IncomingMessage & { body?: unknown; rawBody?: Buffer };
type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

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
      if (b === 0x5c)
        i++; // backslash: skip the escaped byte
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x7b || b === 0x5b) {
      if (++depth > limit) return true;
    } else if (b === 0x7d || b === 0x5d) depth--;
  }
  return false;
}

function verifyJson(req: RawWithBody, _res: ServerResponse, buf: Buffer): void {
  req.rawBody = buf; // Stripe webhooks verify signatures over the raw body (as Nest's rawBody: true)
  // As DRF: JSON is UTF-8, and bytes that are not are a parse error, not replacement characters.
  if (!isUtf8(buf)) throw Object.assign(new Error('Invalid UTF-8 in the request body.'), { status: 400, type: 'entity.parse.failed' });
  if (jsonDepthExceeds(buf)) {
    throw Object.assign(new Error(`Nested too deep (more than ${MAX_INPUT_DEPTH} levels).`), { status: 400, type: 'entity.parse.failed' });
  }
}

function keepRaw(req: RawWithBody, _res: ServerResponse, buf: Buffer): void {
  req.rawBody = buf;
}

/**
 * The request bodies this API reads, as before: JSON and urlencoded forms through body-parser
 * (the parsers of Express and of Nest's Express adapter: 100 kB limit, gzip/deflate bodies,
 * charsets, `qs` for nested form keys), multipart by the upload interceptors, anything else
 * left unread (the handler sees no body, as in Express) instead of Fastify's 415.
 *
 * A parser's error (broken JSON 400, too large 413, unknown Content-Encoding 415) is held back
 * in the body as an UnreadableBody: the validation pipe raises it when the handler reads its
 * `@Body()`, which is after the guards. So a visitor on a protected route gets 401 whatever the
 * body, and a route that reads no body ignores it, as in DRF (which parses the body lazily).
 * The same holds for a Content-Type Fastify cannot parse (415 once read) and for a multipart
 * body's framing (400 once read); an answer given before the body was read waits for it, up
 * to `maxBodyBytes` (see request-framing.ts).
 */
export function useBodyParsers(fastify: FastifyInstance, { maxBodyBytes = 64 * 1024 * 1024, maxDrainMs = 30_000 } = {}): void {
  const json = bodyParser.json({ verify: verifyJson }) as unknown as Middleware;
  const form = bodyParser.urlencoded({ extended: true, verify: keepRaw }) as unknown as Middleware;
  fastify.removeAllContentTypeParsers();
  fastify.addHook('onRequest', screenContentType);
  drainBeforeAnswer(fastify, { maxBytes: maxBodyBytes, maxMs: maxDrainMs });
  // '*' matches every type no other parser claims (@fastify/multipart adds multipart/form-data).
  fastify.addContentTypeParser('*', (request: FastifyRequest, _payload, done: (err: Error | null, body?: unknown) => void) => {
    const raw = request.raw as RawWithBody;
    if (unreadableContentType(raw) !== undefined) return done(null, new UnreadableBody(unsupportedMediaType()));
    const parser = typeIs(raw, ['application/json']) ? json : typeIs(raw, ['application/x-www-form-urlencoded']) ? form : undefined;
    // A Content-Type no parser reads (text/plain, multipart/mixed, …): 415 once the handler reads
    // its body, as DRF answers (a body without any Content-Type stays unread: DRF's empty data).
    if (!parser) return done(null, raw.headers['content-type'] ? new UnreadableBody(unsupportedMediaType()) : undefined);
    parser(raw, undefined as unknown as ServerResponse, (err?: unknown) => {
      (request as FastifyRequest & { rawBody?: Buffer }).rawBody = raw.rawBody;
      done(null, err ? new UnreadableBody(err) : raw.body);
    });
  });
}
