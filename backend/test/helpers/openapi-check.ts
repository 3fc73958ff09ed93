import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import * as fs from 'node:fs';
import * as path from 'node:path';
import request from 'supertest';
import YAML from 'yaml';

/**
 * Checks HTTP answers against `openapi.yaml`: the status must be listed for the operation and a
 * JSON body must match its schema (objects may not carry properties the document does not
 * name). Installed into supertest by test-app.ts, so every e2e request is checked.
 */

type Schema = Record<string, unknown>;
interface Operation {
  operationId?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  security?: unknown[];
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

export const OPENAPI_PATH = path.resolve(process.cwd(), '../openapi.yaml'); // tests run in backend/

let cached: { doc: OpenApiDocument; ajv: Ajv; routes: Array<{ template: string; re: RegExp; params: number }> } | undefined;

/** Objects of the document are closed: a property the document does not name is a mismatch. */
function closeObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closeObjects);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'example' || k === 'examples' ? v : closeObjects(v);
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  // OpenAPI 3.0 writes a nullable reference as {nullable: true, allOf: [{$ref}]}: null or the object.
  if (out.nullable === true && Array.isArray(out.allOf)) {
    const rest = { ...out };
    delete rest.nullable;
    delete rest.type;
    delete rest.allOf;
    return { ...rest, anyOf: [{ enum: [null] }, { allOf: out.allOf }] };
  }
  return out;
}

export function openApi(): NonNullable<typeof cached> {
  if (cached) return cached;
  const doc = YAML.parse(fs.readFileSync(OPENAPI_PATH, 'utf8')) as OpenApiDocument;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ $id: 'openapi.json', components: closeObjects(doc.components) });
  const routes = Object.keys(doc.paths).map((template) => {
    const params = (template.match(/\{[^}]+\}/g) ?? []).length;
    const body = template
      .replace(/\/$/, '')
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
    return { template, re: new RegExp(`^${body}/?$`), params };
  });
  routes.sort((a, b) => a.params - b.params); // a literal segment wins over a parameter, as in the router
  cached = { doc, ajv, routes };
  return cached;
}

const validators = new Map<string, ValidateFunction>();
function validatorFor(key: string, schema: Schema): ValidateFunction {
  let v = validators.get(key);
  if (!v) {
    const rewritten = JSON.parse(JSON.stringify(closeObjects(schema)).replace(/"#\/components\//g, '"openapi.json#/components/')) as Schema;
    v = openApi().ajv.compile(rewritten);
    validators.set(key, v);
  }
  return v;
}

/** The documented operation a request reached, if any. */
export function findOperation(method: string, urlPath: string): { template: string; operation: Operation } | undefined {
  const { doc, routes } = openApi();
  const m = method.toLowerCase();
  for (const route of routes) {
    if (!route.re.test(urlPath)) continue;
    const operation = doc.paths[route.template][m];
    if (operation) return { template: route.template, operation };
  }
  return undefined;
}

export interface ObservedResponse {
  status: number;
  contentType?: string;
  body: unknown;
  text?: string;
}

/** A description of how the answer departs from the document, or undefined when it conforms. */
export function checkResponse(method: string, url: string, res: ObservedResponse): string | undefined {
  const urlPath = new URL(url, 'http://x').pathname;
  const found = findOperation(method, urlPath);
  if (!found) return undefined; // not a documented operation (static files, excluded routes)
  const where = `${method.toUpperCase()} ${found.template} answered ${res.status}`;
  const documented = found.operation.responses[String(res.status)] ?? found.operation.responses.default;
  if (!documented) {
    return `${where}, a status openapi.yaml does not list (listed: ${Object.keys(found.operation.responses).join(', ')}); body: ${JSON.stringify(res.body ?? res.text).slice(0, 300)}`;
  }
  const isJson = /\bjson\b/.test(res.contentType ?? '');
  const jsonSchema = documented.content?.['application/json']?.schema;
  if (!documented.content) {
    if (res.status !== 204 && isJson) return `${where} with a JSON body, but openapi.yaml documents no body for it`;
    return undefined;
  }
  if (!jsonSchema) return undefined; // binary or other media type: not JSON-checked
  if (!isJson) return `${where} with Content-Type ${res.contentType ?? 'none'}, but openapi.yaml documents JSON`;
  const validate = validatorFor(`${method} ${found.template} ${res.status}`, jsonSchema);
  if (validate(res.body)) return undefined;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` "${String(e.params.additionalProperty)}"` : ''}`);
  return `${where} with a body openapi.yaml does not describe: ${errors.join('; ')}; body: ${JSON.stringify(res.body).slice(0, 300)}`;
}

/** The request a supertest `Test` made (superagent keeps them on the instance). */
interface SupertestLike {
  method: string;
  url: string;
}
interface AssertFn {
  (
    this: SupertestLike,
    resError: unknown,
    res: { status: number; headers: Record<string, string>; body: unknown; text?: string } | undefined,
    fn?: (err: unknown, res: unknown) => void,
  ): void;
}

let installed = false;

/**
 * Every supertest request then fails (as an `.expect()` would) when the answer is not what
 * openapi.yaml documents for the operation.
 */
export function installOpenApiCheck(): void {
  if (installed) return;
  installed = true;
  const proto = (request as unknown as { Test: { prototype: { assert: AssertFn } } }).Test.prototype;
  const original = proto.assert;
  proto.assert = function (this: SupertestLike, resError, res, fn) {
    if (res) {
      let problem: string | undefined;
      try {
        problem = checkResponse(this.method, this.url, { status: res.status, contentType: res.headers['content-type'], body: res.body, text: res.text });
      } catch (err) {
        problem = `the checker failed: ${String(err)}`;
      }
      if (problem) {
        fn?.call(this, new Error(`openapi.yaml mismatch: ${problem}`), res);
        return;
      }
    }
    original.call(this, resError, res, fn);
  };
}
