import { applyDecorators, Header } from '@nestjs/common';

/**
 * A JSON answer already serialised, as PostgreSQL made it (`json_build_object(…)::text`): sent
 * as it is, with no rows to parse, nothing to pack and no `JSON.stringify` in the process. `T` is
 * the shape it holds (the route's @ApiOkResponse documents it; tests read it back as JSON).
 */
export type JsonText<T> = string & { readonly __shape?: T };

/**
 * On a route that answers JsonText: its Content-Type, so that Fastify sends the text unchanged
 * (a string with a JSON content type is not serialised again) instead of as text/plain.
 */
export const JsonTextAnswer = () => applyDecorators(Header('Content-Type', 'application/json; charset=utf-8'));
