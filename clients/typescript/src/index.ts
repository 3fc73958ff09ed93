/**
 * @monobook/client: a typed client for the Monobook API.
 *
 * `schema.d.ts` is generated from the repository's openapi.yaml (`npm run openapi` at the root);
 * openapi-fetch makes every call typed by it. This file adds what the document cannot say: the
 * `Authorization: Token …` header, page-index paging, multipart uploads with repeated keys, and
 * the live notification stream.
 */
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema.d.ts';
import { type ServerSentEvent, parseEventStream } from './sse.ts';

export type { components, operations, paths };
export type Schemas = components['schemas'];
export { parseEventStream, type ServerSentEvent };

export interface MonobookClientOptions {
  /** The server's origin, e.g. `https://monobook.example` or `http://localhost:3000` (paths start with `/api/user/`). */
  baseUrl: string;
  /** A token from `POST /api/user/login/`; `setToken()` changes it later. */
  token?: string;
  /** Another fetch (tests, proxies). Default: the global fetch. */
  fetch?: ClientOptions['fetch'];
  /** Headers sent with every call, e.g. `{'Accept-Language': 'en'}` (the language of Book texts for visitors). */
  headers?: Record<string, string>;
}

/** The stable code of an error message, and a template's values (translate by it, not by the English). */
export type CodedMessage = Schemas['CodedMessage'];

/**
 * A DRF-shaped error: `{field: [messages], error_codes: {field: [codes]}}` for a 400,
 * `{detail, code, params?}` otherwise.
 */
export class MonobookError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The code of a `{detail}` answer (`notFound`, `throttled`, …). */
  readonly code: Schemas['ErrorCode'] | undefined;
  /** The values of a `{detail}` answer's message (`{seconds: 42}` for `throttled`). */
  readonly params: Schemas['ErrorParams'] | undefined;
  /** The codes of a validation answer's messages, by field, in the order of the field's messages. */
  readonly errorCodes: Schemas['ErrorCodes'];
  constructor(status: number, body: unknown, what: string) {
    super(`${what}: ${status} ${JSON.stringify(body)}`);
    this.name = 'MonobookError';
    this.status = status;
    this.body = body;
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Partial<Schemas['ErrorDetail'] & { error_codes: Schemas['ErrorCodes'] }>;
    this.code = typeof fields.detail === 'string' ? fields.code : undefined;
    this.params = typeof fields.detail === 'string' ? fields.params : undefined;
    this.errorCodes = typeof fields.error_codes === 'object' && fields.error_codes !== null ? fields.error_codes : {};
  }
}

/* ---------- paging ---------- */

/** The items of one page: lists answer a plain array, post lists `{res, totalCount, …}`. */
export type PageItem<T> = T extends ReadonlyArray<infer I> ? I : T extends { res: ReadonlyArray<infer I> } ? I : never;

type GetOp<P extends keyof paths> = paths[P] extends { get: infer O } ? O : never;
type JsonOk<O> = O extends { responses: { 200: { content: { 'application/json': infer B } } } }
  ? B
  : O extends { responses: { 201: { content: { 'application/json': infer B } } } }
    ? B
    : never;
type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** GET operations paged by `count` (the page index from 0). */
export type PagedPath = {
  [P in keyof paths]: GetOp<P> extends never ? never : 'count' extends keyof QueryOf<GetOp<P>> ? P : never;
}[keyof paths];

export interface PagesOptions {
  /** The first page index (default 0). */
  start?: number;
  /** Stop after this many pages (default: until an empty page). */
  maxPages?: number;
  signal?: AbortSignal;
}

/** The items of a page body, whichever of the two list shapes it has. */
export function pageItems<T>(body: T): Array<PageItem<T>> {
  if (Array.isArray(body)) return body as Array<PageItem<T>>;
  const res = (body as { res?: unknown } | null)?.res;
  if (Array.isArray(res)) return res as Array<PageItem<T>>;
  throw new TypeError('Not a page: neither an array nor {res: [...]}.');
}

/**
 * Pages of any list: calls `fetchPage(0)`, `fetchPage(1)`, … and yields each page's items until a
 * page comes back empty (only an empty page is the end, as api-conventions says).
 */
export async function* pages<T>(
  fetchPage: (count: number) => Promise<{ data?: T; error?: unknown; response: Response }>,
  { start = 0, maxPages = Infinity, signal }: PagesOptions = {},
): AsyncGenerator<Array<PageItem<T>>> {
  for (let count = start, n = 0; n < maxPages; count++, n++) {
    signal?.throwIfAborted();
    const { data, error, response } = await fetchPage(count);
    if (data === undefined) throw new MonobookError(response.status, error, `page ${count}`);
    const items = pageItems(data);
    if (!items.length) return;
    yield items;
  }
}

/* ---------- multipart ---------- */

/** A multipart field value: text, a number, a boolean, a file, or a list of those (one part each). */
export type FormValue = string | number | boolean | Blob | null | undefined;
export type FormFields = Record<string, FormValue | readonly FormValue[]>;
/** A file with its name: `{file: new Blob([...]), filename: 'data.csv'}`. */
export interface NamedFile {
  file: Blob;
  filename: string;
}

/**
 * FormData as the server reads multipart: lists as repeated keys (`communities=3`, `communities=7`),
 * booleans `true`/`false`, numbers in decimal, files as parts with a file name; undefined and null
 * left out. An empty list is left out too (the server reads a missing list as empty).
 */
export function toFormData(fields: Record<string, FormValue | NamedFile | ReadonlyArray<FormValue | NamedFile>>): FormData {
  const form = new FormData();
  const add = (key: string, value: FormValue | NamedFile) => {
    if (value === undefined || value === null) return;
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : key);
    else if (typeof value === 'object' && 'file' in value) form.append(key, value.file, value.filename);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const v of value) add(key, v);
    else add(key, value as FormValue | NamedFile);
  }
  return form;
}

type PostOp<P extends keyof paths> = paths[P] extends { post: infer O } ? O : never;
type MultipartBody<O> = O extends { requestBody?: { content: { 'multipart/form-data': infer B } } } ? B : never;

/** POST operations that take multipart/form-data. */
export type MultipartPath = {
  [P in keyof paths]: PostOp<P> extends never ? never : MultipartBody<PostOp<P>> extends never ? never : P;
}[keyof paths];

/** The documented fields of a multipart operation; binary fields take a Blob or `{file, filename}`. */
export type UploadFields<P extends MultipartPath> = {
  [K in keyof MultipartBody<PostOp<P>>]: MultipartBody<PostOp<P>>[K] extends infer V
    ? V extends ReadonlyArray<infer I>
      ? ReadonlyArray<I>
      : V | Blob | NamedFile
    : never;
};

/* ---------- the client ---------- */

export interface NotificationsOptions {
  signal?: AbortSignal;
  /** Resume after this event id (sent as `Last-Event-ID`). */
  lastEventId?: string;
}

/** An event of `notifications/stream/`, its `data` parsed. */
export type NotificationEvent =
  | { event: 'unread'; data: { total_unread_count: number }; id?: string }
  | { event: 'notification'; data: Schemas['NotificationResponse']; id?: string }
  | { event: string; data: unknown; id?: string };

export type MonobookClient = Client<paths> & {
  /** The token sent as `Authorization: Token …` (undefined: none). */
  readonly token: string | undefined;
  setToken(token: string | undefined): void;
  /** `POST /api/user/login/`, keeping the token for the following calls. */
  login(email: string, password: string): Promise<Schemas['LoginResponse']>;
  /** Every page of a `count`-paged list, until an empty page. */
  pages<P extends PagedPath>(path: P, query?: Omit<QueryOf<GetOp<P>>, 'count'>, options?: PagesOptions): AsyncGenerator<Array<PageItem<JsonOk<GetOp<P>>>>>;
  /** A multipart POST (uploads): lists as repeated keys, files as parts. */
  upload<P extends MultipartPath>(path: P, fields: UploadFields<P>): Promise<JsonOk<PostOp<P>>>;
  /** The live bell: a stream ticket, then `notifications/stream/?ticket=…`, parsed. Ends when `signal` aborts or the server closes it. */
  notifications(options?: NotificationsOptions): AsyncGenerator<NotificationEvent>;
};

export function createMonobookClient(options: MonobookClientOptions): MonobookClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? ((input: Request) => globalThis.fetch(input));
  const api = createClient<paths>({ baseUrl, fetch: fetchImpl, headers: options.headers });
  let token = options.token;
  api.use({
    onRequest({ request }) {
      if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Token ${token}`);
      return request;
    },
  });

  const client = api as MonobookClient;
  Object.defineProperty(client, 'token', { get: () => token, enumerable: true });

  client.setToken = (next) => {
    token = next;
  };

  client.login = async (email, password) => {
    const { data, error, response } = await api.POST('/api/user/login/', { body: { email, password } });
    if (!data) throw new MonobookError(response.status, error, 'login');
    token = data.token;
    return data;
  };

  client.pages = (path, query, pageOptions) =>
    pages(
      // openapi-fetch cannot type a call over a union of paths; each one is typed at the call site.
      (count) =>
        (api.GET as (p: string, init: unknown) => Promise<{ data?: never; error?: unknown; response: Response }>)(path, {
          params: { query: { ...(query ?? {}), count } },
        }),
      pageOptions,
    );

  client.upload = async (path, fields) => {
    const post = api.POST as (p: string, init: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    const { data, error, response } = await post(path, { body: fields, bodySerializer: toFormData });
    if (data === undefined) throw new MonobookError(response.status, error, `upload to ${path}`);
    return data as never;
  };

  client.notifications = async function* (streamOptions = {}) {
    const { signal, lastEventId } = streamOptions;
    const ticket = await api.POST('/api/user/notifications/stream-ticket/', { signal });
    if (!ticket.data) throw new MonobookError(ticket.response.status, ticket.error, 'stream ticket');
    // The ticket authenticates the stream: no token in the URL, no header needed.
    const url = `${baseUrl}/api/user/notifications/stream/?ticket=${encodeURIComponent(ticket.data.ticket)}`;
    const headers: Record<string, string> = { ...(options.headers ?? {}), Accept: 'text/event-stream' };
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    const response = await fetchImpl(new Request(url, { headers, signal }));
    if (!response.ok || !response.body) {
      const text = await response.text().catch(() => '');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      throw new MonobookError(response.status, body, 'notification stream');
    }
    try {
      for await (const e of parseEventStream(response.body, signal)) yield { event: e.event, data: JSON.parse(e.data), id: e.id } as NotificationEvent;
    } catch (err) {
      if (signal?.aborted) return;
      throw err;
    }
  };

  return client;
}
