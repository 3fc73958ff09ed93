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

/** Any other error answered as {"detail": "..."} with the given status. */
export class DrfDetailError extends HttpException {
  constructor(status: HttpStatus, detail: string) {
    super({ detail }, status);
  }
}
