/**
 * class-transformer `@Transform` helpers for request fields. JSON and multipart bodies send
 * booleans and numbers differently (multipart only has strings): these normalise both.
 */
type Input = { value: unknown };

/** 'true'/'1' → true, 'false'/'0'/'' → false; anything else is left for the validator to refuse. */
export const toBool = ({ value }: Input) =>
  value === 'true' || value === '1' ? true : value === 'false' || value === '0' || value === '' ? false : value;

/** A decimal string becomes a number; anything else is left for the validator to refuse. */
export const toInt = ({ value }: Input) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

export const trim = ({ value }: Input) => (typeof value === 'string' ? value.trim() : value);

/** E-mail addresses: trimmed and lower-cased. */
export const trimLower = ({ value }: Input) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
