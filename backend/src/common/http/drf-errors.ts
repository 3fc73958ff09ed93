import { BadRequestException, HttpException, type HttpStatus } from '@nestjs/common';
import { MESSAGES, fillTemplate } from './messages';

/** The catalogue's messages (messages.ts), with the templates as functions. */
export const Msg = {
  ...MESSAGES,
  maxLength: (n: number) => fillTemplate('maxLength', { n }),
  minLength: (n: number) => fillTemplate('minLength', { n }),
  invalidChoice: (v: unknown) => fillTemplate('invalidChoice', { value: String(v) }),
  throttled: (seconds: number) => fillTemplate('throttled', { seconds }),
  jsonParse: (detail: string) => fillTemplate('jsonParse', { detail }),
  multipartParse: (detail: string) => fillTemplate('multipartParse', { detail }),
  surrogate: (code: number) => fillTemplate('surrogate', { code: code.toString(16).toUpperCase() }),
  tooDeep: (levels: number) => fillTemplate('tooDeep', { levels }),
  maxItems: (n: number) => fillTemplate('maxItems', { n }),
  minValue: (n: number) => fillTemplate('minValue', { n }),
  maxValue: (n: number) => fillTemplate('maxValue', { n }),
  multipleOf: (n: number) => fillTemplate('multipleOf', { n }),
  invalidPk: (pk: number | string) => fillTemplate('invalidPk', { pk }),
  uniqueSet: (fields: string) => fillTemplate('uniqueSet', { fields }),
  methodNotAllowed: (method: string) => fillTemplate('methodNotAllowed', { method }),
  streamsPerAccount: (n: number) => fillTemplate('streamsPerAccount', { n }),
  uploadQuota: (files: number, bytes: number) => fillTemplate('uploadQuota', { files, megabytes: Math.round((bytes / 1024 / 1024) * 10) / 10 }),
} as const;

export type FieldErrors = Record<string, string[]>;

/** 400 with DRF's shape: {"field": ["message"]} or {"non_field_errors": [...]}. */
export class DrfValidationError extends BadRequestException {
  constructor(public readonly errors: FieldErrors) {
    super(errors);
  }

  static field(field: string, message: string): DrfValidationError {
    return new DrfValidationError({ [field]: [message] });
  }

  static nonField(message: string): DrfValidationError {
    return new DrfValidationError({ non_field_errors: [message] });
  }
}

/** Any other error answered as {"detail": "..."} with the given status (and headers, such as Retry-After). */
export class DrfDetailError extends HttpException {
  constructor(
    status: HttpStatus,
    detail: string,
    public readonly headers?: Record<string, string>,
  ) {
    super({ detail }, status);
  }
}
