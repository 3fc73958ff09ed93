import fc from 'fast-check';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import sharp from 'sharp';
import request from 'supertest';
import { checkResponse, openApi } from './helpers/openapi-check';
import { type RawRequest, type RawResponse, sendRaw } from './helpers/raw-http';
import type { StripeStandIn } from '../scripts/stripe-stand-in.mjs';
import { startStandIn, stripeEnv } from './helpers/stripe';
import { auth, signUp, startTestApp, type TestApp } from './helpers/test-app';

/**
 * Property-based fuzz driven by openapi.yaml: every operation gets bad ids and counts, bad text
 * (NUL, lone surrogates), null, deeply nested and unparsable bodies, in its path, query and
 * body (JSON or multipart), with no token, a valid token and a bad one. No answer may be a 5xx,
 * every answer must be one the document lists (the helper checks each), and nothing is stored.
 */

type Schema = { type?: string; $ref?: string; properties?: Record<string, Schema>; items?: Schema; format?: string; enum?: unknown[]; nullable?: boolean };
type Op = {
  method: string;
  template: string;
  protected: boolean;
  path: string[];
  query: Array<{ name: string; type?: string }>;
  json?: Record<string, Schema>;
  multipart?: Record<string, Schema>;
};

const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
// Far past MAX_INPUT_DEPTH (32); 5000 levels overflowed the test process's own stack at times (jest, busy machine).
const DEEP = 1000;

const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const DEEP_LEVELS = Symbol('deepLevels');
const deepValue = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = [v];
  Object.defineProperty(v, DEEP_LEVELS, { value: n });
  // fast-check prints a failing case; walking 5000 levels to do so overflows its stack and hides
  // the failure. The symbol-keyed method is how it prints this value instead (JSON skips it).
  Object.defineProperty(v, fc.toStringMethod, { value: () => `[…${n} nested arrays…]` });
  return v;
};

/** Ids and counts outside PostgreSQL integer (the database refuses them: must be a 400 first). */
const outOfRange: unknown[] = [2147483648, -2147483649, 1e300, 99999999999, '2147483648', '1e300', '99999999999'];
/** Values that are not integers at all; a boolean is not id 1. */
const notInts: unknown[] = [true, false, 1.5, -1, 'true', '1.5', '0x10', '', 'abc', '1\u0000', null, [], {}, [1, 2], { a: 1 }];
/** Text PostgreSQL refuses, or that is not text at all. */
const nulTexts: unknown[] = ['\u0000', 'a\u0000b', ['a\u0000']];
const surrogateTexts: unknown[] = ['\ud800', 'x\udfffy', '\udc00\ud800', 'emoji half \ud83d'];
const notTexts: unknown[] = [null, 12, true, [], {}];
/** Path segments that name nothing: ids out of range, not integers, NUL, broken UTF-8. */
const badSegments = ['2147483648', '99999999999999999999', '1e300', 'true', '1.5', '-1', '0', '%00', '1%00', '%ED%A0%80', '%F0', 'null', '%20', 'ja%00'];
/** Query values: the same classes, sent as the client would (percent-encoded). */
const badQueryValues = ['2147483648', '1e300', '99999999999', 'true', '1.5', '-1', '%00', 'a%00b', '%ED%A0%80', '%F0%9F', 'null', '[]', '%5B%5D'];

function resolve(schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.split('/').pop()!;
  return openApi().doc.components.schemas[name] as Schema;
}

function operations(): Op[] {
  const ops: Op[] = [];
  for (const [template, item] of Object.entries(openApi().doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      ops.push({
        method,
        template,
        // `security: [{token: []}, {}]` is an optional token: visitors may call it.
        protected: Boolean(op.security?.length) && !op.security!.some((r) => Object.keys(r as object).length === 0),
        path: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, type: p.schema?.type as string | undefined })),
        json: resolve(content['application/json']?.schema as Schema)?.properties,
        multipart: resolve(content['multipart/form-data']?.schema as Schema)?.properties,
      });
    }
  }
  return ops;
}

const isIntSchema = (s: Schema | undefined): boolean => s?.type === 'integer' || s?.type === 'number' || (s?.type === 'array' && isIntSchema(s.items));
const isBoolSchema = (s: Schema | undefined) => s?.type === 'boolean';

/** A bad value for one field of a JSON body, by its documented type. */
function badJsonValue(s: Schema): fc.Arbitrary<unknown> {
  const deep = { weight: 1, arbitrary: fc.constant(deepValue(DEEP)) };
  if (isIntSchema(s)) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...outOfRange) }, { weight: 3, arbitrary: fc.constantFrom(...notInts) }, deep);
  if (isBoolSchema(s)) return fc.constantFrom(null, 'maybe', 2, [], {}, '\u0000');
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.constantFrom(...nulTexts),
        fc.string().map((x) => `${x}\u0000${x}`),
      ),
    },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.constantFrom(...surrogateTexts),
        fc.string().map((x) => `${x}\ud83d`),
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(...notTexts) },
    deep,
  );
}

/** A plausible value, so that the bad field is not the only thing the server looks at. */
function fineJsonValue(name: string, s: Schema): unknown {
  if (isIntSchema(s)) return s.type === 'array' ? [1] : 1;
  if (isBoolSchema(s)) return true;
  if (s.enum) return s.enum[0];
  return /email/i.test(name) ? 'fuzz@example.com' : 'fuzz-value-1';
}

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  kind: 'none' | 'json' | 'raw' | 'multipart';
  json?: unknown;
  raw?: string | Buffer;
  fields?: Array<[string, string]>;
  file?: { field: string; name: string };
}

type AuthKind = 'none' | 'valid' | 'invalid' | 'malformed';

/** Whole-body problems: each is refused before any handler runs. */
const rawBodies: Array<{ body: () => string | Buffer; headers?: Record<string, string> }> = [
  { body: () => '{"broken": ' },
  { body: () => deepArray(DEEP) },
  { body: () => deepObject(DEEP) },
  { body: () => `{"x": "${'a'.repeat(150_000)}"}` }, // over the 100 kB limit
  { body: () => '{"x": 1}', headers: { 'Content-Encoding': 'x-unknown' } },
  { body: () => Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) }, // not UTF-8
  { body: () => '{"x": "\\u0000"', headers: {} },
];

function requestFor(op: Op, ctx: { profileId: number }): fc.Arbitrary<Sent> {
  const pathArb = fc.tuple(...op.path.map(() => fc.oneof(fc.constantFrom(...badSegments), fc.constant(String(ctx.profileId)), fc.constant('999999'))));
  const queryArb = fc.tuple(
    ...op.query.map((q) =>
      fc.option(
        fc.oneof(
          fc.constantFrom(...badQueryValues).map((v) => `${q.name}=${v}`),
          fc.constant(`${q.name}=1&${q.name}=2`),
          fc.string().map((s) => `${q.name}=${encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))}%00`),
        ),
      ),
    ),
  );
  const build = (segments: string[], query: Array<string | null>): Omit<Sent, 'kind' | 'headers'> => {
    let i = 0;
    const url = op.template.replace(/\{[^}]+\}/g, () => segments[i++]);
    const qs = query.filter((x): x is string => x !== null).join('&');
    return { method: op.method, url: qs ? `${url}?${qs}` : url };
  };
  const rawArb = fc.constantFrom(...rawBodies).map((r) => ({ raw: r.body(), headers: { 'Content-Type': 'application/json', ...(r.headers ?? {}) } }));

  let bodyArb: fc.Arbitrary<Pick<Sent, 'kind' | 'json' | 'raw' | 'fields' | 'file' | 'headers'>>;
  if (op.json) {
    const props = Object.entries(op.json);
    // One field is always bad; the others are plausible, missing or bad too.
    const objectArb = fc
      .nat({ max: props.length - 1 })
      .chain((forced) =>
        fc
          .tuple(
            ...props.map(([name, s], i) =>
              i === forced ? badJsonValue(s) : fc.oneof(fc.constant(fineJsonValue(name, s)), fc.constant(undefined), badJsonValue(s)),
            ),
          )
          .map((values) => Object.fromEntries(props.map(([name], i) => [name, values[i]]).filter(([, v]) => v !== undefined))),
      );
    bodyArb = fc.oneof(
      { weight: 6, arbitrary: objectArb.map((json) => ({ kind: 'json' as const, json, headers: {} })) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom<unknown>(null, [], 1, 'text', [deepValue(10)])
          .map((json) => ({ kind: 'raw' as const, raw: JSON.stringify(json), headers: { 'Content-Type': 'application/json' } })),
      },
      { weight: 2, arbitrary: rawArb.map((r) => ({ kind: 'raw' as const, ...r })) },
    );
  } else if (op.multipart) {
    const props = Object.entries(op.multipart).filter(([, s]) => s.format !== 'binary');
    const badField = (s: Schema) =>
      isIntSchema(s)
        ? fc.constantFrom('2147483648', '1e300', 'true', '1.5', '-1', '1\u0000')
        : isBoolSchema(s)
          ? fc.constantFrom('maybe', '\u0000')
          : fc.oneof(
              fc.constantFrom('\u0000', 'a\u0000b'),
              fc.string().map((x) => `${x}\u0000`),
            );
    const fieldsArb = fc.nat({ max: props.length - 1 }).chain((forced) =>
      fc
        .tuple(...props.map(([name, s], i) => (i === forced ? badField(s) : fc.option(fc.oneof(fc.constant(String(fineJsonValue(name, s))), badField(s))))))
        .map((values) => {
          const fields: Array<[string, string]> = [];
          props.forEach(([name], i) => {
            const v = values[i];
            if (v !== null) fields.push([name, v]);
          });
          return fields;
        }),
    );
    const extra = fc.constantFrom<Array<[string, string]>>(
      [],
      [['a' + '[b]'.repeat(3000), 'x']],
      [
        ['communities', '1'],
        ['communities', '2147483648'],
      ],
      [
        ['nickName', 'ok'],
        ['nickName', 'twice'],
      ],
    );
    const fileArb = fc.option(
      fc.constantFrom({ field: 'file', name: 'a\u0000b.csv' }, { field: 'img', name: 'x\u0000.jpg' }, { field: 'file', name: '../../etc/passwd' }),
    );
    bodyArb = fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .tuple(fieldsArb, extra, fileArb)
          .map(([fields, more, file]) => ({ kind: 'multipart' as const, fields: [...fields, ...more], file: file ?? undefined, headers: {} })),
      },
      { weight: 1, arbitrary: rawArb.map((r) => ({ kind: 'raw' as const, ...r })) },
    );
  } else if (op.method === 'get' || op.method === 'delete') {
    bodyArb = fc.constant({ kind: 'none' as const, headers: {} });
  } else {
    // No documented body (logout, deleteprofile): only bodies that cannot be parsed.
    bodyArb = rawArb.map((r) => ({ kind: 'raw' as const, ...r }));
  }
  return fc.tuple(pathArb, queryArb, bodyArb).map(([segments, query, body]) => ({ ...build(segments, query), ...body, headers: { ...body.headers } }));
}

/**
 * Calls without input (logout, deleteprofile) do their job for a valid token: never sent with one.
 * Nor is the live notification stream, which a valid token keeps open (its input, a ticket, is
 * fuzzed by visitors).
 */
const withoutInput = (op: Op) =>
  (op.method !== 'get' && !op.json && !op.multipart && !op.query.length && !op.path.length) ||
  (op.method === 'get' && op.template.endsWith('/notifications/stream/'));

function send(t: TestApp, sent: Sent): request.Test {
  const agent = request(t.http);
  let req = (agent as unknown as Record<string, (url: string) => request.Test>)[sent.method](sent.url);
  for (const [k, v] of Object.entries(sent.headers)) req = req.set(k, v);
  if (sent.kind === 'json') req = req.send(sent.json as object);
  // The bytes as they are: superagent would otherwise JSON-encode a Buffer ({"type":"Buffer",…}).
  if (sent.kind === 'raw') req = req.serialize((body: unknown) => body as string).send(sent.raw as string);
  if (sent.kind === 'multipart') {
    for (const [k, v] of sent.fields ?? []) req = req.field(k, v);
    if (sent.file) req = req.attach(sent.file.field, Buffer.from('a,b\n1,2\n'), { filename: sent.file.name, contentType: 'text/csv' });
  }
  return req;
}

/* ----- Families sent over a bare socket: header grammar, multipart framing, nulls ----- */

const RAW_RUNS = Number(process.env.FUZZ_RAW_RUNS ?? 400);
const BOUNDARY = 'fuzzB0undary-1234';
const CSV = Buffer.from('a,b\n1,2\n');

interface Part {
  headers: string[];
  content: Buffer;
}
const fieldPart = (name: string, value: string | Buffer, extra: string[] = []): Part => ({
  headers: [`Content-Disposition: form-data; name="${name}"`, ...extra],
  content: Buffer.isBuffer(value) ? value : Buffer.from(value),
});
const filePart = (field: string, filename: string): Part => ({
  headers: [`Content-Disposition: form-data; name="${field}"; filename="${filename}"`, 'Content-Type: text/csv'],
  content: CSV,
});

/** A multipart body as a browser frames it (CRLF lines, the close delimiter, a final CRLF). */
function multipartBody(parts: Part[], boundary = BOUNDARY): Buffer {
  const out: Buffer[] = [];
  for (const p of parts) out.push(Buffer.from(`--${boundary}\r\n${p.headers.join('\r\n')}\r\n\r\n`, 'latin1'), p.content, Buffer.from('\r\n'));
  out.push(Buffer.from(`--${boundary}--\r\n`, 'latin1'));
  return Buffer.concat(out);
}

/** A generated request as bytes: its headers (Content-Type first) and body. */
interface Wire {
  method: string;
  url: string;
  headers: Array<[string, string | Buffer]>;
  body: Buffer;
  /** Parts, when the body is multipart (for the framing mutations). */
  parts?: Part[];
}

/** JSON text of a generated value; deep values written without recursing (JSON.stringify would overflow the stack). */
function jsonText(value: unknown): string {
  const deep: number[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    const levels = (v as { [DEEP_LEVELS]?: number } | null)?.[DEEP_LEVELS];
    if (levels === undefined) return v;
    deep.push(levels);
    return `\u0000deep${deep.length - 1}`;
  });
  return text.replace(/"\\u0000deep(\d+)"/g, (_m, i: string) => deepArray(deep[Number(i)]).replace('[]', '[1]'));
}

function toWire(sent: Sent): Wire {
  const headers: Array<[string, string]> = Object.entries(sent.headers);
  if (sent.kind === 'json')
    return { method: sent.method, url: sent.url, headers: [['Content-Type', 'application/json'], ...headers], body: Buffer.from(jsonText(sent.json)) };
  if (sent.kind === 'raw') return { method: sent.method, url: sent.url, headers, body: Buffer.isBuffer(sent.raw) ? sent.raw : Buffer.from(sent.raw ?? '') };
  if (sent.kind === 'multipart') {
    const parts = (sent.fields ?? []).map(([k, v]) => fieldPart(k, v));
    if (sent.file) parts.push(filePart(sent.file.field, sent.file.name));
    return {
      method: sent.method,
      url: sent.url,
      headers: [['Content-Type', `multipart/form-data; boundary=${BOUNDARY}`], ...headers],
      body: multipartBody(parts),
      parts,
    };
  }
  return { method: sent.method, url: sent.url, headers, body: Buffer.alloc(0) };
}

/**
 * What a mutation makes of a request. `framing`: the HTTP message itself may be one Node's parser
 * refuses (it never reaches a route: 400 from the HTTP layer, or the connection closed).
 */
interface Mutated extends RawRequest {
  framing?: boolean;
  halfClose?: boolean;
  /** The Authorization the case sends, when the mutation sets it (else the case's own). */
  authorization?: string;
  /**
   * The body the server reads is no longer the generated one (a type no parser reads, an empty
   * form): a route whose fields are all optional may then accept it (nothing to change).
   */
  mayAccept?: boolean;
}
type Mutation = { name: string; apply: (w: Wire, token: string) => Mutated };

const withHeader = (w: Wire, name: string, value: string | Buffer, replace = true): Mutated => ({
  method: w.method,
  url: w.url,
  headers: [...(replace ? w.headers.filter(([k]) => k.toLowerCase() !== name.toLowerCase()) : w.headers), [name, value]],
  body: w.body,
});
const chunked = (body: Buffer, sizes = 7): Buffer => {
  const out: Buffer[] = [];
  for (let i = 0; i < body.length; i += sizes) {
    const piece = body.subarray(i, i + sizes);
    out.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
  }
  out.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(out);
};

/** Header grammar: Content-Type, Content-Length, Transfer-Encoding, Authorization, Accept-Language, duplicates. */
const headerMutations: Mutation[] = [
  ...[
    '(((',
    '',
    ' ',
    'application/',
    '/json',
    'json',
    'application/json;;;',
    'application/json; charset',
    'application/json; charset=x-bogus',
    'application/json; charset=utf-16',
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary="unterminated',
    'multipart/mixed; boundary=b',
    'text/plain',
    'application/x-www-form-urlencoded',
    '*/*',
    'APPLICATION/JSON',
    'application/json, text/plain',
    `application/${'x'.repeat(8000)}`,
    'undefined',
    'application /json',
    'application/json\t',
    'a/b/c',
  ].map((ct) => ({
    name: `Content-Type ${JSON.stringify(ct.slice(0, 40))}`,
    apply: (w: Wire) => ({ ...withHeader(w, 'Content-Type', ct), mayAccept: true }),
  })),
  { name: 'Content-Type with a byte over 0x7f', apply: (w) => withHeader(w, 'Content-Type', Buffer.from([0x61, 0x70, 0x70, 0x2f, 0x6a, 0x73, 0xf6, 0x6e])) },
  { name: 'Content-Type twice', apply: (w) => withHeader(w, 'Content-Type', 'text/plain', false) },
  { name: 'Content-Type removed', apply: (w) => ({ ...w, headers: w.headers.filter(([k]) => k.toLowerCase() !== 'content-type'), mayAccept: true }) },
  ...['abc', '-1', '1, 2', '+5', '0x10', '99999999999999999999', ' 3 ', '1e3'].map((cl) => ({
    name: `Content-Length ${JSON.stringify(cl)}`,
    apply: (w: Wire) => ({ ...withHeader(w, 'Content-Length', cl), framing: true, halfClose: true }),
  })),
  {
    name: 'Content-Length twice, different',
    apply: (w) => ({
      ...withHeader(withHeader(w, 'Content-Length', String(w.body.length)) as Wire, 'Content-Length', String(w.body.length + 1), false),
      framing: true,
      halfClose: true,
    }),
  },
  {
    name: 'Content-Length twice, same',
    apply: (w) => ({
      ...withHeader(withHeader(w, 'Content-Length', String(w.body.length)) as Wire, 'Content-Length', String(w.body.length), false),
      framing: true,
    }),
  },
  {
    name: 'Content-Length shorter than the body',
    apply: (w) => ({ ...withHeader(w, 'Content-Length', String(Math.floor(w.body.length / 2))), framing: true }),
  },
  {
    name: 'Content-Length longer than the body',
    apply: (w) => ({ ...withHeader(w, 'Content-Length', String(w.body.length + 100)), framing: true, halfClose: true }),
  },
  { name: 'Transfer-Encoding chunked', apply: (w) => ({ ...withHeader(w, 'Transfer-Encoding', 'chunked'), body: chunked(w.body) }) },
  { name: 'Transfer-Encoding gzip, chunked', apply: (w) => ({ ...withHeader(w, 'Transfer-Encoding', 'gzip, chunked'), body: chunked(w.body), framing: true }) },
  {
    name: 'Transfer-Encoding chunked, gzip',
    apply: (w) => ({ ...withHeader(w, 'Transfer-Encoding', 'chunked, gzip'), body: chunked(w.body), framing: true, halfClose: true }),
  },
  { name: 'Transfer-Encoding identity', apply: (w) => ({ ...withHeader(w, 'Transfer-Encoding', 'identity'), framing: true, halfClose: true }) },
  {
    name: 'Transfer-Encoding xchunked',
    apply: (w) => ({ ...withHeader(w, 'Transfer-Encoding', 'xchunked'), body: chunked(w.body), framing: true, halfClose: true }),
  },
  {
    name: 'Transfer-Encoding and Content-Length',
    apply: (w) => ({
      ...withHeader(withHeader(w, 'Content-Length', String(w.body.length)) as Wire, 'Transfer-Encoding', 'chunked', false),
      body: chunked(w.body),
      framing: true,
    }),
  },
  {
    name: 'Transfer-Encoding twice',
    apply: (w) => ({
      ...withHeader(withHeader(w, 'Transfer-Encoding', 'chunked') as Wire, 'Transfer-Encoding', 'chunked', false),
      body: chunked(w.body),
      framing: true,
    }),
  },
  {
    name: 'a chunk size that is not hex',
    apply: (w) => ({
      ...withHeader(w, 'Transfer-Encoding', 'chunked'),
      body: Buffer.concat([Buffer.from('zz\r\n'), w.body, Buffer.from('\r\n0\r\n\r\n')]),
      framing: true,
    }),
  },
  {
    name: 'chunks without the last chunk',
    apply: (w) => ({ ...withHeader(w, 'Transfer-Encoding', 'chunked'), body: chunked(w.body).subarray(0, -5), framing: true, halfClose: true }),
  },
  ...[
    'Token',
    'Token ',
    'Bearer abc',
    'Basic Zm9vOmJhcg==',
    'Token a b',
    `Token ${'x'.repeat(10_000)}`,
    'Token\u00ff\u00fe',
    'TOKEN',
    '',
    ' ',
    'Token %00',
    'Token\t',
  ].map((a) => ({
    name: `Authorization ${JSON.stringify(a.slice(0, 30))}`,
    apply: (w: Wire) => ({ ...withHeader(w, 'Authorization', a), authorization: a }),
  })),
  {
    name: 'Authorization lower-case keyword, tab',
    apply: (w, token) => ({ ...withHeader(w, 'Authorization', `token\t${token}`), authorization: `token\t${token}` }),
  },
  {
    name: 'Authorization twice, valid first',
    apply: (w, token) => ({
      ...withHeader(withHeader(w, 'Authorization', `Token ${token}`) as Wire, 'Authorization', 'Token nope', false),
      authorization: `Token ${token}`,
    }),
  },
  {
    name: 'Authorization twice, invalid first',
    apply: (w, token) => ({
      ...withHeader(withHeader(w, 'Authorization', 'Token nope') as Wire, 'Authorization', `Token ${token}`, false),
      authorization: 'Token nope',
    }),
  },
  { name: 'Authorization with a control character', apply: (w) => ({ ...withHeader(w, 'Authorization', Buffer.from('Token a\u0001b')), framing: true }) },
  ...['*', 'ja;q=abc', ',,,', 'x'.repeat(5000), '', 'en-US;q=0.5, ja;q=2', 'ja-JP-x-y-z-'.repeat(50), '\u00ff\u00fe', 'zh, *;q=0'].map((l) => ({
    name: `Accept-Language ${JSON.stringify(l.slice(0, 30))}`,
    apply: (w: Wire) => withHeader(w, 'Accept-Language', l),
  })),
  { name: 'Accept-Language twice', apply: (w) => withHeader(withHeader(w, 'Accept-Language', 'ja') as Wire, 'Accept-Language', 'en', false) },
  ...['gzip;q=abc', '*;q=0', 'br, gzip, x-unknown', 'identity;q=0'].map((e) => ({
    name: `Accept-Encoding ${JSON.stringify(e)}`,
    apply: (w: Wire) => withHeader(w, 'Accept-Encoding', e),
  })),
  { name: 'Content-Encoding gzip over bytes that are not gzip', apply: (w) => withHeader(w, 'Content-Encoding', 'gzip') },
  { name: 'Content-Encoding twice', apply: (w) => withHeader(withHeader(w, 'Content-Encoding', 'identity') as Wire, 'Content-Encoding', 'x-unknown', false) },
];

/** The Authorization header Node hands to the app (the first one), as TokenAuthGuard reads it. */
function authKind(header: string | undefined, token: string): AuthKind | 'none' {
  if (header === undefined) return 'none';
  const parts = header.trim().split(/\s+/);
  if (!parts[0] || parts[0].toLowerCase() !== 'token') return 'none';
  if (parts.length !== 2) return 'malformed';
  return parts[1] === token ? 'valid' : 'invalid';
}

const rebuild = (w: Wire, parts: Part[], contentType = `multipart/form-data; boundary=${BOUNDARY}`, body = multipartBody(parts)): Mutated => ({
  ...withHeader(w, 'Content-Type', contentType),
  body,
});
const named = (boundary: string) => (w: Wire) =>
  rebuild(w, w.parts!, `multipart/form-data; boundary=${boundary}`, multipartBody(w.parts!, boundary.replace(/^"|"$/g, '')));

/** Multipart framing: boundaries, delimiters, part headers, part counts, names, charsets, nesting. */
const multipartMutations: Mutation[] = [
  { name: 'boundary of 71 characters', apply: named('b'.repeat(71)) },
  { name: 'boundary of 300 characters', apply: named('b'.repeat(300)) },
  { name: 'boundary of 2000 characters', apply: named('b'.repeat(2000)) },
  { name: 'boundary of 70 characters (allowed)', apply: named('b'.repeat(70)) },
  { name: 'empty boundary', apply: (w) => rebuild(w, w.parts!, 'multipart/form-data; boundary=', multipartBody(w.parts!, '')) },
  { name: 'empty quoted boundary', apply: (w) => rebuild(w, w.parts!, 'multipart/form-data; boundary=""', multipartBody(w.parts!, '')) },
  { name: 'no boundary parameter', apply: (w) => rebuild(w, w.parts!, 'multipart/form-data') },
  { name: 'two boundary parameters', apply: (w) => rebuild(w, w.parts!, `multipart/form-data; boundary=${BOUNDARY}; boundary=other`) },
  { name: 'odd boundary characters, quoted', apply: named(`"'()+_,-./:=? x"`) },
  { name: 'boundary ending in a space, quoted', apply: named('"abc "') },
  { name: 'boundary with a byte over 0x7f', apply: (w) => rebuild(w, w.parts!, `multipart/form-data; boundary=b\u00e9b`, multipartBody(w.parts!, 'b\u00e9b')) },
  { name: 'boundary with a quote and a backslash', apply: named('"a\\"b\\\\c"') },
  {
    name: 'body framed with another boundary',
    apply: (w) => rebuild(w, w.parts!, `multipart/form-data; boundary=${BOUNDARY}`, multipartBody(w.parts!, 'other')),
  },
  { name: 'no close delimiter', apply: (w) => rebuild(w, w.parts!, undefined, multipartBody(w.parts!).subarray(0, -(BOUNDARY.length + 6))) },
  {
    name: "cut in the last part's headers",
    apply: (w) =>
      rebuild(
        w,
        [...w.parts!, fieldPart('cut', 'x')],
        undefined,
        Buffer.concat([multipartBody(w.parts!).subarray(0, -(BOUNDARY.length + 6)), Buffer.from(`--${BOUNDARY}\r\nContent-Dispo`)]),
      ),
  },
  {
    name: 'LF line ends',
    apply: (w) => rebuild(w, w.parts!, undefined, Buffer.from(multipartBody(w.parts!).toString('latin1').replace(/\r\n/g, '\n'), 'latin1')),
  },
  {
    name: 'preamble and epilogue',
    apply: (w) => rebuild(w, w.parts!, undefined, Buffer.concat([Buffer.from('preamble\r\n'), multipartBody(w.parts!), Buffer.from('epilogue'.repeat(100))])),
  },
  { name: 'close delimiter without its CRLF', apply: (w) => rebuild(w, w.parts!, undefined, multipartBody(w.parts!).subarray(0, -2)) },
  { name: 'empty body', apply: (w) => ({ ...rebuild(w, [], undefined, Buffer.alloc(0)), mayAccept: true }) },
  { name: 'close delimiter only', apply: (w) => ({ ...rebuild(w, [], undefined, Buffer.from(`--${BOUNDARY}--\r\n`)), mayAccept: true }) },
  ...[17 * 1024, 100 * 1024].map((n) => ({
    name: `part headers of ${n} bytes`,
    apply: (w: Wire) =>
      rebuild(
        w,
        w.parts!.map((p, i) => (i === 0 ? { ...p, headers: [...p.headers, `X-Pad: ${'a'.repeat(n)}`] } : p)),
      ),
  })),
  {
    name: 'file part headers of 100 KB',
    apply: (w) =>
      rebuild(w, [...w.parts!, { ...filePart('file', 'big.csv'), headers: [...filePart('file', 'big.csv').headers, `X-Pad: ${'a'.repeat(100 * 1024)}`] }]),
  },
  {
    name: 'part with 60 header lines',
    apply: (w) =>
      rebuild(
        w,
        w.parts!.map((p, i) => (i === 0 ? { ...p, headers: [...p.headers, ...Array.from({ length: 60 }, (_, j) => `X-H${j}: v`)] } : p)),
      ),
  },
  {
    name: 'part headers never ended',
    apply: (w) =>
      rebuild(
        w,
        w.parts!,
        undefined,
        Buffer.concat([multipartBody(w.parts!).subarray(0, -(BOUNDARY.length + 6)), Buffer.from(`--${BOUNDARY}\r\nX: ${'y'.repeat(40_000)}`)]),
      ),
  },
  { name: '1500 parts', apply: (w) => rebuild(w, [...w.parts!, ...Array.from({ length: 1500 }, (_, i) => fieldPart(`f${i}`, 'x'))]) },
  { name: '300 parts of one name', apply: (w) => rebuild(w, [...w.parts!, ...Array.from({ length: 300 }, () => fieldPart('text', 'x'))]) },
  { name: 'part without a name', apply: (w) => rebuild(w, [...w.parts!, { headers: ['Content-Disposition: form-data'], content: Buffer.from('x') }]) },
  { name: 'part without Content-Disposition', apply: (w) => rebuild(w, [...w.parts!, { headers: ['Content-Type: text/plain'], content: Buffer.from('x') }]) },
  { name: 'part with no headers at all', apply: (w) => rebuild(w, [...w.parts!, { headers: [], content: Buffer.from('x') }]) },
  { name: 'attachment disposition', apply: (w) => rebuild(w, [...w.parts!, { headers: ['Content-Disposition: attachment; filename="a.csv"'], content: CSV }]) },
  {
    name: 'file part without a name',
    apply: (w) => rebuild(w, [...w.parts!, { headers: ['Content-Disposition: form-data; filename="a.csv"', 'Content-Type: text/csv'], content: CSV }]),
  },
  { name: 'empty name', apply: (w) => rebuild(w, [...w.parts!, fieldPart('', 'x')]) },
  {
    name: 'name*= in RFC 5987 form',
    apply: (w) => rebuild(w, [...w.parts!, { headers: ["Content-Disposition: form-data; name*=UTF-8''t%C3%A9xt"], content: Buffer.from('x') }]),
  },
  { name: 'unknown charset', apply: (w) => rebuild(w, [...w.parts!, fieldPart('caption', 'x', ['Content-Type: text/plain; charset=x-bogus'])]) },
  {
    name: 'UTF-16 text',
    apply: (w) => rebuild(w, [...w.parts!, fieldPart('caption', Buffer.from('\ufeffhello', 'utf16le'), ['Content-Type: text/plain; charset=utf-16'])]),
  },
  { name: 'bytes that are not UTF-8', apply: (w) => rebuild(w, [...w.parts!, fieldPart('caption', Buffer.from([0xff, 0xfe, 0xc3, 0x28]))]) },
  { name: '_charset_ field', apply: (w) => rebuild(w, [fieldPart('_charset_', 'iso-2022-jp'), ...w.parts!]) },
  {
    name: 'non-ASCII file name, latin-1',
    apply: (w) =>
      rebuild(w, [
        ...w.parts!,
        { headers: ['Content-Disposition: form-data; name="file"; filename="\u00e9\u00ff.csv"', 'Content-Type: text/csv'], content: CSV },
      ]),
  },
  { name: 'JSON part that does not parse', apply: (w) => rebuild(w, [...w.parts!, fieldPart('caption', '{"a":', ['Content-Type: application/json'])]) },
  { name: 'JSON part nested deep', apply: (w) => rebuild(w, [...w.parts!, fieldPart('caption', deepArray(5000), ['Content-Type: application/json'])]) },
  {
    name: 'nested multipart/mixed',
    apply: (w) => {
      const inner = multipartBody([filePart('file', 'inner.csv'), fieldPart('text', 'inner')], 'inner-b');
      return rebuild(w, [
        ...w.parts!,
        { headers: ['Content-Disposition: form-data; name="files"', 'Content-Type: multipart/mixed; boundary=inner-b'], content: inner },
      ]);
    },
  },
  { name: 'whole body multipart/mixed', apply: (w) => rebuild(w, w.parts!, `multipart/mixed; boundary=${BOUNDARY}`) },
];

/** The HTTP layer's own refusal (the message never reached a route). */
const isParserRefusal = (res: RawResponse) =>
  res.status !== undefined &&
  [400, 408, 431].includes(res.status) &&
  (res.body as { detail?: string })?.detail === 'Bad request.' &&
  res.headers.connection === 'close';

interface RawOutcome {
  status?: number;
  framing: boolean;
  res: RawResponse;
}

/**
 * Sends a mutated request and checks what every answer must be: no 5xx; an answer unless the
 * message itself is broken; the 401 of a visitor on a protected route (or of a bad token
 * anywhere) before anything else; no write accepted; and the answer as openapi.yaml documents it.
 */
async function sendAndCheck(port: number, op: Op, m: Mutated, auth: AuthKind | 'none'): Promise<RawOutcome> {
  // A generous timeout: CI machines are shared; a case that waits this long is a failure anyway.
  const res = await sendRaw(port, { ...m, writeThenRead: true }, 30_000);
  const where = `${op.method} ${m.url} [${m.headers.map(([k, v]) => `${k}: ${String(v).slice(0, 60)}`).join(' | ')}] body ${String(m.body ?? '').slice(0, 120)}`;
  if (res.status !== undefined && res.status >= 500) throw new Error(`${res.status} for ${where}: ${res.text.slice(0, 300)}`);
  if (m.framing) {
    // Refused by Node's parser, answered by the route (the framing was good enough), or cut.
    return { status: res.status, framing: true, res };
  }
  if (res.status === undefined) throw new Error(`no answer (${res.error}) for ${where}`);
  const unauthorized = op.path.length ? [401, 404] : [401];
  const refusedByParser = isParserRefusal(res);
  if (!refusedByParser) {
    if ((op.protected && auth !== 'valid') || auth === 'invalid' || auth === 'malformed') {
      if (!unauthorized.includes(res.status)) throw new Error(`${res.status} instead of 401 (auth ${auth}) for ${where}: ${res.text.slice(0, 300)}`);
    }
    if (op.method !== 'get' && auth === 'valid' && res.status < 400 && !m.mayAccept) throw new Error(`${res.status}: a bad request accepted for ${where}`);
    const problem = checkResponse(op.method, m.url, { status: res.status, contentType: res.headers['content-type'], body: res.body, text: res.text });
    if (problem) throw new Error(`openapi.yaml mismatch: ${problem} (${where})`);
  }
  return { status: res.status, framing: false, res };
}

async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const ds = t.app.get(DataSource);
  const tables = (await ds.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)) as Array<{ tablename: string }>;
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) {
    const [row] = (await ds.query(`SELECT count(*)::int AS n FROM "${tablename}"`)) as Array<{ n: number }>;
    counts[tablename] = row.n;
  }
  return counts;
}

/**
 * The generated bad requests over `ops` (`runs` of them), each with no token, the valid `token`
 * or a bad one: all 4xx (or 2xx for harmless reads), none 5xx, no rows written.
 */
async function fuzzOperations(t: TestApp, token: string, profileId: number, ops: Op[], runs: number, label = ''): Promise<void> {
  const before = await rowCounts(t);
  const statuses = new Map<number, number>();
  const reached = new Set<string>();
  let sentCount = 0;
  const authArb = fc.oneof(
    { weight: 4, arbitrary: fc.constant<AuthKind>('valid') },
    { weight: 2, arbitrary: fc.constant<AuthKind>('none') },
    { weight: 1, arbitrary: fc.constantFrom<AuthKind>('invalid', 'malformed') },
  );
  // Calls without input (logout, deleteprofile) do their job for a valid token: not fuzzed with it.
  const visitorsOnly = fc.constantFrom<AuthKind>('none', 'invalid', 'malformed');
  const caseArb = fc.constantFrom(...ops).chain((op) => fc.tuple(fc.constant(op), requestFor(op, { profileId }), withoutInput(op) ? visitorsOnly : authArb));

  await fc.assert(
    fc.asyncProperty(caseArb, async ([op, sent, who]) => {
      const headers = { ...sent.headers };
      if (who === 'valid') headers.Authorization = `Token ${token}`;
      if (who === 'invalid') headers.Authorization = 'Token not-a-real-token';
      if (who === 'malformed') headers.Authorization = 'Token a b';
      const res = await send(t, { ...sent, headers });
      sentCount++;
      reached.add(`${op.method} ${op.template}`);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.status).toBeLessThan(500);
      // A protected route answers a visitor 401 before it looks at the input, and a bad token is
      // 401 everywhere — unless the path itself is not valid percent-encoding (404 before routing).
      const unauthorized = op.path.length ? [401, 404] : [401];
      if ((op.protected && who !== 'valid') || who === 'invalid' || who === 'malformed') expect(unauthorized).toContain(res.status);
      // Bad input is never accepted by a call that writes.
      if (op.method !== 'get' && who === 'valid') expect(res.status).toBeGreaterThanOrEqual(400);
    }),
    { numRuns: runs, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
  );

  expect(await rowCounts(t)).toEqual(before);
  expect(reached.size).toBe(ops.length);
  const figures = [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  console.log(`fuzz${label}: ${sentCount} requests over ${reached.size} operations; statuses ${figures}; 5xx: 0`);
  // The valid token is still good: nothing above logged it out or deleted the account.
  await request(t.http).get('/api/user/myprofile/').set(auth(token)).expect(200);
}

describe('fuzz: bad input from openapi.yaml never gets a 5xx and stores nothing', () => {
  let t: TestApp;
  let token: string;
  let profileId: number;

  let port: number;

  beforeAll(async () => {
    // The fuzz sends a few hundred access-log/ calls from one client within a minute.
    t = await startTestApp({ ACCESS_LOG_RATE_LIMIT: '100000' });
    ({ token } = await signUp(t, 'fuzz@example.com'));
    const res = await request(t.http).post('/api/user/profile/').set(auth(token)).field('nickName', 'fuzzer').expect(201);
    profileId = res.body.id;
    // A circle of the fuzzer's with the same id as the profile, so that generated ids name a real
    // circle (its members, thread, invitations and join requests are reached, not only 404s).
    const icon = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#888888' } })
      .jpeg()
      .toBuffer();
    const circle = await request(t.http)
      .post('/api/user/create-community/')
      .set(auth(token))
      .field('title', 'Fuzz circle')
      .field('description', 'd')
      .attach('image', icon, 'i.jpg')
      .expect(201);
    expect(circle.body.id).toBe(profileId);
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', () => resolve()));
    port = (t.http.address() as AddressInfo).port;
  });
  afterAll(async () => {
    t?.http.closeAllConnections?.();
    await t?.close();
  });

  it(`sends ${RUNS} generated bad requests over every operation: all 4xx (or 2xx for harmless reads), none 5xx, no rows written`, async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(40);
    await fuzzOperations(t, token, profileId, ops, RUNS);
  }, 300_000);
  const figures = (statuses: Map<string, number>) =>
    [...statuses.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
  const count = (statuses: Map<string, number>, outcome: RawOutcome) => {
    const key = `${outcome.status ?? 'closed'}${outcome.framing ? '(framing)' : ''}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  };
  const authHeader = (who: AuthKind): string | undefined =>
    who === 'valid' ? `Token ${token}` : who === 'invalid' ? 'Token not-a-real-token' : who === 'malformed' ? 'Token a b' : undefined;

  it(`header grammar: ${RAW_RUNS} requests with malformed or duplicated Content-Type, Content-Length, Transfer-Encoding, Authorization, Accept-Language over every operation`, async () => {
    const ops = operations();
    const before = await rowCounts(t);
    const statuses = new Map<string, number>();
    const started = Date.now();
    const caseArb = fc
      .constantFrom(...ops)
      .chain((op) =>
        fc.tuple(
          fc.constant(op),
          requestFor(op, { profileId }),
          fc.constantFrom<AuthKind>('valid', 'valid', 'none', 'invalid'),
          fc.constantFrom(...headerMutations),
        ),
      );
    await fc.assert(
      fc.asyncProperty(caseArb, async ([op, sent, who, mutation]) => {
        const wire = toWire(sent);
        const header = authHeader(who);
        if (header) wire.headers.push(['Authorization', header]);
        const m = mutation.apply(wire, token);
        const kind = authKind(m.authorization ?? header, token);
        fc.pre(!(withoutInput(op) && kind === 'valid'));
        count(statuses, await sendAndCheck(port, op, m, kind));
      }),
      { numRuns: RAW_RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
    );
    expect(await rowCounts(t)).toEqual(before);
    console.log(
      `fuzz header grammar: ${[...statuses.values()].reduce((a, b) => a + b, 0)} requests, ${headerMutations.length} mutations, ${Date.now() - started} ms; statuses ${figures(statuses)}; 5xx: 0`,
    );
    await request(t.http).get('/api/user/myprofile/').set(auth(token)).expect(200);
  }, 300_000);

  it(`multipart framing: ${RAW_RUNS} requests with bad boundaries, delimiters, part headers, part counts, names, charsets and nesting on every multipart operation`, async () => {
    const ops = operations().filter((op) => op.multipart);
    expect(ops.length).toBeGreaterThanOrEqual(5);
    const before = await rowCounts(t);
    const statuses = new Map<string, number>();
    const started = Date.now();
    const caseArb = fc.constantFrom(...ops).chain((op) =>
      fc.tuple(
        fc.constant(op),
        requestFor({ ...op, json: undefined }, { profileId }).filter((s) => s.kind === 'multipart'),
        fc.constantFrom<AuthKind>('valid', 'valid', 'valid', 'none'),
        fc.constantFrom(...multipartMutations),
      ),
    );
    await fc.assert(
      fc.asyncProperty(caseArb, async ([op, sent, who, mutation]) => {
        const wire = toWire(sent);
        const header = authHeader(who);
        if (header) wire.headers.push(['Authorization', header]);
        count(statuses, await sendAndCheck(port, op, mutation.apply(wire, token), who));
      }),
      { numRuns: RAW_RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
    );
    expect(await rowCounts(t)).toEqual(before);
    console.log(
      `fuzz multipart framing: ${[...statuses.values()].reduce((a, b) => a + b, 0)} requests, ${multipartMutations.length} mutations, ${Date.now() - started} ms; statuses ${figures(statuses)}; 5xx: 0`,
    );
  }, 300_000);

  it('null in every field of every JSON and multipart body: 400 "may not be null" with a token, 401 for visitors on protected routes, nothing stored', async () => {
    const before = await rowCounts(t);
    const statuses = new Map<string, number>();
    const started = Date.now();
    let sentCount = 0;
    for (const op of operations()) {
      const url = op.template.replace(/\{[^}]+\}/g, () => String(profileId));
      for (const [encoding, props] of [
        ['json', op.json],
        ['multipart', op.multipart],
      ] as const) {
        if (!props) continue;
        for (const [field, schema] of Object.entries(props)) {
          if (schema.format === 'binary' || schema.nullable) continue;
          const values = Object.entries(props)
            .filter(([name, s]) => name !== field && s.format !== 'binary')
            .map(([name, s]) => [name, fineJsonValue(name, s)] as const);
          let body: Buffer;
          let contentType: string;
          if (encoding === 'json') {
            body = Buffer.from(JSON.stringify(Object.fromEntries([...values, [field, null]])));
            contentType = 'application/json';
          } else {
            // A JSON-typed part is the one way a multipart field is null (@fastify/multipart parses it).
            const parts = [
              ...values.flatMap(([name, v]) => (Array.isArray(v) ? v.map((x) => fieldPart(name, String(x))) : [fieldPart(name, String(v))])),
              fieldPart(field, 'null', ['Content-Type: application/json']),
            ];
            body = multipartBody(parts);
            contentType = `multipart/form-data; boundary=${BOUNDARY}`;
          }
          for (const who of ['valid', 'none'] as const) {
            const headers: Array<[string, string]> = [['Content-Type', contentType]];
            if (who === 'valid') headers.push(['Authorization', `Token ${token}`]);
            const m: Mutated = { method: op.method, url, headers, body };
            const outcome = await sendAndCheck(port, op, m, who);
            sentCount++;
            count(statuses, outcome);
            const res = outcome.res;
            if (who === 'valid' || !op.protected) {
              expect({
                where: `${op.method} ${op.template} ${encoding} ${field}: null`,
                status: res.status,
                error: (res.body as Record<string, unknown>)?.[field],
              }).toEqual({
                where: `${op.method} ${op.template} ${encoding} ${field}: null`,
                status: 400,
                error: ['This field may not be null.'],
              });
            }
          }
        }
      }
    }
    expect(await rowCounts(t)).toEqual(before);
    console.log(`fuzz nulls: ${sentCount} requests ${Date.now() - started} ms; statuses ${figures(statuses)}; 5xx: 0`);
  }, 300_000);
});

/** The operations that take another path with payments on: Stripe checkouts, payouts, the webhook and the ads. */
const PAID =
  /\/(payment-settings|create-checkout-session|checkout-session-status|pending-checkout|stripe-webhook|create-connect-account|get-my-stripe-account-id|get-login-link|earnings|advertisement|advertisements|post-ads-stripe|allowAds|updateAds)/;
const PAID_RUNS = Number(process.env.FUZZ_PAID_RUNS ?? 500);
const WEBHOOK_RUNS = Number(process.env.FUZZ_WEBHOOK_RUNS ?? 500);

describe('fuzz with payments on (the Stripe stand-in): the paid paths and the live stream never get a 5xx', () => {
  let t: TestApp;
  let standIn: StripeStandIn;
  let token: string;
  let profileId: number;
  let port: number;

  beforeAll(async () => {
    standIn = await startStandIn();
    t = await startTestApp({ ...stripeEnv(standIn), ACCESS_LOG_RATE_LIMIT: '100000' });
    ({ token } = await signUp(t, 'fuzz-paid@example.com'));
    profileId = (await request(t.http).post('/api/user/profile/').set(auth(token)).field('nickName', 'paid fuzzer').expect(201)).body.id;
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', () => resolve()));
    port = (t.http.address() as AddressInfo).port;
  });
  afterAll(async () => {
    t?.http.closeAllConnections?.();
    await t?.close();
    await standIn?.close();
  });

  it(`sends ${PAID_RUNS} generated bad requests over the paid operations with payments on: none 5xx, no rows written`, async () => {
    const ops = operations().filter((op) => PAID.test(op.template));
    expect(ops.length).toBeGreaterThanOrEqual(15);
    // Payments are on: the settings say so (the paths above are not refused as "payments off").
    const settings = await request(t.http).get('/api/user/payment-settings/').expect(200);
    expect(settings.body.enabled).toBe(true);
    await fuzzOperations(t, token, profileId, ops, PAID_RUNS, ' (payments on)');
  }, 300_000);

  it(`signed-webhook family: ${WEBHOOK_RUNS} signed but malformed or unknown Stripe events answer 400 or 200, never a 5xx, and store nothing`, async () => {
    const before = await rowCounts(t);
    const stripeCallsBefore = standIn.requests.length;
    const long = (n: number) => fc.constant('x'.repeat(n));
    const id = (prefix: string) =>
      fc.oneof(
        { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z0-9]{1,24}$/).map((x) => `${prefix}_test_${x}`) },
        {
          weight: 1,
          arbitrary: fc.oneof(long(5000), long(256), fc.constant(''), fc.integer(), fc.constant(null), fc.constant(true), fc.constant([]), fc.constant({})),
        },
      );
    const type = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          'checkout.session.completed',
          'checkout.session.async_payment_succeeded',
          'checkout.session.async_payment_failed',
          'checkout.session.expired',
          'account.updated',
        ),
      },
      { weight: 1, arbitrary: fc.constantFrom('charge.refunded', 'customer.created', 'checkout.session.unknown_kind', '') },
      { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.constant(null), long(101), long(5000), fc.constant(['checkout.session.completed'])) },
    );
    const stripeObject = fc.record(
      {
        object: fc.oneof(fc.constantFrom('checkout.session', 'account', 'charge', 'event'), fc.integer(), fc.constant(null)),
        id: fc.oneof(id('cs'), id('acct')),
        payment_status: fc.constantFrom('paid', 'unpaid', null, 7),
        status: fc.constantFrom('complete', 'expired', 'open', null, {}),
        metadata: fc.oneof(
          fc.constant({ kind: 'book', pageId: '1', userId: '1' }),
          fc.constant({ kind: 'ad', adId: '1' }),
          fc.constant(null),
          fc.jsonValue({ maxDepth: 2 }),
        ),
        charges_enabled: fc.constantFrom(true, false, 'yes', null),
      },
      { requiredKeys: [] },
    );
    const data = fc.oneof(
      { weight: 4, arbitrary: stripeObject.map((object) => ({ object })) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>(null, 0, 'data', [], {}, { object: null }, { object: [] }, { object: 'cs_test_1' }) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    );
    const event = fc.oneof(
      { weight: 6, arbitrary: fc.record({ id: id('evt'), object: fc.constant('event'), type, data, created: fc.integer() }, { requiredKeys: [] }) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>(null, 1, 'event', [], [{ id: 'evt_test_1' }], {}) },
    );
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(event, async (sent) => {
        const { payload, header } = standIn.sign(sent as object);
        const res = await request(t.http)
          .post('/api/user/stripe-webhook/')
          .set('Content-Type', 'application/json')
          .set('Stripe-Signature', header)
          .send(payload);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect({ sent, status: res.status }).toEqual({ sent, status: res.status === 200 ? 200 : 400 });
        if (res.status === 400) expect(res.body).toEqual({ detail: 'Malformed Stripe event.', code: 'malformedEvent' });
      }),
      { numRuns: WEBHOOK_RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
    );
    expect(await rowCounts(t)).toEqual(before);
    // Neither a malformed event nor one about a session this site never made sends the app to Stripe.
    expect(standIn.requests.slice(stripeCallsBefore)).toEqual([]);
    // Both answers are reached (the generator is not all malformed, nor all fine).
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
    console.log(
      `fuzz (signed webhooks): ${WEBHOOK_RUNS} events; statuses ${[...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([k, n]) => `${k}×${n}`)
        .join(' ')}; 5xx: 0`,
    );
  }, 300_000);

  it('notifications/stream/ with a valid token and bad query, Accept and Last-Event-ID: an event stream (read up to its first event, then closed), never a 5xx', async () => {
    const cases: Array<{ query: string; headers: Record<string, string> }> = [
      { query: '', headers: {} },
      { query: '?ticket=', headers: { Accept: 'application/json' } },
      { query: '?ticket=%00%ff', headers: { 'Last-Event-ID': 'abc' } },
      { query: '?count=-1&ticket=2147483648', headers: { 'Last-Event-ID': '\u00ff'.repeat(300), Accept: '*/*' } },
      { query: `?${'a='.repeat(200)}`, headers: { Accept: 'text/event-stream, */*;q=0.1', 'Accept-Language': 'xx;q=abc' } },
    ];
    for (const c of cases) {
      // A bounded read: the status, the headers and the text up to the first event (`unread`): 8 KB or 5 s at most.
      const got = await new Promise<{ status: number; type: string; first: string }>((resolve, reject) => {
        const req = http.get(
          { host: '127.0.0.1', port, path: `/api/user/notifications/stream/${c.query}`, headers: { ...c.headers, Authorization: `Token ${token}` } },
          (res) => {
            const done = (first: string) => {
              clearTimeout(timer);
              req.destroy();
              resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), first });
            };
            let text = '';
            const timer = setTimeout(() => done(text), 5_000);
            res.on('data', (chunk: Buffer) => {
              text += chunk.toString('utf8');
              if (/total_unread_count[^\n]*\n\n/.test(text)) done(text);
              else if (text.length > 8192) done(text);
            });
            res.once('end', () => done(text));
          },
        );
        req.on('error', reject);
      });
      expect({ case: c, status: got.status }).toEqual({ case: c, status: 200 });
      expect(got.type).toContain('text/event-stream');
      expect(got.first).toMatch(/^event: unread\ndata: \{"total_unread_count":0\}$/m);
    }
  }, 60_000);
});
