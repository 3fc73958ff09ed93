/**
 * class-transformer `@Transform` helpers for request fields. JSON and multipart bodies send
 * booleans and numbers differently (multipart only has strings): these normalise both.
 */
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min, ValidateIf } from 'class-validator';
import { Msg } from './drf-errors';

type Input = { value: unknown };

/** The largest value of a PostgreSQL `integer` column: every id and count must fit. */
export const PG_INT_MAX = 2147483647;

/** DRF's BooleanField spellings (what Python's `requests` sends for True/False, HTML forms, …). */
const TRUE_SPELLINGS = new Set(['t', 'T', 'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON', '1']);
const FALSE_SPELLINGS = new Set(['f', 'F', 'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF', '0', '']);

/**
 * A boolean as DRF's BooleanField reads it: `true`/`True`/`1`/`yes`/`on`… → true,
 * `false`/`False`/`0`/`no`/`off`/'' … → false (strings of forms and query strings; JSON booleans
 * pass). Anything else is left for the validator to refuse.
 */
export const toBool = ({ value }: Input) => (typeof value !== 'string' ? value : TRUE_SPELLINGS.has(value) ? true : FALSE_SPELLINGS.has(value) ? false : value);

/**
 * A decimal string (as DRF's IntegerField: `"12"`, `" 12 "`, `"12.0"`) becomes a number; anything
 * else — booleans included, so `true` is never read as 1 — is left for the validator to refuse.
 */
export const toInt = ({ value }: Input) => {
  if (typeof value !== 'string') return value;
  const m = /^\s*(-?\d{1,12})(?:\.0*)?\s*$/.exec(value);
  return m ? Number(m[1]) : value;
};

export const trim = ({ value }: Input) => (typeof value === 'string' ? value.trim() : value);

/** E-mail addresses: trimmed and lower-cased. */
export const trimLower = ({ value }: Input) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/**
 * An integer field that fits PostgreSQL `integer` (ids, counts): `true`, `1.5`, `1e300` and
 * `2147483648` are all refused with DRF's "A valid integer is required.".
 * With `each`, the field is a list of such integers (a single multipart value is a list of one).
 */
export function IsPgInt({ min = 0, each = false }: { min?: number; each?: boolean } = {}): PropertyDecorator {
  const opts = { each, message: Msg.invalidInt };
  const transform = each
    ? Transform(({ value }: Input) =>
        (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]).map((v: unknown) => toInt({ value: v })),
      )
    : Transform(toInt);
  return applyDecorators(transform, IsInt(opts), Min(min, opts), Max(PG_INT_MAX, opts));
}

/**
 * `@IsOptional()` for DRF-style fields: a missing field is skipped, but `null` is validated (and
 * refused with "This field may not be null." by the validation pipe) — DRF fields are not nullable.
 */
export const IsOmittable = () => ValidateIf((_object: unknown, value: unknown) => value !== undefined);
