import { BadRequestException, HttpException, HttpStatus } from '@nestjs/common';
import { type ErrorCode, type ErrorParams, MESSAGES, fillTemplate, messageCode } from './messages';

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

/** A message's stable code and values, as an error answer carries them beside its text. */
export interface CodedMessage {
  code: ErrorCode;
  params?: ErrorParams;
}

/** `{"detail": "Not found.", "code": "notFound"}`; a template's values in `params`. */
export type DetailErrorBody = { detail: string } & CodedMessage;

/**
 * The key of a validation answer that holds the codes of its messages: `{"nickName": ["…"],
 * "error_codes": {"nickName": [{"code": "maxLength", "params": {"n": 20}}]}}`, each list in the
 * order of the field's messages. The field lists stay exactly DRF's; why a companion key and
 * not DRF's `get_full_details()` shape: docs/api-conventions.md, "Error codes".
 */
export const ERROR_CODES_KEY = 'error_codes';

export type ValidationErrorBody = Record<string, string[] | Record<string, CodedMessage[]>>;

/** What an error answer says when its own message is not in the catalogue, by status. */
const STATUS_DETAIL: Partial<Record<number, string>> = {
  [HttpStatus.BAD_REQUEST]: Msg.invalidInput,
  [HttpStatus.UNAUTHORIZED]: Msg.notAuthenticated,
  [HttpStatus.FORBIDDEN]: Msg.permissionDenied,
  [HttpStatus.NOT_FOUND]: Msg.notFound,
  [HttpStatus.PAYLOAD_TOO_LARGE]: Msg.fileTooLarge,
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: Msg.unsupportedMediaType,
};

/** The status's own message (undefined when it has none). */
export function statusDetail(status: number): string | undefined {
  return STATUS_DETAIL[status];
}

/**
 * Only messages of the catalogue (messages.ts) leave the server, each with its code: anything
 * else becomes its status's message. Messages travel through the modules as their text
 * (`Msg.*`), so the edge names each by the catalogue, the one lookup that also keeps any other
 * text from leaving (messages.spec.ts checks that every text names its own entry).
 */
function coded(message: string | undefined, status: number): { text: string } & CodedMessage {
  const found = message === undefined ? undefined : messageCode(message);
  if (found) return { text: message!, ...found };
  const text = STATUS_DETAIL[status] ?? (status >= 500 ? Msg.serverError : Msg.badRequest);
  return { text, ...messageCode(text)! };
}

/** The body of a `{"detail": …}` error answer with the given status. */
export function detailBody(status: number, detail?: string): DetailErrorBody {
  const { text, code, params } = coded(detail, status);
  return params ? { detail: text, code, params } : { detail: text, code };
}

/**
 * The body of a 400 validation answer: DRF's field lists, and their codes under
 * ERROR_CODES_KEY. Messages for a request key spelt like ERROR_CODES_KEY (no field of the API
 * is) are reported under `non_field_errors` so that the key keeps one meaning.
 */
export function validationBody(errors: FieldErrors): ValidationErrorBody {
  const fields: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const key = field === ERROR_CODES_KEY ? 'non_field_errors' : field;
    fields[key] = [...(fields[key] ?? []), ...messages];
  }
  const texts: FieldErrors = {};
  const codes: Record<string, CodedMessage[]> = {};
  for (const [field, messages] of Object.entries(fields)) {
    const answered = messages.map((m) => coded(m, HttpStatus.BAD_REQUEST));
    texts[field] = answered.map((a) => a.text);
    codes[field] = answered.map(({ code, params }) => (params ? { code, params } : { code }));
  }
  return { ...texts, [ERROR_CODES_KEY]: codes };
}
