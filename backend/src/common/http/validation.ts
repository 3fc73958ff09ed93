import { type ArgumentMetadata, type ValidationError, ValidationPipe } from '@nestjs/common';
import { DrfValidationError, type FieldErrors, Msg } from './drf-errors';

/** What a body parser leaves in `req.body` when the body cannot be read; see body-parsers.ts. */
export class UnreadableBody {
  constructor(readonly error: unknown) {}
}

/** Deeper request values are refused before class-transformer (which recurses) ever sees them. */
export const MAX_INPUT_DEPTH = 32;

export const Text = {
  nullCharacter: Msg.nullCharacter,
  surrogate: Msg.surrogate,
  tooDeep: Msg.tooDeep(MAX_INPUT_DEPTH),
};

/** The first lone UTF-16 surrogate in `s` (PostgreSQL cannot store it), else -1. */
export function loneSurrogate(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    }
    return c;
  }
  return -1;
}

/** DRF's CharField checks (NUL, surrogates) for one string; undefined when it is fine. */
export function textProblem(s: string): string | undefined {
  if (s.includes('\0')) return Text.nullCharacter;
  const surrogate = loneSurrogate(s);
  return surrogate >= 0 ? Text.surrogate(surrogate) : undefined;
}

/**
 * Walks a request value without recursion: every string is checked as DRF's CharField does,
 * and values nested deeper than MAX_INPUT_DEPTH are refused. Keys name the top-level field.
 */
export function screenInput(value: unknown, field: string | undefined): FieldErrors {
  const errors: FieldErrors = {};
  const stack: Array<{ v: unknown; key: string; depth: number }> = [];
  const push = (v: unknown, key: string, depth: number) => stack.push({ v, key, depth });
  if (value !== null && typeof value === 'object' && field === undefined) {
    for (const [k, v] of Object.entries(value)) push(v, k, 1);
  } else push(value, field ?? 'non_field_errors', 1);
  while (stack.length) {
    const { v, key, depth } = stack.pop()!;
    if (errors[key]) continue;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) errors[key] = [problem];
    } else if (v !== null && typeof v === 'object') {
      if (depth > MAX_INPUT_DEPTH) errors[key] = [Text.tooDeep];
      else for (const child of Object.values(v)) push(child, key, depth + 1);
    }
  }
  return errors;
}

function collect(errors: ValidationError[], prefix = '', out: FieldErrors = {}): FieldErrors {
  for (const error of errors) {
    const key = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      const c = error.constraints;
      // DRF reports "required" alone when a field is missing, "may not be null" for null.
      if (error.value === null) out[key] = [Msg.nullValue];
      else if (c.isDefined) out[key] = [c.isDefined];
      else if (c.isNotEmpty) out[key] = [c.isNotEmpty];
      else if (c.whitelistValidation) out[key] = [Msg.unexpectedField];
      else if (c.isString) out[key] = [Msg.notAString];
      else out[key] = [...new Set(Object.values(c))];
    }
    if (error.children?.length) collect(error.children, key, out);
  }
  return out;
}

/** Where @nestjs/swagger keeps a DTO property's documented schema (`ApiProperty`). */
const API_MODEL_PROPERTIES = 'swagger/apiModelProperties';

/**
 * DRF's `allow_null=False`, the default of every field: `null` in a body field the DTO documents
 * without `nullable: true` is "This field may not be null.", optional or not (class-validator's
 * `@IsOptional()` would let it through to the service and the database).
 */
export function nullErrors(value: unknown, metatype: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (typeof metatype !== 'function' || value === null || typeof value !== 'object' || Array.isArray(value)) return errors;
  for (const [key, v] of Object.entries(value)) {
    if (v !== null) continue;
    const documented = Reflect.getMetadata(API_MODEL_PROPERTIES, (metatype as { prototype: object }).prototype, key) as { nullable?: boolean } | undefined;
    if (documented && documented.nullable !== true) errors[key] = [Msg.nullValue];
  }
  return errors;
}

/**
 * The global pipe: request text screened (NUL, lone surrogates, depth) before anything else,
 * nulls refused where the field is not nullable, then DTOs validated with class-validator;
 * errors in DRF's shape.
 */
class DrfValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // A body parser's error surfaces only now, when the handler reads the body: guards (and so
    // authentication, 401) have run first, as in DRF. See body-parsers.ts.
    if (metadata.type === 'body' && value instanceof UnreadableBody) throw value.error;
    // Bodies and query values; path params are checked by their pipes (a bad id is a 404).
    if (metadata.type === 'body' || metadata.type === 'query') {
      const errors = screenInput(value, metadata.data);
      if (Object.keys(errors).length) throw new DrfValidationError(errors);
    }
    const nulls = metadata.type === 'body' && metadata.data === undefined ? nullErrors(value, metadata.metatype) : {};
    if (!Object.keys(nulls).length) return super.transform(value, metadata);
    // Reported with the other fields' errors, as DRF does.
    try {
      await super.transform(value, metadata);
    } catch (err) {
      if (err instanceof DrfValidationError) throw new DrfValidationError({ ...err.errors, ...nulls });
      throw err;
    }
    throw new DrfValidationError(nulls);
  }
}

export function drfValidationPipe(): ValidationPipe {
  return new DrfValidationPipe({
    transform: true,
    whitelist: true,
    exceptionFactory: (errors) => {
      const fieldErrors = collect(errors);
      return new DrfValidationError(Object.keys(fieldErrors).length ? fieldErrors : { non_field_errors: [Msg.required] });
    },
  });
}
