// The floor of each bench scenario: the least any server could do for the same answer. A scenario
// names its floor with `floor: '<name>'`; the floor server (floor-server.mjs) answers the
// scenario's requests with the handler of that name, so the bench measures app and floor side by
// side and reports the ratio.
//
//   express   bare Express + helmet (the same helmet settings as the app), a fixed JSON body:
//             the floor of any Express app, for GET /healthz
//   sql       node:http + pg: the same SQL statements the app runs for the request (token lookup,
//             the list, the pack queries, ...), the rows turned into the same JSON shape
//
// Every SQL floor calls the app's own services (TokenService, ProfilesService, BooksService and
// their packers, built in floor-server.mjs from backend/dist over the bare pool), so the floor runs
// the very statements and builds the very JSON the app does, and cannot drift from it: what the
// ratio measures is the framework around them (Fastify, Nest's guards, pipes and handlers, the
// hooks). An earlier hand-written copy of the profile floors had drifted from the app (a join
// where the app reads a flag, literal paging, four fields fewer in the JSON).
const PAGE_SIZE = 10;

const fail = (status, detail) => Object.assign(new Error(detail), { status });

/**
 * DRF token authentication as the app's TokenAuthGuard does it: no header is a visitor (or 401 on
 * a protected route), then TokenService.resolve (the app's statement).
 */
async function tokenUser(tokens, headers, required) {
  const header = headers.authorization;
  if (!header) {
    if (required) throw fail(401, 'Authentication credentials were not provided.');
    return undefined;
  }
  const user = await tokens.resolve(header.trim().split(/\s+/)[1] ?? '');
  if (!user || user === 'inactive') throw fail(401, 'Invalid token.');
  return user;
}

const pageOf = (url) => {
  const index = Math.max(0, Number(url.searchParams.get('count') ?? 0) || 0);
  return { index, offset: index * PAGE_SIZE, limit: PAGE_SIZE };
};

/**
 * SQL floors by scenario name: ({ url, headers, tokens, profiles, bookReads, bookLists }) => JSON
 * body, where these are the app's TokenService, ProfilesService, BookReads and BookLists.
 */
export const sqlFloors = {
  async myprofile({ headers, tokens, profiles }) {
    return profiles.mine(await tokenUser(tokens, headers, true));
  },
  async newprofiles({ headers, tokens, profiles }) {
    return profiles.newest(await tokenUser(tokens, headers, false));
  },
  async 'profile-search'({ url, headers, tokens, profiles }) {
    await tokenUser(tokens, headers, false);
    return profiles.search(url.searchParams.get('q') ?? undefined, pageOf(url));
  },
  async 'profile-detail'({ url, headers, tokens, profiles }) {
    await tokenUser(tokens, headers, false);
    return profiles.byUserId(Number(url.pathname.split('/').filter(Boolean).pop()));
  },
  async 'book-list'({ url, headers, tokens, bookLists }) {
    const user = await tokenUser(tokens, headers, false);
    return bookLists.byLanguage(url.pathname.includes('pageccja') ? 'ja' : 'en', pageOf(url), user);
  },
  async 'book-info'({ url, headers, tokens, bookReads }) {
    const user = await tokenUser(tokens, headers, false);
    return bookReads.info(Number(url.searchParams.get('pageId')), user);
  },
  /** The data of a Book's server-rendered page (/mono/{id}, a visitor): its get-page-info JSON. */
  async 'book-page'({ url, bookReads }) {
    return bookReads.info(Number(url.pathname.split('/').filter(Boolean).pop()), undefined);
  },
  /** One of the lists the home page of a visitor is made of (the newest Books): a partial floor of home-html. */
  async 'home-page'({ bookLists }) {
    return bookLists.newest({ index: 0, offset: 0, limit: PAGE_SIZE }, undefined);
  },
  async 'book-search'({ url, headers, tokens, bookLists }) {
    const user = await tokenUser(tokens, headers, false);
    return bookLists.search(url.searchParams.get('query') ?? '', pageOf(url), user);
  },
  async 'book-tag'({ url, headers, tokens, bookLists }) {
    const user = await tokenUser(tokens, headers, false);
    return bookLists.byAttribute(Number(url.pathname.split('/').filter(Boolean).at(-2)), pageOf(url), user);
  },
};
