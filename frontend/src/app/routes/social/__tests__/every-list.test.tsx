import { act, screen, within } from '@testing-library/react';
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils';
import { socialApi } from '@/api/social-api';
import type { Post } from '@/api/social-api';
import { mockApi, reply } from '@/testing/mock-api';
import type { MockResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { bookFactory, postFactory, postList, profileFactory } from '@/testing/factories';

/**
 * Lists the optimistic helper was not written for: a circle thread (a scroll list) and a
 * notification list whose items wrap the post. They join by providing the posts' tags, nothing else.
 */
const laterLists = socialApi.injectEndpoints({
  endpoints: (build) => ({
    circleThread: build.infiniteQuery<Post[], { circleId: number }, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: () => undefined },
      query: ({ queryArg, pageParam }) => ({ url: `/api/user/test-circle/${queryArg.circleId}/posts/`, params: { count: pageParam } }),
      providesTags: (data) => (data?.pages ?? []).flat().map(({ id }) => ({ type: 'Post' as const, id })),
    }),
    notifications: build.query<{ kind: 'liked'; post: Post }[], void>({
      query: () => '/api/user/test-notifications/',
      providesTags: (data) => (data ?? []).map(({ post }) => ({ type: 'Post' as const, id: post.id })),
    }),
  }),
});

const me = profileFactory({ userProfile: 42, nickName: 'Me' });
const author = profileFactory({ userProfile: 900, nickName: 'Author' });
const book = bookFactory({ id: 55, title: 'Tea harvests' });
const LIKE = 'PUT /api/user/monopost/71/';
const LISTS = ['GET /api/user/postcc/', 'GET /api/user/userpostcc/', 'GET /api/user/monopostcc/'];

/**
 * Review 71 of Book 55 by user 900 shows on /home, on /user/900, on /mono/55, in a circle thread
 * and in a notification. The like is held until the test answers it, so what every list shows
 * before that is the client's own update of its cache.
 */
async function setup() {
  const post = postFactory({ id: 71, userPost: 900, reviewTo: 55, rating: 80, title: 'Tea harvests', text: 'A fine year', likedTimes: 4 });
  const firstPage = (posts: Post[]) => ({ query }: { query: URLSearchParams }) => reply(200, postList(query.get('count') === '0' ? posts : []));
  const held = { answer: (_response: MockResponse) => {} };
  const api = mockApi({
    'GET /api/user/myprofile/': () => reply(200, me),
    'GET /api/user/profile/newprofiles/': () => reply(200, []),
    'GET /api/user/attributecc/': () => reply(200, []),
    'GET /api/user/followingpage/': () => reply(200, []),
    'GET /api/user/postcc/': firstPage([post]),
    'GET /api/user/profile/detail/900': () => reply(200, author),
    'GET /api/user/follower_following_counts/900/': () => reply(200, { following_count: 0, followed_count: 0, community_count: 0 }),
    'GET /api/user/approval/followcheck/900/': () => reply(200, { following: false, approved: false }),
    'GET /api/user/userpostcc/': firstPage([post]),
    'GET /api/user/monopage/get-page-info/': () => reply(200, book),
    'GET /api/user/record_page_view/42/55/': () => reply(200, { detail: 'View recorded.' }),
    'GET /api/user/monopage/check-user-page-status/': () => reply(200, { is_followed: false, is_owned: false }),
    'GET /api/user/relatedmonopage/55/': () => reply(200, []),
    'GET /api/user/pageattribute/by-monopage/55/': () => reply(200, []),
    'GET /api/user/monopostcc/': firstPage([post]),
    'GET /api/user/test-circle/7/posts/': () => reply(200, [postFactory({ id: 90 }), post]),
    'GET /api/user/test-notifications/': () => reply(200, [{ kind: 'liked', post }]),
    [LIKE]: () => new Promise<MockResponse>((resolve) => (held.answer = resolve)),
  });
  const view = renderApp('/home', { token: 'tok' });
  mockAllIsIntersecting(true);
  const visit = async (path: string) => {
    await act(() => view.router.navigate(path));
    mockAllIsIntersecting(true);
    return screen.findByTestId('post-71');
  };
  // Every screen has been opened once, so its list is in the cache.
  await screen.findByTestId('post-71');
  await visit('/user/900');
  await visit('/mono/55');
  const store = view.store;
  store.dispatch(laterLists.endpoints.circleThread.initiate({ circleId: 7 }));
  store.dispatch(laterLists.endpoints.notifications.initiate());
  const later = () => {
    const state = store.getState() as never;
    return [
      laterLists.endpoints.circleThread.select({ circleId: 7 })(state).data?.pages[0].find(({ id }) => id === 71),
      laterLists.endpoints.notifications.select()(state).data?.[0].post,
    ].map((shown) => [shown?.likedTimes, shown?.is_liked]);
  };
  await vi.waitFor(() => expect(later()).toEqual([[4, false], [4, false]]));
  return { ...view, api, post, held, visit, later };
}

/** The like button of the card on screen: its count and whether it is pressed. */
function likeShown(card: HTMLElement) {
  const button = within(card).getByRole('button', { name: /likes?$/ });
  return [button.textContent?.match(/^\d+/)?.[0], button.getAttribute('aria-pressed')];
}

/** Requests of the lists' first pages (a later page may be asked for when a list is scrolled to its end). */
const listRequests = (api: ReturnType<typeof mockApi>) =>
  LISTS.map((key) => api.callsTo(key).filter(({ query }) => query.get('count') === '0').length);

// Three screens are rendered in turn: more time than one screen's test needs on a busy machine.
const THREE_SCREENS = 60_000;

describe('a like shows on every list that holds the post, lists added later included', () => {
  it('shows at once on the Book page, /home, the user page, a circle thread and a notification, and the server answer stays', async () => {
    const { api, user, post, held, visit, later } = await setup();
    const requests = listRequests(api);
    const card = await screen.findByTestId('post-71');
    expect(likeShown(card)).toEqual(['4', 'false']);

    await user.click(within(card).getByRole('button', { name: '4 likes' }));
    // The server has not answered yet.
    expect(api.callsTo(LIKE)).toHaveLength(1);
    expect(likeShown(await screen.findByTestId('post-71'))).toEqual(['5', 'true']);
    expect(later()).toEqual([[5, true], [5, true]]);
    expect(likeShown(await visit('/home'))).toEqual(['5', 'true']);
    expect(likeShown(await visit('/user/900'))).toEqual(['5', 'true']);
    // Shown from the cache, not fetched again.
    expect(listRequests(api)).toEqual(requests);

    await act(async () => held.answer(reply(200, { ...post, likedTimes: 5, is_liked: true, liked: [42] })));
    await vi.waitFor(() => expect(later()).toEqual([[5, true], [5, true]]));
    expect(likeShown(await visit('/mono/55'))).toEqual(['5', 'true']);
    expect(likeShown(await visit('/home'))).toEqual(['5', 'true']);
  }, THREE_SCREENS);

  it('a refused like goes back on every one of them', async () => {
    const { api, user, held, visit, later } = await setup();
    await user.click(within(await screen.findByTestId('post-71')).getByRole('button', { name: '4 likes' }));
    expect(likeShown(await screen.findByTestId('post-71'))).toEqual(['5', 'true']);
    expect(later()).toEqual([[5, true], [5, true]]);
    expect(likeShown(await visit('/home'))).toEqual(['5', 'true']);

    await act(async () => held.answer(reply(500, { detail: 'Server error.' })));
    expect(await screen.findByText('That did not work. Please try again.')).toBeInTheDocument();
    expect(likeShown(await screen.findByTestId('post-71'))).toEqual(['4', 'false']);
    expect(later()).toEqual([[4, false], [4, false]]);
    expect(likeShown(await visit('/user/900'))).toEqual(['4', 'false']);
    expect(likeShown(await visit('/mono/55'))).toEqual(['4', 'false']);
    expect(api.callsTo(LIKE)).toHaveLength(1);
  }, THREE_SCREENS);
});
