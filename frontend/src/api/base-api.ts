import { buildCreateApi, coreModule, fetchBaseQuery, reactHooksModule } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { i18n } from '@/i18n';
import { readToken } from '@/lib/token-storage';
import { sessionExpired } from '@/lib/session-slice';
import { serverMessagesReady } from '@/hooks/use-server-message';

/**
 * On the server (entry-server.tsx) a store's thunk `extra` says how its queries reach the API: the
 * app itself in-process (Fastify's inject, no network), in the page's language, never with a token.
 */
export type ServerQueryExtra = { serverFetch: (request: Request) => Promise<Response>; language: string; origin: string };

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

const serverBaseQueries = new WeakMap<ServerQueryExtra, ReturnType<typeof fetchBaseQuery>>();
function serverBaseQuery(extra: ServerQueryExtra): ReturnType<typeof fetchBaseQuery> {
  let made = serverBaseQueries.get(extra);
  if (!made) {
    made = fetchBaseQuery({
      baseUrl: extra.origin,
      fetchFn: (input) => extra.serverFetch(input as Request),
      prepareHeaders: (headers) => {
        headers.set('Accept-Language', extra.language);
        return headers;
      },
    });
    serverBaseQueries.set(extra, made);
  }
  return made;
}

const rawBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = (args, queryApi, extraOptions) => {
  const server = serverExtra(queryApi.extra);
  return (server ? serverBaseQuery(server) : browserBaseQuery)(args, queryApi, extraOptions);
};

// The server answers 401 for an invalid token even on public calls: drop the token then.
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  queryApi,
  extraOptions,
) => {
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
