import { BadRequestException, HttpException, type HttpStatus } from '@nestjs/common';

/** DRF's standard messages, verbatim: clients match on them. */
export const Msg = {
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  nullValue: 'This field may not be null.',
  invalidInt: 'A valid integer is required.',
  invalidEmail: 'Enter a valid email address.',
  invalidDate: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  invalidBool: 'Must be a valid boolean.',
  maxLength: (n: number) => `Ensure this field has no more than ${n} characters.`,
  minLength: (n: number) => `Ensure this field has at least ${n} characters.`,
  invalidChoice: (v: unknown) => `"${String(v)}" is not a valid choice.`,
  notFound: 'Not found.',
  permissionDenied: 'You do not have permission to perform this action.',
  notAuthenticated: 'Authentication credentials were not provided.',
  invalidToken: 'Invalid token.',
  inactiveUser: 'User inactive or deleted.',
  invalidTokenHeader: 'Invalid token header. No credentials provided.',
  invalidTokenHeaderSpaces: 'Invalid token header. Token string should not contain spaces.',
  serverError: 'A server error occurred.',
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
