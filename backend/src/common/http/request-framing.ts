import { BadRequestException } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { Msg } from './drf-errors';

/**
 * The framing of a request (its Content-Type's grammar, a multipart body's boundary and part
 * headers, a body nobody reads) handled so that authentication still answers first and the
 * client always gets to read the answer:
 *
 * - a Content-Type Fastify would refuse with 415 before any route runs is put aside: the body
 *   is then unreadable (415) only when a handler reads it, after the guards (`screenContentType`);
 * - a multipart body's boundary is checked against RFC 2046 (1 to 70 characters of its set)
 *   and its part headers are bounded in size and lines, both when the upload interceptor
 *   starts reading it, so after the guards too (`guardMultipart`): 400 instead of busboy's
 *   exception (a 500) for a boundary over 252 characters, or a silent truncation of headers;
 * - an answer given before the body was read (a 401 for a visitor's upload) waits until the
 *   body has arrived, up to a bound, so that a client that writes all of its body before
 *   reading sees the answer instead of a reset connection (`drainBeforeAnswer`).
 */

/** RFC 2046 §5.1.1: 1 to 70 characters, the last not a space. */
export const MAX_BOUNDARY_LENGTH = 70;
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;
/** One part's header block (browsers send two short lines; a long file name is a few hundred bytes). */
export const MAX_PART_HEADER_BYTES = 16 * 1024;
export const MAX_PART_HEADER_LINES = 16;

/** Fastify's own test of a media type (lib/content-type.js): what fails it is answered 415 before routing. */
const TYPE_NAME = /^[\w!#$%&'*+.^`|~-]+$/;
const SUBTYPE_NAME = /^[\w!#$%&'*+.^`|~-]+\s*$/;
export function fastifyAcceptsContentType(header: string): boolean {
  if (header === '' || header === 'undefined') return false;
  const semicolon = header.indexOf(';');
  const mediaType = semicolon === -1 ? header : header.slice(0, semicolon);
  const slash = mediaType.indexOf('/');
  if (slash === -1) return false;
  return TYPE_NAME.test(mediaType.slice(0, slash).trimStart()) && SUBTYPE_NAME.test(mediaType.slice(slash + 1).trimEnd());
}

const UNREADABLE_TYPE = Symbol('unreadableContentType');
type Raw = IncomingMessage & { [UNREADABLE_TYPE]?: string };

/** The Content-Type the request came with when it was put aside as unreadable, else undefined. */
export function unreadableContentType(raw: IncomingMessage): string | undefined {
  return (raw as Raw)[UNREADABLE_TYPE];
}

/** 415 as DRF's parser negotiation answers a media type no parser reads. */
export function unsupportedMediaType(): Error {
  return Object.assign(new Error(Msg.unsupportedMediaType), { status: 415, statusCode: 415 });
}

/**
 * The `boundary` parameter of a multipart Content-Type (quoted or not), else undefined.
 * Several `boundary` parameters are refused (undefined): which one a parser takes is not sure.
 */
export function boundaryOf(contentType: string): string | undefined {
  const found: string[] = [];
  const param = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/gi;
  for (let m = param.exec(contentType); m; m = param.exec(contentType)) found.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]);
  return found.length === 1 ? found[0] : undefined;
}

export function validBoundary(boundary: string | undefined): boundary is string {
  return boundary !== undefined && BOUNDARY.test(boundary);
}

const multipartError = (detail: string) => new BadRequestException({ detail: Msg.multipartParse(detail) });
/** Details of the multipart parse error (values of its template, as the JSON parser's are). */
const INVALID_BOUNDARY = 'Invalid boundary in multipart.';
const PART_HEADERS_TOO_LARGE = `Part headers too large (more than ${MAX_PART_HEADER_BYTES} bytes or ${MAX_PART_HEADER_LINES} lines).`;

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * Follows a multipart body chunk by chunk, as busboy's parser frames it (a delimiter is CRLF
 * `--boundary`, the first one may open the body without its CRLF; a part's headers end at an
 * empty line; `--` after a delimiter closes the body), and reports the first part whose header
 * block is larger than the limits. It only looks: busboy parses the same bytes.
 */
export class PartHeaderWatch {
  private readonly delimiter: Buffer;
  private mode: 'body' | 'afterDelimiter' | 'header' | 'done' = 'body';
  /** The last bytes of the current mode's data, for a needle split across chunks. */
  private tail: Buffer = CRLF; // the body may open with a delimiter without its CRLF
  private dashes = 0;
  private headerBytes = 0;
  private headerLines = 0;

  constructor(boundary: string) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  }

  /** false once a part's headers are over the limits. */
  push(chunk: Buffer): boolean {
    let at = 0;
    while (at < chunk.length && this.mode !== 'done') {
      if (this.mode === 'body') {
        const end = this.find(this.delimiter, chunk, at);
        if (end === -1) return this.keepTail(this.delimiter, chunk, at);
        at = end;
        this.enter('afterDelimiter');
      } else if (this.mode === 'afterDelimiter') {
        // `--` closes the body; anything else starts a part (the rest of the delimiter's line and its headers).
        if (chunk[at] === 0x2d) {
          this.dashes++;
          at++;
          if (this.dashes === 2) this.enter('done');
          continue;
        }
        this.headerBytes = this.dashes;
        this.headerLines = 0;
        this.enter('header');
      } else {
        const end = this.find(HEADER_END, chunk, at);
        const upTo = end === -1 ? chunk.length : end;
        this.headerBytes += upTo - at;
        this.headerLines += countCrlf(chunk, at, upTo);
        if (this.headerBytes > MAX_PART_HEADER_BYTES + HEADER_END.length || this.headerLines > MAX_PART_HEADER_LINES + 2) return false;
        if (end === -1) return this.keepTail(HEADER_END, chunk, at);
        at = end;
        this.enter('body');
      }
    }
    return true;
  }

  private enter(mode: PartHeaderWatch['mode']): void {
    this.mode = mode;
    this.tail = Buffer.alloc(0);
    if (mode === 'afterDelimiter') this.dashes = 0;
  }

  /** Where `needle` ends in `chunk` (from `at`), counting the tail kept from the previous chunk; -1 if not found. */
  private find(needle: Buffer, chunk: Buffer, at: number): number {
    if (at === 0 && this.tail.length) {
      const joint = Buffer.concat([this.tail, chunk.subarray(0, needle.length - 1)]);
      const i = joint.indexOf(needle);
      if (i !== -1) return i + needle.length - this.tail.length;
    }
    const i = chunk.indexOf(needle, at);
    return i === -1 ? -1 : i + needle.length;
  }

  private keepTail(needle: Buffer, chunk: Buffer, at: number): true {
    const keep = needle.length - 1;
    const fresh = chunk.subarray(at);
    // The tail is empty when the mode began in this chunk.
    const seen = fresh.length >= keep ? fresh : Buffer.concat([this.tail, fresh]);
    this.tail = Buffer.from(seen.subarray(Math.max(0, seen.length - keep)));
    return true;
  }
}

function countCrlf(chunk: Buffer, from: number, to: number): number {
  let n = 0;
  for (let i = chunk.indexOf(0x0a, from); i !== -1 && i < to; i = chunk.indexOf(0x0a, i + 1)) n++;
  return n;
}

type PartsFn = (this: FastifyRequest, options?: unknown) => unknown;

/**
 * Wraps `request.parts()` (@fastify/multipart; the upload interceptors call it after the guards)
 * so that a bad boundary is a 400 before busboy sees it, and so that a part header block over
 * the limits fails the parse with a 400: the error is raised on the request stream, where
 * @fastify/multipart listens for the request's own errors (it destroys the file being read,
 * the interceptor removes what it stored and drains the body).
 */
function guardMultipart(request: FastifyRequest): void {
  const parts = (request as unknown as { parts?: PartsFn }).parts;
  const contentType = request.headers['content-type'];
  if (typeof parts !== 'function' || typeof contentType !== 'string' || !/^\s*multipart\//i.test(contentType)) return;
  (request as unknown as { parts: PartsFn }).parts = function guardedParts(this: FastifyRequest, options?: unknown) {
    const boundary = boundaryOf(contentType);
    if (!validBoundary(boundary)) throw multipartError(INVALID_BOUNDARY);
    const raw = this.raw;
    const watch = new PartHeaderWatch(boundary);
    const stop = () => {
      raw.removeListener('data', onData);
      raw.removeListener('end', stop);
    };
    const onData = (chunk: Buffer) => {
      if (watch.push(chunk)) return;
      stop();
      // Only while @fastify/multipart listens (an 'error' nobody listens for would throw).
      if (raw.listenerCount('error') > 0) raw.emit('error', multipartError(PART_HEADERS_TOO_LARGE));
    };
    // Before busboy's own listener (the pipe's), and without starting the flow: the pipe does.
    raw.prependListener('data', onData);
    raw.once('end', stop);
    return parts.call(this, options);
  };
}

/**
 * onRequest: a Content-Type Fastify cannot parse is removed (and remembered), so that Fastify
 * does not answer 415 before the guards; the body parser then leaves an unreadable body (415
 * when the handler reads it). Multipart requests get the guarded `parts()`.
 */
export function screenContentType(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  const raw = request.raw as Raw;
  const contentType = raw.headers['content-type'];
  if (contentType !== undefined && !fastifyAcceptsContentType(contentType)) {
    raw[UNREADABLE_TYPE] = contentType;
    delete raw.headers['content-type'];
  } else if (contentType !== undefined) {
    guardMultipart(request);
  }
  done();
}

/**
 * onSend: when the answer is ready before the request's body has been read (a guard refused a
 * visitor's upload, a 404), the rest of the body is read and discarded first, up to
 * `maxBytes` (and `maxMs`), so that the connection is not closed under a client still sending
 * (a reset, which loses the answer for a client that reads only after writing). A body
 * declared larger than that, or still arriving after it, is not waited for: the answer leaves
 * with `Connection: close`.
 */
export function drainBeforeAnswer(fastify: FastifyInstance, { maxBytes, maxMs }: { maxBytes: number; maxMs: number }): void {
  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void) => {
    const raw = request.raw;
    if (raw.complete || raw.destroyed || raw.readableEnded) return done(null, payload);
    const declared = Number(raw.headers['content-length']);
    if (declared > maxBytes) {
      void reply.header('Connection', 'close');
      return done(null, payload);
    }
    let read = 0;
    let finished = false;
    const finish = (closeAfter: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      raw.removeListener('data', onData);
      raw.removeListener('end', onEnd);
      raw.removeListener('close', onEnd);
      raw.removeListener('error', onEnd);
      if (closeAfter) void reply.header('Connection', 'close');
      done(null, payload);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > maxBytes) finish(true);
    };
    const onEnd = () => finish(false);
    const timer = setTimeout(() => finish(true), maxMs);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('close', onEnd);
    raw.once('error', onEnd);
    // Whatever still reads the body (a parser the answer made pointless) lets go of it.
    raw.unpipe();
    raw.resume();
  });
}
