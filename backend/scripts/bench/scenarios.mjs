// The bench scenarios: one object per measured endpoint. Add new features' endpoints here
// (posts, Books, circles, ...): the runner needs nothing else.
//
//   name         short id, used in the table, the JSON file and `--only`
//   description  one line for the report
//   auth         true: every connection sends `Authorization: Token <key>` of a different bench user
//   requests     (data) => [{ method?, path, headers?, body? }]: the list each connection cycles
//                through (rotated per connection, so connections start at different points).
//                `data` is what the loader made: { tokens, userIdsWithProfile, profileIds, users,
//                profiles, pick(list) }. Paths must be percent-encoded.
//   check        (status, json) => true | 'what is wrong': run once per distinct request before the
//                measurement, so a scenario cannot quietly measure 404s or empty answers
//   floor        the floor this scenario is measured beside (floors.mjs): 'express' (bare Express +
//                helmet) or the name of a node:http + pg handler running the same SQL. Every
//                scenario has one; the table shows the app's req/s and p99 as a ratio of it.
//   connections, duration   override the command-line defaults for this scenario

const SEARCH_WORDS_JA = ['データ', '東京', '保険', '人口', '山田', 'マラソン'];
const SEARCH_WORDS_EN = ['data', 'tokyo', 'marathon', 'open data', 'hous', 'emily'];

const searchPath = (q) => `/api/user/profile/search?q=${encodeURIComponent(q)}&count=0`;

const isProfile = (json) => json && typeof json === 'object' && typeof json.nickName === 'string' && typeof json.id === 'number';
const nonEmptyList = (status, json) =>
  status !== 200 ? `status ${status}` : !Array.isArray(json) ? 'not a list' : json.length === 0 ? 'empty list' : json.every(isProfile) || 'not profiles';

const isBook = (json) => json && typeof json === 'object' && typeof json.title === 'string' && Array.isArray(json.files);
const nonEmptyBooks = (status, json) =>
  status !== 200 ? `status ${status}` : !Array.isArray(json) ? 'not a list' : json.length === 0 ? 'empty list' : json.every(isBook) || 'not Books';
const BOOK_WORDS_JA = ['保険', '人口', '気象', '地価', '鉄道'];
const BOOK_WORDS_EN = ['population', 'weather', 'housing', 'marathon', 'energy'];
const bookSearchPath = (q) => `/api/user/monopage/search-pages/?query=${encodeURIComponent(q)}&count=0`;

const postList = (status, json) =>
  status !== 200
    ? `status ${status}`
    : !json || !Array.isArray(json.res)
      ? 'not a post list'
      : json.res.length === 0
        ? 'empty list'
        : typeof json.totalCount !== 'number'
          ? 'no totalCount'
          : json.totalCount >= json.res.length || `totalCount ${json.totalCount} below the page's ${json.res.length} posts`;

/** The same 200 Books for book-info-visitor and book-html (the first 200 of the loader's Books). */
const bookSample = (data) => data.pageIds.slice(0, 200);

export const scenarios = [
  {
    name: 'healthz',
    floor: 'express',
    description: 'GET /healthz: no database: the cost of the HTTP stack (helmet, logger, guards)',
    requests: () => [{ path: '/healthz' }],
    check: (status) => status === 200 || `status ${status}`,
  },
  {
    name: 'myprofile',
    floor: 'myprofile',
    description: 'GET /api/user/myprofile/ with a token (token lookup + profile by user id)',
    auth: true,
    requests: () => [{ path: '/api/user/myprofile/' }],
    check: (status, json) => (status === 200 && isProfile(json)) || `status ${status}`,
  },
  {
    name: 'newprofiles',
    floor: 'newprofiles',
    description: 'GET /api/user/profile/newprofiles/ anonymous (10 newest active profiles)',
    requests: () => [{ path: '/api/user/profile/newprofiles/' }],
    check: nonEmptyList,
  },
  {
    name: 'search-ja',
    floor: 'profile-search',
    description: `GET /api/user/profile/search?q=…&count=0, Japanese words: ${SEARCH_WORDS_JA.join(' ')}`,
    requests: () => SEARCH_WORDS_JA.map((q) => ({ path: searchPath(q) })),
    check: nonEmptyList,
  },
  {
    name: 'search-en',
    floor: 'profile-search',
    description: `GET /api/user/profile/search?q=…&count=0, English words: ${SEARCH_WORDS_EN.join(' | ')}`,
    requests: () => SEARCH_WORDS_EN.map((q) => ({ path: searchPath(q) })),
    check: nonEmptyList,
  },
  {
    name: 'profile-detail',
    floor: 'profile-detail',
    description: 'GET /api/user/profile/detail/{userId} for 100 random users with a profile',
    requests: (data) => Array.from({ length: 100 }, () => ({ path: `/api/user/profile/detail/${data.pick(data.userIdsWithProfile)}` })),
    check: (status, json) => (status === 200 && isProfile(json)) || `status ${status}`,
  },
  {
    name: 'book-list',
    floor: 'book-list',
    description: 'GET /api/user/pageccja/ and pageccen/, pages 0-4 (10 Books each, packed with files, views, followers)',
    auth: true,
    requests: () => ['pageccja', 'pageccen'].flatMap((list) => [0, 1, 2, 3, 4].map((count) => ({ path: `/api/user/${list}/?count=${count}` }))),
    check: nonEmptyBooks,
  },
  {
    name: 'book-info',
    floor: 'book-info',
    description: 'GET /api/user/monopage/get-page-info/?pageId= for 200 random Books, logged in',
    auth: true,
    requests: (data) => Array.from({ length: 200 }, () => ({ path: `/api/user/monopage/get-page-info/?pageId=${data.pick(data.pageIds)}` })),
    check: (status, json) => (status === 200 && isBook(json)) || `status ${status}`,
  },
  // Server-rendered public pages (a visitor, no cookie, Japanese): the HTML is kept per path and
  // language for 60 s (common/http/server-render.ts), so after the first render of each Book the
  // scenario measures the cached answer with its ETag. Read beside book-info-visitor (the JSON the
  // page is made of, from the app, in the same run) and their floors.
  {
    name: 'book-info-visitor',
    floor: 'book-info',
    description: 'GET /api/user/monopage/get-page-info/?pageId= for 200 random Books, as a visitor (the data of book-html)',
    requests: (data) => bookSample(data).map((id) => ({ path: `/api/user/monopage/get-page-info/?pageId=${id}` })),
    check: (status, json) => (status === 200 && isBook(json)) || `status ${status}`,
  },
  {
    name: 'book-html',
    floor: 'book-page',
    description: "GET /mono/{id} as a visitor (the Book page's server-rendered HTML) for the same 200 Books; floor: their get-page-info JSON on node:http + pg",
    requests: (data) => bookSample(data).map((id) => ({ path: `/mono/${id}`, headers: { 'accept-language': 'ja' } })),
    check: (status) => status === 200 || `status ${status}`,
  },
  {
    name: 'home-html',
    floor: 'home-page',
    description: 'GET / as a visitor (the home page server-rendered: Books, tags, posts); floor: one of its lists (the newest Books JSON) on node:http + pg',
    requests: () => [{ path: '/', headers: { 'accept-language': 'ja' } }],
    check: (status) => status === 200 || `status ${status}`,
  },
  {
    name: 'book-search-ja',
    floor: 'book-search',
    description: `GET /api/user/monopage/search-pages/?query=…, Japanese words: ${BOOK_WORDS_JA.join(' ')}`,
    requests: () => BOOK_WORDS_JA.map((q) => ({ path: bookSearchPath(q) })),
    check: nonEmptyBooks,
  },
  {
    name: 'book-search-en',
    floor: 'book-search',
    description: `GET /api/user/monopage/search-pages/?query=…, English words: ${BOOK_WORDS_EN.join(' ')}`,
    requests: () => BOOK_WORDS_EN.map((q) => ({ path: bookSearchPath(q) })),
    check: nonEmptyBooks,
  },
  {
    name: 'book-tag',
    floor: 'book-tag',
    description: 'GET /api/user/pageattribute/{id}/monopages/?count=0 for 20 popular tags',
    requests: (data) => data.tagIds.map((id) => ({ path: `/api/user/pageattribute/${id}/monopages/?count=0` })),
    check: nonEmptyBooks,
  },
  // The feeds (need --posts > 0). `feedFloor: true`: also measured on scripts/bench/feeds-floor-server.mjs
  // the same SQL on bare node:http + pg, in the same run.
  {
    name: 'postcc',
    description: 'GET /api/user/postcc/?count=0|1 with a token: home feed (own, followed users, followed Books)',
    auth: true,
    feedFloor: true,
    requests: () => [{ path: '/api/user/postcc/?count=0' }, { path: '/api/user/postcc/?count=1' }],
    check: postList,
  },
  // The home feed by kind of reader (issue 43; scripts/bench/home-users.mjs): each connection holds
  // the token of a user of that kind; pages 0 to 3 (the pages whose paging is written in).
  ...[
    ['home-popular', 'popular', 'users who follow the 5 most-followed accounts (50 users)'],
    ['home-many', 'many', 'users who follow about 520 people (10 users)'],
    ['home-books', 'books', 'users who follow 50 Books and about 20 people (10 users)'],
    ['home-newcomer', 'newcomer', 'users who follow nobody (10 users; their own posts only)'],
  ].map(([name, kind, who]) => ({
    name,
    description: `GET /api/user/postcc/?count=0…3 with a token: the home feed of ${who}`,
    auth: true,
    feedFloor: true,
    tokens: (data) => data.homeTokens?.[kind] ?? data.tokens,
    requests: () => [0, 1, 2, 3].map((count) => ({ path: `/api/user/postcc/?count=${count}` })),
    // A newcomer's later pages may be empty (a few posts of their own).
    check:
      kind === 'newcomer'
        ? (status, json) => (status === 200 && Array.isArray(json?.res) && typeof json.totalCount === 'number') || `status ${status}`
        : postList,
  })),
  {
    name: 'userpostcc',
    description: "GET /api/user/userpostcc/?user_id=…&count=0 anonymous: a user's posts (the heavy accounts and random users)",
    feedFloor: true,
    requests: (data) => [...data.famousUserIds, ...data.posters.slice(0, 45)].map((id) => ({ path: `/api/user/userpostcc/?user_id=${id}&count=0` })),
    check: postList,
  },
  {
    name: 'monopostcc',
    description: "GET /api/user/monopostcc/?pageId=…&count=0 anonymous: a Book's posts",
    feedFloor: true,
    requests: (data) => data.pageIds.slice(0, 50).map((id) => ({ path: `/api/user/monopostcc/?pageId=${id}&count=0` })),
    check: postList,
  },
  // Circles (loaded with the posts): one circle of 10,000 members and 100,000 posts.
  {
    name: 'communityposts',
    description: "GET /api/user/communityposts/{id}/?count=0|1 with a member's token: a circle's thread (10,000 members, 100,000 posts)",
    auth: true,
    feedFloor: true,
    requests: (data) => [{ path: `/api/user/communityposts/${data.circleId}/?count=0` }, { path: `/api/user/communityposts/${data.circleId}/?count=1` }],
    check: postList,
  },
  {
    name: 'community',
    description: 'GET /api/user/community/{id}/ anonymous: a circle header with its stored counts',
    feedFloor: true,
    expert: false, // no list: its SQL floor only
    requests: (data) => [{ path: `/api/user/community/${data.circleId}/` }],
    check: (status, json) =>
      status !== 200 ? `status ${status}` : typeof json?.member_count !== 'number' ? 'not a circle' : json.member_count > 0 || 'no members',
  },
  {
    name: 'likedposts',
    description: 'GET /api/user/likedpostscc/likedposts/?count=0 with a token: the posts the viewer liked, latest like first',
    auth: true,
    feedFloor: true,
    requests: () => [{ path: '/api/user/likedpostscc/likedposts/?count=0' }],
    // A bench user may have liked nothing (about 20 likes each at 10,000 users, 2 at 100,000).
    check: (status, json) => (status === 200 && Array.isArray(json?.res) && typeof json.totalCount === 'number') || `status ${status}`,
  },
];
