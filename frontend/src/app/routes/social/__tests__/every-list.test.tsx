import { act, screen, within } from '@testing-library/react';
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils';
import { api as appApi } from '@/api/api';
import { postTagsOf } from '@/api/tags';
import { createAppStore } from '@/app/store';
import type { Post } from '@/api/types';
import { mockApi, reply } from '@/testing/mock-api';
import type { MockResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { bookFactory, postFactory, postList, profileFactory } from '@/testing/factories';
import { postsApi } from '@/features/posts/api';
import { followsApi } from '@/features/follows/api';

/**
 * Lists the optimistic helper was not written for: a circle thread (a scroll list) and a
 * notification list whose items wrap the post. They join by providing the posts' tags
 * (`{type: 'Post', id}`, through postTagsOf), nothing else.
 */
const laterLists = postsApi.injectEndpoints({
  endpoints: (build) => ({
    circleThread: build.infiniteQuery<Post[], { circleId: number }, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: () => undefined },
      query: ({ queryArg, pageParam }) => ({ url: `/api/user/test-circle/${queryArg.circleId}/posts/`, params: { count: pageParam } }),
      providesTags: (data) => postTagsOf(data?.pages.flat() ?? []),
    }),
    notifications: build.query<{ kind: 'liked'; post: Post }[], void>({
      query: () => '/api/user/test-notifications/',
      providesTags: (data) => postTagsOf((data ?? []).map(({ post }) => post)),
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
  const firstPage =
    (posts: Post[]) =>
    ({ query }: { query: URLSearchParams }) =>
      reply(200, postList(query.get('count') === '0' ? posts : []));
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
      laterLists.endpoints.circleThread
        .select({ circleId: 7 })(state)
        .data?.pages[0].find(({ id }) => id === 71),
      laterLists.endpoints.notifications.select()(state).data?.[0].post,
    ].map((shown) => [shown?.likedTimes, shown?.is_liked]);
  };
  await vi.waitFor(() =>
    expect(later()).toEqual([
      [4, false],
      [4, false],
    ]),
  );
  return { ...view, api, post, held, visit, later };
}

/** The like button of the card on screen: its count and whether it is pressed. */
function likeShown(card: HTMLElement) {
  const button = within(card).getByRole('button', { name: /likes?$/ });
  return [button.textContent?.match(/^\d+/)?.[0], button.getAttribute('aria-pressed')];
}

/** Waits for the card on screen to show `expected` (the answer of the like is held meanwhile). */
async function shownSoon(expected: [string, string]) {
  await vi.waitFor(() => expect(likeShown(screen.getByTestId('post-71'))).toEqual(expected));
}

/** Requests of the lists' first pages (a later page may be asked for when a list is scrolled to its end). */
const listRequests = (api: ReturnType<typeof mockApi>) => LISTS.map((key) => api.callsTo(key).filter(({ query }) => query.get('count') === '0').length);

// Three screens are rendered in turn: more time than one screen's test needs on a busy machine.
const THREE_SCREENS = 60_000;

describe('a like shows on every list that holds the post, lists added later included', () => {
  it(
    'shows at once on the Book page, /home, the user page, a circle thread and a notification, and the server answer stays',
    async () => {
      const { api, user, post, held, visit, later } = await setup();
      const requests = listRequests(api);
      const card = await screen.findByTestId('post-71');
      expect(likeShown(card)).toEqual(['4', 'false']);

      await user.click(within(card).getByRole('button', { name: '4 likes' }));
      // The server has not answered yet (the like is held): what shows is the client's own update,
      // which a busy machine may apply a few ticks after the click.
      await shownSoon(['5', 'true']);
      expect(api.callsTo(LIKE)).toHaveLength(1);
      expect(later()).toEqual([
        [5, true],
        [5, true],
      ]);
      expect(likeShown(await visit('/home'))).toEqual(['5', 'true']);
      expect(likeShown(await visit('/user/900'))).toEqual(['5', 'true']);
      // Shown from the cache, not fetched again.
      expect(listRequests(api)).toEqual(requests);

      await act(async () => held.answer(reply(200, { ...post, likedTimes: 5, is_liked: true, liked: [42] })));
      await vi.waitFor(() =>
        expect(later()).toEqual([
          [5, true],
          [5, true],
        ]),
      );
      expect(likeShown(await visit('/mono/55'))).toEqual(['5', 'true']);
      expect(likeShown(await visit('/home'))).toEqual(['5', 'true']);
    },
    THREE_SCREENS,
  );

  it(
    'a refused like goes back on every one of them',
    async () => {
      const { api, user, held, visit, later } = await setup();
      await user.click(within(await screen.findByTestId('post-71')).getByRole('button', { name: '4 likes' }));
      await shownSoon(['5', 'true']);
      expect(later()).toEqual([
        [5, true],
        [5, true],
      ]);
      expect(likeShown(await visit('/home'))).toEqual(['5', 'true']);

      await act(async () => held.answer(reply(500, { detail: 'Server error.' })));
      expect(await screen.findByText('That did not work. Please try again.')).toBeInTheDocument();
      expect(likeShown(await screen.findByTestId('post-71'))).toEqual(['4', 'false']);
      expect(later()).toEqual([
        [4, false],
        [4, false],
      ]);
      expect(likeShown(await visit('/user/900'))).toEqual(['4', 'false']);
      expect(likeShown(await visit('/mono/55'))).toEqual(['4', 'false']);
      expect(api.callsTo(LIKE)).toHaveLength(1);
    },
    THREE_SCREENS,
  );
});

describe('every optimistic update finds the lists by the tags', () => {
  /** A store holding /home's list, a circle thread and a notification list, with the server's answers held. */
  async function cached(home: Post[], circle: Post[], notified: Post[], more: Parameters<typeof mockApi>[0] = {}) {
    // The answer of the held request, given when the test says so (before or after it is sent).
    const held: { answer: (response: MockResponse) => void } = { answer: () => {} };
    const pending = new Promise<MockResponse>((resolve) => (held.answer = resolve));
    const hold = () => pending;
    const api = mockApi({
      'GET /api/user/postcc/': () => reply(200, postList(home)),
      'GET /api/user/test-circle/7/posts/': () => reply(200, circle),
      'GET /api/user/test-notifications/': () =>
        reply(
          200,
          notified.map((post) => ({ kind: 'liked', post })),
        ),
      ...more,
    });
    const store = createAppStore();
    await store.dispatch(postsApi.endpoints.homePosts.initiate());
    await store.dispatch(laterLists.endpoints.circleThread.initiate({ circleId: 7 }));
    await store.dispatch(laterLists.endpoints.notifications.initiate());
    const shown = () => {
      const state = store.getState() as never;
      return {
        home: postsApi.endpoints.homePosts.select()(state).data?.pages.flat() ?? [],
        circle: laterLists.endpoints.circleThread.select({ circleId: 7 })(state).data?.pages.flat() ?? [],
        notified:
          laterLists.endpoints.notifications
            .select()(state)
            .data?.map(({ post }) => post) ?? [],
      };
    };
    return { api, store, held, hold, shown };
  }
  const ids = (posts: Post[]) => posts.map(({ id }) => id);

  it('a repost marks the original and every repost of it, in lists holding only a repost too; a refusal puts them back', async () => {
    const original = postFactory({ id: 80, repostedTimes: 2 });
    const theirRepost = postFactory({ id: 81, reposting: true, repostingFrom: 80, repostingFromUser: 900 });
    const { store, hold, held, shown } = await cached([original, theirRepost], [theirRepost], [original], {
      'POST /api/user/monopost/': () => hold(),
    });
    // Reposting from the repost's card reposts the original.
    const reposting = store.dispatch(postsApi.endpoints.createPost.initiate({ createPostDto: { reposting: true, repostingFrom: 80 } }));
    const marks = () => Object.values(shown()).map((list) => list.map((post) => [post.id, post.repostedTimes, post.is_reposted]));
    expect(marks()).toEqual([
      [
        [80, 3, true],
        [81, 0, true],
      ],
      [[81, 0, true]],
      [[80, 3, true]],
    ]);
    held.answer(reply(500, { detail: 'Server error.' }));
    await reposting;
    expect(marks()).toEqual([
      [
        [80, 2, false],
        [81, 0, false],
      ],
      [[81, 0, false]],
      [[80, 2, false]],
    ]);
  });

  it('taking a repost back from a repost card finds the original in the cache', async () => {
    const original = postFactory({ id: 82, repostedTimes: 1, is_reposted: true });
    const myRepost = postFactory({ id: 83, userPost: 42, reposting: true, repostingFrom: 82, is_reposted: true });
    const { api, store, hold, held, shown } = await cached([myRepost], [original], [], { 'DELETE /api/user/delete-repost/83/delete_repost/': () => hold() });
    const taking = store.dispatch(postsApi.endpoints.deleteRepost.initiate({ id: 83 }));
    expect([shown().home[0].is_reposted, shown().circle[0].is_reposted, shown().circle[0].repostedTimes]).toEqual([false, false, 0]);
    api.use({ 'GET /api/user/postcc/': () => reply(200, postList([])) });
    held.answer(reply(204));
    await taking;
    await vi.waitFor(() => expect(ids(shown().home)).toEqual([]));
  });

  it('deleting a comment lowers the count of its post, found through the cached thread, everywhere', async () => {
    const post = postFactory({ id: 84, commentedCounts: 2, is_commented: true });
    const comment = { id: 5, text: 'hi', post: 84, userComment: 42, userProfile: 42, profile: null, created_on: '2026-01-01T00:00:00Z' };
    const { store, hold, held, shown } = await cached([post], [post], [post], {
      'GET /api/user/monocomment-nonlogin/post-comments/': () => reply(200, { comments_with_profiles: [comment], totalCount: 1 }),
      'DELETE /api/user/monocomment/5/': () => hold(),
    });
    await store.dispatch(postsApi.endpoints.postComments.initiate({ postId: 84 }));
    const counts = () => Object.values(shown()).map((list) => list[0].commentedCounts);
    const deleting = store.dispatch(postsApi.endpoints.deleteComment.initiate({ id: 5 }));
    expect(counts()).toEqual([1, 1, 1]);
    held.answer(reply(403, { detail: 'no' }));
    await deleting;
    expect(counts()).toEqual([2, 2, 2]);
  });

  it('a deleted review leaves every list with its reposts at once, and its Book is fetched again', async () => {
    const review = postFactory({ id: 85, userPost: 42, reviewTo: 55, rating: 60 });
    const repost = postFactory({ id: 86, reposting: true, repostingFrom: 85 });
    const other = postFactory({ id: 87 });
    const { api, store, hold, held, shown } = await cached([review, other], [repost, other], [review], {
      'GET /api/user/monopage/get-page-info/': () => reply(200, book),
      'DELETE /api/user/monopost/85/': () => hold(),
    });
    const bookPage = store.dispatch(appApi.endpoints.getPageInfo.initiate({ pageId: 55 }));
    await bookPage;
    const deleting = store.dispatch(postsApi.endpoints.deletePost.initiate({ id: 85 }));
    expect(Object.values(shown()).map(ids)).toEqual([[87], [87], []]);
    held.answer(reply(403, { detail: 'no' }));
    await deleting;
    expect(Object.values(shown()).map(ids)).toEqual([[85, 87], [86, 87], [85]]);
    expect(api.callsTo('GET /api/user/monopage/get-page-info/')).toHaveLength(1);

    api.use({ 'DELETE /api/user/monopost/85/': () => reply(204), 'GET /api/user/postcc/': () => reply(200, postList([other])) });
    await store.dispatch(postsApi.endpoints.deletePost.initiate({ id: 85 }));
    expect(Object.values(shown()).map(ids)).toEqual([[87], [87], []]);
    await vi.waitFor(() => expect(api.callsTo('GET /api/user/monopage/get-page-info/')).toHaveLength(2));
    bookPage.unsubscribe();
  });

  it("following a user shows as requested at once on that user's follow status, and a refusal takes it back", async () => {
    let answer: (response: MockResponse) => void = () => {};
    const pending = new Promise<MockResponse>((resolve) => (answer = resolve));
    mockApi({
      'GET /api/user/approval/followcheck/900/': () => reply(200, { following: false, approved: false }),
      'POST /api/user/approval/': () => pending,
    });
    const store = createAppStore();
    await store.dispatch(followsApi.endpoints.followCheck.initiate({ id: 900 }));
    const status = () => followsApi.endpoints.followCheck.select({ id: 900 })(store.getState() as never).data;
    const asking = store.dispatch(followsApi.endpoints.postApproval.initiate({ approvalDto: { askFrom: 42, askTo: 900 } }));
    expect(status()).toEqual({ following: true, approved: false });
    answer(reply(500, { detail: 'Server error.' }));
    await asking;
    expect(status()).toEqual({ following: false, approved: false });
  });
});
