import { type ValidationError, ValidationPipe } from '@nestjs/common';
import { DrfValidationError, type FieldErrors, Msg } from './drf-errors';

function collect(errors: ValidationError[], prefix = '', out: FieldErrors = {}): FieldErrors {
  for (const error of errors) {
    const key = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      const c = error.constraints;
      // DRF reports "required" alone when a field is missing.
      if (c.isDefined) out[key] = [c.isDefined];
      else if (c.isNotEmpty) out[key] = [c.isNotEmpty];
      else if (c.whitelistValidation) out[key] = [Msg.unexpectedField];
      else if (c.isString) out[key] = [Msg.notAString];
      else out[key] = [...new Set(Object.values(c))];
    }
    if (error.children?.length) collect(error.children, key, out);
  }
  return out;
}

/** The global pipe: DTOs validated with class-validator, errors in DRF's shape. */
export function drfValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    exceptionFactory: (errors) => {
      const fieldErrors = collect(errors);
      return new DrfValidationError(Object.keys(fieldErrors).length ? fieldErrors : { non_field_errors: [Msg.required] });
    },
  });
}
