import { applyDecorators } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { MAX_PAGE_INDEX } from './paging';
import { PG_INT_MAX } from './transforms';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiProperty, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';

export class DetailResponse {
  @ApiProperty({ example: 'Not found.' })
  detail: string;
}

/**
 * DRF validation errors: each field (or `non_field_errors`) maps to a list of messages; a body
 * that cannot be parsed (broken or too deeply nested JSON) answers `{"detail": "JSON parse error - ..."}`,
 * a multipart body whose framing is refused `{"detail": "Multipart form parse error - ..."}`.
 */
export const VALIDATION_ERROR_SCHEMA = {
  anyOf: [
    { type: 'object', minProperties: 1, additionalProperties: { type: 'array', items: { type: 'string' } } },
    { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } },
  ],
  example: { email: ['Enter a valid email address.'] },
};

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

const DETAIL_SCHEMA = { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } };
const json = (schema: object) => ({ 'application/json': { schema } });

/**
 * Wire conventions added to the document in one place so that no controller can forget them.
 * Numeric path and query parameters are ids and page indexes: integers within PostgreSQL
 * `integer` (anything else is refused, see IdParamPipe and paging.ts). Answers every operation
 * can give: 401 for an invalid token (refused even on public calls, as in DRF), 400 where
 * a body or query is read (validation, unparsable body), 404 where a path names an object,
 * 413 and 415 where a body is read (too large; unknown Content-Encoding or charset, a
 * Content-Type that cannot be parsed); a multipart body whose framing is refused (boundary,
 * part headers) is a 400 `{"detail": "Multipart form parse error - ..."}`.
 */
export function withWireConventions(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const operation of [item.get, item.put, item.post, item.delete, item.patch]) {
      if (!operation) continue;
      const responses = (operation.responses ??= {});
      const params = (operation.parameters ?? []) as Array<{ in?: string; name?: string; schema?: { type?: string; format?: string; minimum?: number; maximum?: number } }>;
      for (const param of params) {
        if (param.schema?.type !== 'number') continue;
        // A path's number names an object (ids start at 1; 0 names nothing: 404); a query's is a page index or a filter.
        param.schema =
          param.in === 'path'
            ? { type: 'integer', format: 'int32', minimum: 1, maximum: PG_INT_MAX }
            : { type: 'integer', format: 'int32', minimum: 0, maximum: param.name === 'count' ? MAX_PAGE_INDEX : PG_INT_MAX };
      }
      responses['401'] ??= {
        description: 'Missing (on protected calls) or invalid token; `WWW-Authenticate: Token`.',
        content: json(DETAIL_SCHEMA),
      };
      if ((operation.requestBody || params.some((p) => p.in === 'query')) && !responses['400']) {
        responses['400'] = { description: 'Validation errors, DRF style.', content: json(VALIDATION_ERROR_SCHEMA) };
      }
      if (operation.requestBody) {
        responses['413'] ??= { description: 'Body or file too large.', content: json(DETAIL_SCHEMA) };
        responses['415'] ??= { description: 'Unsupported Content-Encoding or charset, or a Content-Type that cannot be parsed (after authentication: a visitor on a protected call gets 401).', content: json(DETAIL_SCHEMA) };
      }
      if (params.some((p) => p.in === 'path') && !responses['404']) {
        responses['404'] = { description: 'No such object.', content: json(DETAIL_SCHEMA) };
      }
    }
  }
  return document;
}
