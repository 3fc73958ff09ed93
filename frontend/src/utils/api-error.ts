import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

export type ApiErrorKind = 'validation' | 'unauthorized' | 'forbidden' | 'notFound' | 'server' | 'network';

export type ApiError = {
  kind: ApiErrorKind;
  status: number | null;
  /** DRF field errors: {"email": ["Enter a valid email address."]}. */
  fieldErrors: Record<string, string[]>;
  /** non_field_errors and detail. */
  messages: string[];
};

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

/** Reads an RTK Query error in the DRF shape the server answers with. */
export function parseApiError(error: FetchBaseQueryError | SerializedError | unknown): ApiError {
  if (!isFetchBaseQueryError(error) || typeof error.status !== 'number') {
    return { kind: 'network', status: null, fieldErrors: {}, messages: [] };
  }
  const fieldErrors: Record<string, string[]> = {};
  const messages: string[] = [];
  const data = error.data;
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    for (const [field, value] of Object.entries(data as Record<string, unknown>)) {
      const texts = asStrings(value);
      if (texts.length === 0) continue;
      if (field === 'non_field_errors' || field === 'detail') messages.push(...texts);
      else fieldErrors[field] = texts;
    }
  } else {
    messages.push(...asStrings(data));
  }
  return { kind: kindOf(error.status), status: error.status, fieldErrors, messages };
}

/** Every message of an error, field errors included, for a form without those fields. */
export function allMessages(error: ApiError): string[] {
  return [...error.messages, ...Object.values(error.fieldErrors).flat()];
}

export function isNotFound(error: unknown): boolean {
  return isFetchBaseQueryError(error) && error.status === 404;
}
