import fc from 'fast-check';
import { DataSource } from 'typeorm';
import request from 'supertest';
import { openApi } from './helpers/openapi-check';
import { auth, signUp, startTestApp, type TestApp } from './helpers/test-app';

/**
 * Property-based fuzz driven by openapi.yaml: every operation gets bad ids and counts, bad text
 * (NUL, lone surrogates), null, deeply nested and unparsable bodies, in its path, query and
 * body (JSON or multipart), with no token, a valid token and a bad one. No answer may be a 5xx,
 * every answer must be one the document lists (the helper checks each), and nothing is stored.
 */

type Schema = { type?: string; $ref?: string; properties?: Record<string, Schema>; items?: Schema; format?: string; enum?: unknown[] };
type Op = { method: string; template: string; protected: boolean; path: string[]; query: Array<{ name: string; type?: string }>; json?: Record<string, Schema>; multipart?: Record<string, Schema> };

const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
const DEEP = 5000;

const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const deepValue = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = [v];
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
    { weight: 2, arbitrary: fc.oneof(fc.constantFrom(...nulTexts), fc.string().map((x) => `${x}\u0000${x}`)) },
    { weight: 2, arbitrary: fc.oneof(fc.constantFrom(...surrogateTexts), fc.string().map((x) => `${x}\ud83d`)) },
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
    const objectArb = fc.nat({ max: props.length - 1 }).chain((forced) =>
      fc
        .tuple(...props.map(([name, s], i) => (i === forced ? badJsonValue(s) : fc.oneof(fc.constant(fineJsonValue(name, s)), fc.constant(undefined), badJsonValue(s)))))
        .map((values) => Object.fromEntries(props.map(([name], i) => [name, values[i]]).filter(([, v]) => v !== undefined))),
    );
    bodyArb = fc.oneof(
      { weight: 6, arbitrary: objectArb.map((json) => ({ kind: 'json' as const, json, headers: {} })) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>(null, [], 1, 'text', [deepValue(10)]).map((json) => ({ kind: 'raw' as const, raw: JSON.stringify(json), headers: { 'Content-Type': 'application/json' } })) },
      { weight: 2, arbitrary: rawArb.map((r) => ({ kind: 'raw' as const, ...r })) },
    );
  } else if (op.multipart) {
    const props = Object.entries(op.multipart).filter(([, s]) => s.format !== 'binary');
    const badField = (s: Schema) =>
      isIntSchema(s) ? fc.constantFrom('2147483648', '1e300', 'true', '1.5', '-1', '1\u0000') : isBoolSchema(s) ? fc.constantFrom('maybe', '\u0000') : fc.oneof(fc.constantFrom('\u0000', 'a\u0000b'), fc.string().map((x) => `${x}\u0000`));
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
    const extra = fc.constantFrom<Array<[string, string]>>([], [['a' + '[b]'.repeat(3000), 'x']], [['communities', '1'], ['communities', '2147483648']], [['nickName', 'ok'], ['nickName', 'twice']]);
    const fileArb = fc.option(fc.constantFrom({ field: 'file', name: 'a\u0000b.csv' }, { field: 'img', name: 'x\u0000.jpg' }, { field: 'file', name: '../../etc/passwd' }));
    bodyArb = fc.oneof(
      { weight: 4, arbitrary: fc.tuple(fieldsArb, extra, fileArb).map(([fields, more, file]) => ({ kind: 'multipart' as const, fields: [...fields, ...more], file: file ?? undefined, headers: {} })) },
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

describe('fuzz: bad input from openapi.yaml never gets a 5xx and stores nothing', () => {
  let t: TestApp;
  let token: string;
  let profileId: number;

  beforeAll(async () => {
    t = await startTestApp();
    ({ token } = await signUp(t, 'fuzz@example.com'));
    const res = await request(t.http).post('/api/user/profile/').set(auth(token)).field('nickName', 'fuzzer').expect(201);
    profileId = res.body.id;
  });
  afterAll(() => t?.close());

  it(`sends ${RUNS} generated bad requests over every operation: all 4xx (or 2xx for harmless reads), none 5xx, no rows written`, async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(40);
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
    const withoutInput = (op: Op) => op.method !== 'get' && !op.json && !op.multipart && !op.query.length && !op.path.length;
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
      { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
    );

    expect(await rowCounts(t)).toEqual(before);
    expect(reached.size).toBe(ops.length);
    const figures = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
    console.log(`fuzz: ${sentCount} requests over ${reached.size} operations; statuses ${figures}; 5xx: 0`);
    // The valid token is still good: nothing above logged it out or deleted the account.
    await request(t.http).get('/api/user/myprofile/').set(auth(token)).expect(200);
  }, 300_000);
});
