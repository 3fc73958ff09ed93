/**
 * A strict stand-in for the server: every request must match a handler, otherwise the test
 * fails. Handlers are keyed "METHOD /path/" (the query string is not part of the key).
 */
export type MockRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  json: () => Promise<unknown>;
};

export type MockResponse = { status: number; body?: unknown } | 'network-error';

export type Handler = (request: MockRequest) => MockResponse | Promise<MockResponse>;

export type MockApi = {
  calls: { method: string; path: string; query: URLSearchParams; body: unknown }[];
  /** Adds or replaces handlers. */
  use: (handlers: Record<string, Handler>) => void;
  callsTo: (key: string) => { query: URLSearchParams; body: unknown }[];
};

export const reply = (status: number, body?: unknown): MockResponse => ({ status, body });

export function mockApi(initial: Record<string, Handler> = {}): MockApi {
  // Every logged-in screen asks for the account (its language); English unless a test says otherwise.
  const handlers = new Map<string, Handler>([
    ['GET /api/user/account/', () => reply(200, { email: 'me@example.com', language: 'en' })],
    // Post lists and follow counts sit on many screens: empty unless a test says otherwise.
    ...(['postcc', 'userpostcc', 'monopostcc'].map((list) => [
      `GET /api/user/${list}/`,
      () => reply(200, { res: [], totalCount: 0, aggregate: { rating__sum: null } }),
    ]) as [string, Handler][]),
    // No ad runs unless a test says otherwise (every feed asks for its ads).
    ['GET /api/user/advertisements-random/', () => reply(200, [])],
    ['GET /api/user/advertisements-mine/', () => reply(200, [])],
    ['GET /api/user/advertisement-settings/', () => reply(200, { enabled: true, prices: [] })],
    ['GET /api/user/follower_following_counts/', () => reply(200, { following_count: 0, followed_count: 0, community_count: 0 })],
    // Circles: none joined, nothing found, unless a test says otherwise.
    ['GET /api/user/mycommunities/', () => reply(200, [])],
    ['GET /api/user/combinedsearch/', () => reply(200, [])],
    ['GET /api/user/community-new-post/', () => reply(200, { newpost_flag: false })],
    // No sign-in provider is configured unless a test says otherwise; the account signs in by password.
    ['GET /api/user/sign-in-providers/', () => reply(200, { google_client_id: null, line: false, yahoo: false })],
    ['GET /api/user/sign-in-methods/', () => reply(200, { password: true, methods: [], available: { google_client_id: null, line: false, yahoo: false } })],
    // The header's bell (every logged-in screen): nothing unread, and no event stream (it then
    // retries with backoff, and polls notifications/unread/ after a few failures).
    ['GET /api/user/notifications/unread/', () => reply(200, { total_unread_count: 0, notifications: [] })],
    ['GET /api/user/notifications/stream/', () => reply(503, { detail: 'A server error occurred.' })],
    // Payments are off unless a test says otherwise.
    [
      'GET /api/user/payment-settings/',
      () => reply(200, { enabled: false, platform_fee_percent: 10, operator: { name: '', address: '', phone: '', email: '' } }),
    ],
    // No help video is configured (the screens show the walkthrough), and the account is on the free plan.
    ['GET /api/user/help-videos/', () => reply(200, { intro: { ja: null, en: null }, howto: { ja: null, en: null } })],
    ['GET /api/user/analytics/', () => reply(403, { detail: 'Analytics are available on the enterprise plan only.' })],
    ...Object.entries(initial),
  ]);
  const calls: MockApi['calls'] = [];

  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    const text = request.method === 'GET' ? '' : await request.clone().text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // multipart or plain text stays as text
    }
    calls.push({ method: request.method, path: url.pathname, query: url.searchParams, body });
    // A Book page's ads (any Book id): none unless a test says otherwise.
    const handler = handlers.get(key) ?? (key.startsWith('GET /api/user/advertisements-for-monopage/') ? () => reply(200, []) : undefined);
    if (!handler) throw new Error(`Unexpected API call: ${key}${url.search}`);
    const response = await handler({
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      json: async () => body,
    });
    if (response === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(response.body === undefined ? null : JSON.stringify(response.body), {
      status: response.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };

  vi.stubGlobal('fetch', vi.fn(fetchMock));
  return {
    calls,
    use: (more) => {
      for (const [key, handler] of Object.entries(more)) handlers.set(key, handler);
    },
    callsTo: (key) => calls.filter((call) => `${call.method} ${call.path}` === key).map(({ query, body }) => ({ query, body })),
  };
}
