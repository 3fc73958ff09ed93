import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { i18n } from '@/i18n';
import { readToken } from '@/lib/token-storage';
import { sessionExpired } from '@/lib/session-slice';
import { serverMessagesReady } from '@/hooks/use-server-message';

// The generated endpoint paths already start with /api/user/, so the base is the origin.
const rawBaseQuery = fetchBaseQuery({
  baseUrl: globalThis.location?.origin ?? 'http://localhost',
  prepareHeaders: (headers) => {
    const token = readToken();
    if (token) headers.set('Authorization', `Token ${token}`);
    headers.set('Accept-Language', i18n.language || 'en');
    return headers;
  },
});

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

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  endpoints: () => ({}),
});
