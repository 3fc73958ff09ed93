import { applyDecorators } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { MAX_PAGE_INDEX } from './paging';
import { PG_INT_MAX } from './transforms';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiProperty,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ERROR_CODES_KEY, Msg } from './drf-errors';
import { ERROR_CODES, TEMPLATE_PARAMS } from './messages';

/** A success answer that is one message (`{"detail": "Verification e-mail sent."}`). */
export class DetailResponse {
  @ApiProperty({ example: 'Not found.' })
  detail: string;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Every template parameter once, by name (a name two templates share has one type in both). */
function templateParamProperties(): Record<string, { type: string }> {
  const properties: Record<string, { type: string }> = {};
  for (const params of Object.values(TEMPLATE_PARAMS)) {
    for (const [name, kind] of Object.entries(params)) {
      const seen = properties[name]?.type;
      if (seen && seen !== kind && (seen === 'string' || kind === 'string')) throw new Error(`template parameter ${name} is both a string and a number`);
      properties[name] = { type: seen && seen !== kind ? 'number' : kind };
    }
  }
  return properties;
}

/**
 * The error schemas of the document (components), built from the message catalogue so that
 * the `code` enum is the catalogue: a message added there is documented here.
 */
export function errorSchemas(): Record<string, object> {
  const templates = Object.entries(TEMPLATE_PARAMS).map(
    ([code, params]) =>
      `\`${code}\`: ${Object.keys(params)
        .map((p) => `\`${p}\``)
        .join(', ')}`,
  );
  return {
    ErrorCode: {
      type: 'string',
      enum: ERROR_CODES,
      description:
        'The stable code of an error message: translate by it, not by the English text (which may change). ' +
        "The codes are the names of the server's message catalogue; new ones may be added: show a generic message for a code you do not know.",
    },
    ErrorParams: {
      type: 'object',
      properties: templateParamProperties(),
      description: `The values of a message with values in it, by the message's code: ${templates.join('; ')}.`,
    },
    CodedMessage: {
      type: 'object',
      required: ['code'],
      properties: { code: ref('ErrorCode'), params: ref('ErrorParams') },
    },
    ErrorCodes: {
      type: 'object',
      description: "The codes of a validation answer's messages, by field, in the order of the field's messages.",
      additionalProperties: { type: 'array', items: ref('CodedMessage') },
    },
    ErrorDetail: {
      type: 'object',
      required: ['detail', 'code'],
      properties: { detail: { type: 'string', description: "The message in English (DRF's wording)." }, code: ref('ErrorCode'), params: ref('ErrorParams') },
      example: { detail: Msg.notFound, code: 'notFound' },
    },
    ValidationErrors: {
      type: 'object',
      description: `Each field (or \`non_field_errors\`) maps to its messages, as DRF answers; \`${ERROR_CODES_KEY}\` maps the same keys to the messages' codes, in the same order.`,
      required: [ERROR_CODES_KEY],
      minProperties: 2,
      properties: { [ERROR_CODES_KEY]: ref('ErrorCodes') },
      // The codes' key is one of the "additional" properties too for a TypeScript generator
      // (an index signature covers every key): hence the union.
      additionalProperties: { anyOf: [{ type: 'array', items: { type: 'string' } }, ref('ErrorCodes')] },
      example: { nickName: [Msg.maxLength(20)], [ERROR_CODES_KEY]: { nickName: [{ code: 'maxLength', params: { n: 20 } }] } },
    },
  };
}

/** `{"detail": "...", "code": "..."}`: every error answer that is not a validation answer. */
export const ERROR_DETAIL_SCHEMA = ref('ErrorDetail');

/**
 * DRF validation errors: each field (or `non_field_errors`) maps to a list of messages, with
 * their codes beside them; a body that cannot be parsed (broken or too deeply nested JSON)
 * answers `{"detail": "JSON parse error - ...", "code": "jsonParse"}`, a multipart body whose
 * framing is refused `{"detail": "Multipart form parse error - ...", "code": "multipartParse"}`.
 */
export const VALIDATION_ERROR_SCHEMA = {
  anyOf: [ref('ValidationErrors'), ERROR_DETAIL_SCHEMA],
};

export const ApiValidationErrors = () => ApiBadRequestResponse({ description: 'Validation errors, DRF style.', schema: VALIDATION_ERROR_SCHEMA });

export const ApiAuthErrors = () =>
  ApiUnauthorizedResponse({ description: 'Missing or invalid token (`WWW-Authenticate: Token`).', schema: ERROR_DETAIL_SCHEMA });

export const ApiForbidden = () => ApiForbiddenResponse({ description: 'Not allowed for this user.', schema: ERROR_DETAIL_SCHEMA });

export const ApiNotFound = () => ApiNotFoundResponse({ description: 'No such object.', schema: ERROR_DETAIL_SCHEMA });

export const ApiThrottled = () => ApiTooManyRequestsResponse({ description: 'Rate limited; see `Retry-After`.', schema: ERROR_DETAIL_SCHEMA });

/** Errors every token-protected route can answer. */
export const ApiProtected = () => applyDecorators(ApiAuthErrors());

const json = (schema: object) => ({ 'application/json': { schema } });

/**
 * Wire conventions added to the document in one place so that no controller can forget them.
 * Numeric path and query parameters are ids and page indexes: integers within PostgreSQL
 * `integer` (anything else is refused, see IdParamPipe and paging.ts). Answers every operation
 * can give: 401 for an invalid token (refused even on public calls, as in DRF), 400 where
 * a body or query is read (validation, unparsable body), 404 where a path names an object,
 * 413 and 415 where a body is read (too large; unknown Content-Encoding or charset, a
 * Content-Type that cannot be parsed); a multipart body whose framing is refused (boundary,
 * part headers) is a 400 `{"detail": "Multipart form parse error - ..."}`. Every error answer
 * carries its message's code (errorSchemas).
 */
export function withWireConventions(document: OpenAPIObject): OpenAPIObject {
  document.components ??= {};
  document.components.schemas = { ...document.components.schemas, ...errorSchemas() };
  for (const item of Object.values(document.paths)) {
    for (const operation of [item.get, item.put, item.post, item.delete, item.patch]) {
      if (!operation) continue;
      const responses = (operation.responses ??= {});
      const params = (operation.parameters ?? []) as Array<{
        in?: string;
        name?: string;
        schema?: { type?: string; format?: string; minimum?: number; maximum?: number };
      }>;
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
        content: json(ERROR_DETAIL_SCHEMA),
      };
      if ((operation.requestBody || params.some((p) => p.in === 'query')) && !responses['400']) {
        responses['400'] = { description: 'Validation errors, DRF style.', content: json(VALIDATION_ERROR_SCHEMA) };
      }
      if (operation.requestBody) {
        responses['413'] ??= { description: 'Body or file too large.', content: json(ERROR_DETAIL_SCHEMA) };
        responses['415'] ??= {
          description:
            'Unsupported Content-Encoding or charset, or a Content-Type that cannot be parsed (after authentication: a visitor on a protected call gets 401).',
          content: json(ERROR_DETAIL_SCHEMA),
        };
      }
      if (params.some((p) => p.in === 'path') && !responses['404']) {
        responses['404'] = { description: 'No such object.', content: json(ERROR_DETAIL_SCHEMA) };
      }
    }
  }
  return document;
}
