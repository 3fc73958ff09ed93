import type { OpenAPIObject } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
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
  { name: 'accounts', description: 'Registration with e-mail verification, login and logout (DRF-style tokens), password reset, account deletion, language and plan.' },
  { name: 'sign-in', description: 'Sign-in with Google, LINE and Yahoo! JAPAN, and the sign-in methods linked to an account.' },
  { name: 'profiles', description: 'Profiles (nickname, caption, avatar…), newest profiles, profile search and the access log.' },
  { name: 'follows', description: 'Following people: requests, approval, follower and following lists and counts.' },
  { name: 'posts', description: 'Posts and reviews, reposts, likes, comments and the feeds (home, a person, a Book, liked posts).' },
  { name: 'books', description: 'Books (the "monopage"s made from data files): lists, search, a Book\'s information, preview, related Books, following Books, views, ownership and downloads.' },
  { name: 'tags', description: 'Tags (the "page attributes") in Japanese and English and the Books of a tag.' },
  { name: 'circles', description: 'Circles (communities): membership, invitations, join requests, a circle\'s thread and its bookshelf.' },
  { name: 'notifications', description: 'Notifications, unread counts, per-user settings and the live stream (Server-Sent Events).' },
  { name: 'payments', description: 'Buying Books with Stripe Checkout (card and konbini), payouts to data owners (Stripe Connect), earnings, and Stripe\'s webhook.' },
  { name: 'ads', description: 'Paid ads: creating and paying for an ad, serving, clicks and the advertiser\'s figures.' },
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
const ID_FIELD = /^(?:id|.*Id|.*_id|userProfile|userPost|userComment|askFrom|askTo|post|comment|page|community|owner|inviter|invited_user|reviewTo|repostingFrom|repostingFromUser)$/;

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
  return document;
}

/** Who may call it, in every operation's description (beside what the controller wrote). */
function describe(operation: Operation, isProtected: boolean): string {
  const who = isProtected
    ? 'Who may call it: a signed-in user (`Authorization: Token <key>`); without a token `401`.'
    : 'Who may call it: anyone. A token is optional: with one the answer is the signed-in person\'s view (their likes, memberships, …); an invalid token is refused with `401`.';
  const own = operation.description?.trim() || `${(operation.summary ?? '').replace(/\.?$/, '.')}`;
  return own.includes('Who may call it:') ? own : `${own}\n\n${who}`;
}

/** Error answers are JSON whatever the success answer's media type (a file, a stream, HTML). */
function errorsAsJson(operation: Operation): void {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (Number(status) < 400 || !response.content) continue;
    const json = response.content['application/json'];
    const schema = json?.schema ?? Object.values(response.content).find((c) => c.schema)?.schema ?? { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } };
    response.content = { 'application/json': { schema } };
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
