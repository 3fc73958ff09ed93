import { ERROR_CODES_KEY, Msg, detailBody, validationBody } from './drf-errors';
import { errorSchemas } from './api-responses';
import { ERROR_CODES } from './messages';

describe('error answers carry their codes', () => {
  it("a detail answer: the message, its code and a template's values", () => {
    expect(detailBody(404, Msg.notFound)).toEqual({ detail: 'Not found.', code: 'notFound' });
    expect(detailBody(429, Msg.throttled(42))).toEqual({ detail: Msg.throttled(42), code: 'throttled', params: { seconds: 42 } });
    expect(detailBody(405, Msg.methodNotAllowed('PATCH'))).toEqual({
      detail: 'Method "PATCH" not allowed.',
      code: 'methodNotAllowed',
      params: { method: 'PATCH' },
    });
  });

  it("a message outside the catalogue becomes its status's message and code", () => {
    expect(detailBody(403, 'Forbidden resource')).toEqual({ detail: Msg.permissionDenied, code: 'permissionDenied' });
    expect(detailBody(401)).toEqual({ detail: Msg.notAuthenticated, code: 'notAuthenticated' });
    expect(detailBody(502, 'upstream exploded')).toEqual({ detail: Msg.serverError, code: 'serverError' });
    expect(detailBody(418, 'teapot')).toEqual({ detail: Msg.badRequest, code: 'badRequest' });
  });

  it("a validation answer keeps DRF's field lists and puts their codes beside them, in order", () => {
    const body = validationBody({ nickName: [Msg.maxLength(20)], non_field_errors: [Msg.passwordsDiffer, 'property x should not exist'] });
    expect(body).toEqual({
      nickName: ['Ensure this field has no more than 20 characters.'],
      non_field_errors: [Msg.passwordsDiffer, Msg.invalidInput],
      [ERROR_CODES_KEY]: {
        nickName: [{ code: 'maxLength', params: { n: 20 } }],
        non_field_errors: [{ code: 'passwordsDiffer' }, { code: 'invalidInput' }],
      },
    });
  });

  it("a request key spelt like the codes' key is reported as a non-field error", () => {
    expect(validationBody({ [ERROR_CODES_KEY]: [Msg.nullCharacter], email: [Msg.invalidEmail] })).toEqual({
      non_field_errors: [Msg.nullCharacter],
      email: [Msg.invalidEmail],
      [ERROR_CODES_KEY]: { non_field_errors: [{ code: 'nullCharacter' }], email: [{ code: 'invalidEmail' }] },
    });
  });

  it("the document's code enum is the catalogue, and its params every template value", () => {
    const schemas = errorSchemas() as Record<string, { enum?: string[]; properties?: Record<string, { type: string }> }>;
    expect(schemas.ErrorCode.enum).toEqual(ERROR_CODES);
    expect(schemas.ErrorParams.properties).toMatchObject({
      n: { type: 'number' },
      seconds: { type: 'integer' },
      pk: { type: 'string' },
      megabytes: { type: 'number' },
    });
  });
});
