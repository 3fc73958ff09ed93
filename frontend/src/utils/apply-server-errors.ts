import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError, MessageCode } from './api-error';

/**
 * Puts the server's 400 field errors on the form fields they belong to (`fieldMap` maps the
 * wire name to the form field) and returns the translated messages that belong to no field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: ApiError,
  fieldMap: Partial<Record<string, Path<T>>>,
  setError: UseFormSetError<T>,
  translate: (message: MessageCode) => string,
): string[] {
  const rest = error.messages.map(translate);
  for (const [wireName, messages] of Object.entries(error.fieldErrors)) {
    const field = fieldMap[wireName];
    const text = messages.map(translate).join(' ');
    if (field) setError(field, { type: 'server', message: text });
    else rest.push(text);
  }
  return rest;
}
