import { buildCreateApi, coreModule, fetchBaseQuery, reactHooksModule } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { i18n } from '@/i18n';
import { readToken } from '@/lib/token-storage';
import { sessionExpired } from '@/lib/session-slice';
import { serverMessagesReady } from '@/hooks/use-server-message';

/** A request of a page's query on the server, and its answer: plain data, no fetch objects. */
export type ServerRequest = { method: string; url: string; headers: Record<string, string> };
export type ServerAnswer = { status: number; contentType: string; body: string };

/**
 * On the server (entry-server.tsx) a store's thunk `extra` says how its queries reach the API: the
 * app itself in-process (Fastify's inject, no network), in the page's language, never with a token.
 */
export type ServerQueryExtra = { serverFetch: (request: ServerRequest) => Promise<ServerAnswer>; language: string };

const serverExtra = (extra: unknown): ServerQueryExtra | undefined =>
  extra && typeof extra === 'object' && 'serverFetch' in extra ? (extra as ServerQueryExtra) : undefined;

// The generated endpoint paths already start with /api/user/, so the base is the origin.
const browserBaseQuery = fetchBaseQuery({
  baseUrl: globalThis.location?.origin ?? 'http://localhost',
  prepareHeaders: (headers) => {
    const token = readToken();
    if (token) headers.set('Authorization', `Token ${token}`);
    headers.set('Accept-Language', i18n.language || 'en');
    return headers;
  },
});

/** A query on the server: the answer as fetchBaseQuery would give it (JSON data, or an error with its status). */
async function serverBaseQuery(extra: ServerQueryExtra, args: string | FetchArgs) {
  const { url, method = 'GET', params } = typeof args === 'string' ? { url: args } : args;
  const query = params
    ? new URLSearchParams(Object.entries(params as Record<string, unknown>).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString()
    : '';
  const answer = await extra.serverFetch({
    method,
    url: query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url,
    headers: { 'accept-language': extra.language, accept: 'application/json' },
  });
  let data: unknown = answer.body;
  if (answer.contentType.includes('json') && answer.body) {
    try {
      data = JSON.parse(answer.body);
    } catch {
      return { error: { status: 'PARSING_ERROR' as const, originalStatus: answer.status, data: answer.body, error: 'invalid JSON' } };
    }
  }
  if (answer.status >= 200 && answer.status < 300) return { data };
  return { error: { status: answer.status, data } };
}

const rawBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = (args, queryApi, extraOptions) => {
  const server = serverExtra(queryApi.extra);
  return server ? serverBaseQuery(server, args) : browserBaseQuery(args, queryApi, extraOptions);
};

// The server answers 401 for an invalid token even on public calls: drop the token then.
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, queryApi, extraOptions) => {
  const result = await rawBaseQuery(args, queryApi, extraOptions);
  if (result.error?.status === 401) queryApi.dispatch(sessionExpired());
  // A server's answer may carry a message that the screen translates as soon as the call
  // settles (a one-click act): its translations are in place before the call settles.
  if (typeof result.error?.status === 'number' && result.error.status !== 401) {
    await serverMessagesReady().catch(() => undefined);
  }
  return result;
};

/**
 * In the server bundle (import.meta.env.SSR) the query hooks ask for their data while rendering:
 * entry-server.tsx renders, awaits the running queries and renders again with their data (RTK
 * Query's server-rendering mode). In the browser they ask in an effect, as usual.
 */
const createApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: Boolean(import.meta.env.SSR) }));

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  endpoints: () => ({}),
});
