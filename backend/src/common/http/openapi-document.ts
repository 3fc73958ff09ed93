import type { OpenAPIObject } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { ERROR_DETAIL_SCHEMA } from './api-responses';
import { MESSAGES } from './messages';
import { PG_INT_MAX } from './transforms';

/**
 * What a third-party developer's generator reads besides the paths: servers, a license and a
 * contact, every tag declared in order with what it covers, security on every operation,
 * a description on every operation, and the request schemas' constraints read from the very
 * validators that enforce them (class-validator's metadata), so the document and the
 * validation cannot drift apart. Applied once, after the controllers' own decorators.
 */

/** The tags in the order a reader meets them, with what each covers. */
export const API_TAGS: ReadonlyArray<{ name: string; description: string }> = [
  {
    name: 'accounts',
    description: 'Registration with e-mail verification, login and logout (DRF-style tokens), password reset, account deletion, language and plan.',
  },
  { name: 'sign-in', description: 'Sign-in with Google, LINE and Yahoo! JAPAN, and the sign-in methods linked to an account.' },
  { name: 'profiles', description: 'Profiles (nickname, caption, avatar…), newest profiles, profile search and the access log.' },
  { name: 'follows', description: 'Following people: requests, approval, follower and following lists and counts.' },
  { name: 'posts', description: 'Posts and reviews, reposts, likes, comments and the feeds (home, a person, a Book, liked posts).' },
  {
    name: 'books',
    description:
      'Books (the "monopage"s made from data files): lists, search, a Book\'s information, preview, related Books, following Books, views, ownership and downloads.',
  },
  { name: 'tags', description: 'Tags (the "page attributes") in Japanese and English and the Books of a tag.' },
  { name: 'circles', description: "Circles (communities): membership, invitations, join requests, a circle's thread and its bookshelf." },
  { name: 'notifications', description: 'Notifications, unread counts, per-user settings and the live stream (Server-Sent Events).' },
  {
    name: 'payments',
    description: "Buying Books with Stripe Checkout (card and konbini), payouts to data owners (Stripe Connect), earnings, and Stripe's webhook.",
  },
  { name: 'ads', description: "Paid ads: creating and paying for an ad, serving, clicks and the advertiser's figures." },
  { name: 'analytics', description: 'Figures for the Books one made or contributed to (enterprise plan).' },
  { name: 'help', description: 'The intro and how-to videos configured for the site.' },
  { name: 'operations', description: 'Liveness and readiness for the reverse proxy.' },
];

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DtoClass = abstract new (...args: any[]) => unknown;

/**
 * Numeric fields of answers that are whole numbers by nature (counts, yen, sizes, dates' parts);
 * any other number (a column's mean, a chart's values, an average rating) stays `number`.
 */
const WHOLE_FIELD =
  /^(?:count|totalCount|.*_count|.*Count|.*Counts|cnt|.*Times|target|remaining|views|clicks|monthly_views|size|rows|distinct|page_price|price|gross|stripe_fee|platform_fee|net|amount|sales|posts|reviews|marked|expires_in|male|female|other|unanswered|repeat|no_offer|rate_limit|inactive|birth(?:Year|Month|Day)|platform_fee_percent|rating__sum)$/;
/** PageResponse.rating is rounded; AnalyticsPostMonth.rating is an average. */
const WHOLE_BY_SCHEMA = new Set(['PageResponse.rating']);

/** Fields of answers that hold an object's id (a user's, a post's, a Book's…): integers from 1. */
const ID_FIELD =
  /^(?:id|.*Id|.*_id|userProfile|userPost|userComment|askFrom|askTo|post|comment|page|community|owner|inviter|invited_user|reviewTo|repostingFrom|repostingFromUser)$/;

type Schema = {
  type?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  nullable?: boolean;
  $ref?: string;
  allOf?: Schema[];
  description?: string;
};

type Operation = {
  summary?: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  tags?: string[];
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
};

export interface DocumentSite {
  /** PUBLIC_URL, when the operator fixed the site's origin. */
  publicUrl?: string;
}

export function completeDocument(document: OpenAPIObject, site: DocumentSite): OpenAPIObject {
  document.servers = [
    ...(site.publicUrl ? [{ url: site.publicUrl.replace(/\/$/, ''), description: 'This site' }] : []),
    { url: '/', description: 'The origin this document was read from' },
  ];
  document.info.license = { name: 'Proprietary: the API may be used by clients of this site under its terms of use', url: '/terms' };
  document.info.contact = { name: 'Monobook API', url: '/howto' };
  document.tags = API_TAGS.map((tag) => ({ ...tag }));

  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      const declaredOptional = Boolean(operation.security?.some((s) => Object.keys(s).length === 0));
      const isProtected = !declaredOptional && Boolean(operation.security?.some((s) => 'token' in s));
      // A public call still takes a token, and a token can change the answer (is_liked, a
      // member's view, …): optional auth. An invalid token is refused even here (401).
      operation.security = isProtected ? [{ token: [] }] : [{}, { token: [] }];
      operation.description = describe(operation, isProtected);
      errorsAsJson(operation);
    }
  }

  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const validated = validatedClasses();
  for (const [name, schema] of Object.entries(schemas)) {
    const target = validated.get(name);
    if (target) fromValidators(schema, target);
    else integersOfAnswer(name, schema);
  }
  return withExamples(document);
}

/** Who may call it, in every operation's description (beside what the controller wrote). */
function describe(operation: Operation, isProtected: boolean): string {
  const who = isProtected
    ? 'Who may call it: a signed-in user (`Authorization: Token <key>`); without a token `401`.'
    : "Who may call it: anyone. A token is optional: with one the answer is the signed-in person's view (their likes, memberships, …); an invalid token is refused with `401`.";
  const own = operation.description?.trim() || `${(operation.summary ?? '').replace(/\.?$/, '.')}`;
  return own.includes('Who may call it:') ? own : `${own}\n\n${who}`;
}

const DETAIL_RESPONSE_REF = '#/components/schemas/DetailResponse';

/**
 * Error answers are JSON whatever the success answer's media type (a file, a stream, HTML), and
 * a `{"detail": …}` error is ErrorDetail (with its code) also where a controller documented it
 * with the success answers' DetailResponse.
 */
function errorsAsJson(operation: Operation): void {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (Number(status) < 400 || !response.content) continue;
    const json = response.content['application/json'];
    const schema = json?.schema ?? Object.values(response.content).find((c) => c.schema)?.schema;
    const isDetail = !schema || (schema as Schema).$ref === DETAIL_RESPONSE_REF;
    response.content = { 'application/json': { schema: isDetail ? ERROR_DETAIL_SCHEMA : schema } };
  }
}

/** The classes class-validator knows (request DTOs), by the name the document gives their schema. */
function validatedClasses(): Map<string, DtoClass> {
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<DtoClass, ValidationMetadata[]> | ValidationMetadata[] };
  const all = storage.validationMetadatas instanceof Map ? [...storage.validationMetadatas.values()].flat() : storage.validationMetadatas;
  const byName = new Map<string, DtoClass>();
  for (const m of all) if (typeof m.target === 'function') byName.set(m.target.name, m.target as DtoClass);
  return byName;
}

/** A request schema's constraints, as its validators enforce them. */
function fromValidators(schema: Schema, target: DtoClass): void {
  const metas = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);
  const required = new Set(schema.required ?? []);
  for (const [property, prop] of Object.entries(schema.properties ?? {})) {
    const own = metas.filter((m) => m.propertyName === property);
    const names = new Set(own.flatMap((m) => [m.type, m.name].filter(Boolean)));
    const constraint = (name: string) => own.find((m) => m.name === name || m.type === name)?.constraints?.[0] as number | undefined;
    const each = own.some((m) => m.each);
    const target = prop.type === 'array' && each && prop.items ? prop.items : prop;
    if (names.has('isDefined') && !names.has('conditionalValidation')) required.add(property);
    if (names.has('isInt')) {
      target.type = 'integer';
      target.format = 'int32';
      const min = constraint('min');
      const max = constraint('max');
      if (min !== undefined) target.minimum = min;
      if (max !== undefined) target.maximum = max;
      target.maximum ??= PG_INT_MAX;
    }
    if (names.has('isNotEmpty') && (prop.type === 'string' || prop.type === undefined) && !prop.$ref) prop.minLength ??= 1;
    if (names.has('isIn') && !prop.enum) {
      const values = constraint('isIn') as unknown;
      if (Array.isArray(values)) prop.enum = values;
    }
  }
  if (required.size) schema.required = [...required];
}

/** An answer's ids are integers from 1, and its counts and amounts integers. */
function integersOfAnswer(name: string, schema: Schema): void {
  for (const [property, prop] of Object.entries(schema.properties ?? {})) {
    const target = prop.type === 'array' && prop.items ? prop.items : prop;
    if (target.type !== 'number') continue;
    if (ID_FIELD.test(property)) {
      Object.assign(target, { type: 'integer', format: 'int32', minimum: 1 });
    } else if (WHOLE_FIELD.test(property) || WHOLE_BY_SCHEMA.has(`${name}.${property}`)) {
      Object.assign(target, { type: 'integer', format: 'int64' });
    }
  }
}

/** Sample values by field name, so that every example reads like the product (and validates). */
const SAMPLE_TEXT: Record<string, string> = {
  nickName: '山田花子',
  caption: '統計と地域データが好きです',
  description: '都道府県ごとの健康保険料率をまとめました。',
  email: 'hanako@example.com',
  password: 'demo-password-2026',
  password1: 'a-long-passphrase-2026',
  password2: 'a-long-passphrase-2026',
  language: 'ja',
  title: '都道府県別 健康保険料率',
  text: 'とても分かりやすいデータでした。',
  summary: '47都道府県の健康保険料率（令和3年度）。最も高いのは佐賀県、最も低いのは新潟県。',
  url: 'https://example.com/',
  content: 'データ分析のご相談はこちら',
  key: 'Mq2vX9rT0dWc8uVb1nHs7kLp3yQe5aZg',
  token: '9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b',
  id_token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl',
  attributeName: '健康',
  name: '健康',
  provider: 'line',
  reason: 'spam',
  detail: MESSAGES.notFound,
  redirect_url: '/home',
  encrypted_pageId: 'MTIzNDU2Nzg5MA.c2lnbmF0dXJl',
  session_id: 'cs_test_a1b2c3',
  ticket: 'f3b1c2d4e5',
  month: '2026-11',
  day: '2026-11-22',
};

type Components = Record<string, Schema>;

/** A value the schema accepts, built from its types, formats, enums and bounds. */
export function exampleOf(schema: Schema | undefined, components: Components, name = '', depth = 0, refs: string[] = []): unknown {
  if (!schema || depth > 24) return undefined;
  if (schema.$ref) {
    const ref = schema.$ref.split('/').pop() ?? '';
    if (refs.includes(ref)) return schema.nullable ? null : {}; // a schema that holds itself
    return exampleOf(components[ref], components, name, depth + 1, [...refs, ref]);
  }
  if (schema.allOf?.length) return exampleOf(schema.allOf[0], components, name, depth + 1, refs);
  const anyOf = (schema as { anyOf?: Schema[]; oneOf?: Schema[] }).anyOf ?? (schema as { oneOf?: Schema[] }).oneOf;
  if (anyOf?.length) return exampleOf(anyOf[0], components, name, depth + 1, refs);
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'integer': {
      const floor = schema.minimum ?? 1;
      return Math.min(Math.max(floor, ID_FIELD.test(name) ? 1 : floor > 1 ? floor : 3), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 0, 9.5), schema.maximum ?? Number.MAX_VALUE);
    case 'boolean':
      return false;
    case 'array': {
      const item = exampleOf(schema.items, components, name, depth + 1, refs);
      return item === undefined ? [] : [item];
    }
    case 'string':
      return sampleString(schema, name);
    default: {
      if (!schema.properties) return schema.type === 'object' ? {} : undefined;
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties)) {
        const value = exampleOf(prop, components, key, depth + 1, refs);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
  }
}

function sampleString(schema: Schema, name: string): string | undefined {
  if (schema.format === 'binary') return '(the file’s bytes)';
  if (schema.format === 'date-time') return '2026-11-22T08:19:56.123456+09:00';
  if (schema.format === 'date' || name === 'birthday' || name === 'birth') return '1990-04-01';
  if (schema.format === 'email') return SAMPLE_TEXT.email;
  if (schema.format === 'uri' || /url$|^img|image|src$|picture/i.test(name))
    return name === 'redirect_url' ? '/home' : 'https://monobook.example/media/covers/1.jpg';
  let text = SAMPLE_TEXT[name] ?? (/email/i.test(name) ? SAMPLE_TEXT.email : 'サンプル');
  if (schema.maxLength !== undefined && text.length > schema.maxLength) text = text.slice(0, schema.maxLength);
  if (schema.minLength !== undefined && text.length < schema.minLength) text = text.padEnd(schema.minLength, 'x');
  return text;
}

/** An example on every request body and on every JSON success answer, made from its schema. */
export function withExamples(document: OpenAPIObject): OpenAPIObject {
  const components = (document.components?.schemas ?? {}) as Components;
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as (Operation & { requestBody?: { content?: Record<string, { schema?: Schema; example?: unknown }> } }) | undefined;
      if (!operation) continue;
      for (const media of Object.values(operation.requestBody?.content ?? {})) {
        media.example ??= exampleOf(media.schema, components);
      }
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!/^2/.test(status)) continue;
        const media = response.content?.['application/json'] as { schema?: Schema; example?: unknown } | undefined;
        if (media?.schema) media.example ??= exampleOf(media.schema, components);
      }
    }
  }
  return document;
}
