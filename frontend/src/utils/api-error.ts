import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

export type ApiErrorKind = 'validation' | 'unauthorized' | 'forbidden' | 'notFound' | 'server' | 'network';

/** The values of a message with values in it (`{"n": 20}` for maxLength). */
export type MessageParams = Record<string, string | number>;

/**
 * A message as the server codes it: the stable `code` of its catalogue
 * (backend/src/common/http/messages.ts) and a template's values. Screens translate by it.
 */
export type MessageCode = { code?: string; params?: MessageParams };

/** One message of an error answer: its code (absent from a server that sends none) and its English text. */
export type ServerError = MessageCode & { text: string };

export type ApiError = {
  kind: ApiErrorKind;
  status: number | null;
  /** DRF field errors: {"email": ["Enter a valid email address."]}, each with its code. */
  fieldErrors: Record<string, ServerError[]>;
  /** non_field_errors and detail. */
  messages: ServerError[];
};

/** Where a validation answer keeps its messages' codes, by field, in the order of the messages. */
const ERROR_CODES_KEY = 'error_codes';

function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

function kindOf(status: number): ApiErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status >= 500) return 'server';
  return 'validation';
}

function asStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

function asCode(value: unknown): MessageCode {
  if (typeof value !== 'object' || value === null) return {};
  const { code, params } = value as { code?: unknown; params?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof params === 'object' && params !== null ? { params: params as MessageParams } : {}),
  };
}

/**
 * Reads an RTK Query error in the DRF shape the server answers with: `{"detail": "…", "code": "…"}`,
 * or `{"field": ["…"], "error_codes": {"field": [{"code": "…"}]}}`.
 */
export function parseApiError(error: FetchBaseQueryError | SerializedError | unknown): ApiError {
  if (!isFetchBaseQueryError(error) || typeof error.status !== 'number') {
    return { kind: 'network', status: null, fieldErrors: {}, messages: [] };
  }
  const fieldErrors: Record<string, ServerError[]> = {};
  const messages: ServerError[] = [];
  const data = error.data;
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    const body = data as Record<string, unknown>;
    if (typeof body.detail === 'string') {
      // {"detail", "code", "params"}: one message (its `code` is not a field).
      messages.push({ text: body.detail, ...asCode(body) });
    } else {
      const codes = typeof body[ERROR_CODES_KEY] === 'object' && body[ERROR_CODES_KEY] !== null ? (body[ERROR_CODES_KEY] as Record<string, unknown>) : {};
      for (const [field, value] of Object.entries(body)) {
        if (field === ERROR_CODES_KEY) continue;
        const texts = asStrings(value);
        if (texts.length === 0) continue;
        const fieldCodes = Array.isArray(codes[field]) ? (codes[field] as unknown[]) : [];
        const coded = texts.map((text, i) => ({ text, ...asCode(fieldCodes[i]) }));
        if (field === 'non_field_errors' || field === 'detail') messages.push(...coded);
        else fieldErrors[field] = coded;
      }
    }
  } else {
    messages.push(...asStrings(data).map((text) => ({ text })));
  }
  return { kind: kindOf(error.status), status: error.status, fieldErrors, messages };
}

/** Every message of an error, field errors included, for a form without those fields. */
export function allMessages(error: ApiError): ServerError[] {
  return [...error.messages, ...Object.values(error.fieldErrors).flat()];
}

export function isNotFound(error: unknown): boolean {
  return isFetchBaseQueryError(error) && error.status === 404;
}
