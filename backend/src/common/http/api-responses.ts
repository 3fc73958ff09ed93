import { applyDecorators } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiProperty, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';

export class DetailResponse {
  @ApiProperty({ example: 'Not found.' })
  detail: string;
}

/** DRF validation errors: each field (or `non_field_errors`) maps to a list of messages. */
export const VALIDATION_ERROR_SCHEMA = {
  type: 'object',
  additionalProperties: { type: 'array', items: { type: 'string' } },
  example: { email: ['Enter a valid email address.'] },
} as const;

export const ApiValidationErrors = () =>
  ApiBadRequestResponse({ description: 'Validation errors, DRF style.', schema: VALIDATION_ERROR_SCHEMA });

export const ApiAuthErrors = () =>
  ApiUnauthorizedResponse({ description: 'Missing or invalid token (`WWW-Authenticate: Token`).', type: DetailResponse });

export const ApiForbidden = () => ApiForbiddenResponse({ description: 'Not allowed for this user.', type: DetailResponse });

export const ApiNotFound = () => ApiNotFoundResponse({ description: 'No such object.', type: DetailResponse });

export const ApiThrottled = () =>
  ApiTooManyRequestsResponse({ description: 'Rate limited; see `Retry-After`.', type: DetailResponse });

/** Errors every token-protected route can answer. */
export const ApiProtected = () => applyDecorators(ApiAuthErrors());
