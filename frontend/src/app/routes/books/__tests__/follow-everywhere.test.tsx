import { act, screen, within } from '@testing-library/react';
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils';
import { mockApi, reply } from '@/testing/mock-api';
import type { MockResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { bookFactory, profileFactory } from '@/testing/factories';

const LIST = 'GET /api/user/followingpage/';
const FOLLOW = 'POST /api/user/followingpage/';

/**
 * A logged-in user with one followed Book opens /followingpagelist, /home and then a second
 * Book's page. The follow request is held until the test releases it, so what each screen shows
 * before the server answers is the client's own update of its cached lists.
 */
function setup({ followAnswer = reply(201, { id: 1, pageId: 5, created_on: '2026-01-01T00:00:00Z' }) as MockResponse } = {}) {
  const older = bookFactory({ id: 4, title: 'Rainfall in Kyushu' });
  const book = bookFactory({ id: 5, title: 'Health insurance rates by prefecture', page_price: 800 });
  const server = { followed: [older], release: () => {} };
  const api = mockApi({
    'GET /api/user/myprofile/': () => reply(200, profileFactory({ userProfile: 42 })),
    'GET /api/user/profile/newprofiles/': () => reply(200, []),
    'GET /api/user/attributecc/': () => reply(200, []),
    [LIST]: ({ query }) => reply(200, query.get('count') === '0' ? server.followed : []),
    'GET /api/user/monopage/get-page-info/': () => reply(200, book),
    'GET /api/user/record_page_view/42/5/': () => reply(200, { detail: 'View recorded.' }),
    'GET /api/user/monopage/check-user-page-status/': () => reply(200, { is_followed: server.followed.some((item) => item.id === 5), is_owned: false }),
    'GET /api/user/relatedmonopage/5/': () => reply(200, []),
    'GET /api/user/pageattribute/by-monopage/5/': () => reply(200, []),
    [FOLLOW]: () =>
      new Promise<MockResponse>((resolve) => {
        server.release = () => {
          if (typeof followAnswer !== 'string' && followAnswer.status === 201) server.followed = [book, ...server.followed];
          resolve(followAnswer);
        };
      }),
    'DELETE /api/user/unfollow-page/': () => {
      server.followed = server.followed.filter((item) => item.id !== 5);
      return reply(204);
    },
  });
  const view = renderApp('/followingpagelist', { token: 'tok' });
  return { api, server, ...view };
}

async function visit(router: { navigate: (to: string) => Promise<void> }, path: string) {
  await act(() => router.navigate(path));
}

const followedList = () => screen.findByRole('list', { name: 'Followed Books' });
const panel = () => screen.findByRole('complementary', { name: 'Followed Books' });

describe('following a Book updates every screen that shows it', () => {
  it('marks the Book page, the home panel and /followingpagelist before the server answers', async () => {
    const { api, server, router, user } = setup();
    mockAllIsIntersecting(true);
    expect(await within(await followedList()).findByRole('link', { name: /Rainfall in Kyushu/ })).toBeInTheDocument();
    await visit(router, '/home');
    expect(await within(await panel()).findByRole('link', { name: /Rainfall in Kyushu/ })).toBeInTheDocument();
    await visit(router, '/mono/5');
    await user.click(await screen.findByRole('button', { name: 'Follow' }));

    // The server has not answered yet.
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    const listRequests = api.callsTo(LIST).length;
    await visit(router, '/home');
    const links = await within(await panel()).findAllByRole('link', { name: /Health insurance|Rainfall/ });
    // The newest follow comes first.
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAccessibleName(/Health insurance rates by prefecture/);
    expect(links[1]).toHaveAccessibleName(/Rainfall in Kyushu/);
    await visit(router, '/followingpagelist');
    expect(await within(await followedList()).findByRole('link', { name: /Health insurance/ })).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(listRequests);

    // Once it answers, the list is fetched again and agrees.
    await act(async () => server.release());
    expect(await screen.findByText('Followed this Book')).toBeInTheDocument();
    await vi.waitFor(() => expect(api.callsTo(LIST).length).toBeGreaterThan(listRequests));
    expect(within(await followedList()).getByRole('link', { name: /Health insurance/ })).toBeInTheDocument();
    expect(api.callsTo(FOLLOW)[0].body).toEqual({ pageId: 5 });
  });

  it('takes the follow back everywhere when the server refuses it', async () => {
    const { server, router, user } = setup({ followAnswer: reply(400, { detail: 'This page is already followed', code: 'alreadyFollowed' }) });
    mockAllIsIntersecting(true);
    await within(await followedList()).findByRole('link', { name: /Rainfall in Kyushu/ });
    await visit(router, '/mono/5');
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();

    await act(async () => server.release());
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    await visit(router, '/followingpagelist');
    const list = await followedList();
    expect(await within(list).findByRole('link', { name: /Rainfall in Kyushu/ })).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: /Health insurance/ })).not.toBeInTheDocument();
  });

  it('unfollowing removes the Book from the list and the panel', async () => {
    const { server, router, user } = setup();
    server.followed = [bookFactory({ id: 5, title: 'Health insurance rates by prefecture' }), ...server.followed];
    mockAllIsIntersecting(true);
    await within(await followedList()).findByRole('link', { name: /Health insurance/ });
    await visit(router, '/mono/5');
    await user.click(await screen.findByRole('button', { name: 'Following' }));
    expect(await screen.findByText('Follow released')).toBeInTheDocument();
    await visit(router, '/home');
    const aside = await panel();
    expect(await within(aside).findByRole('link', { name: /Rainfall in Kyushu/ })).toBeInTheDocument();
    expect(within(aside).queryByRole('link', { name: /Health insurance/ })).not.toBeInTheDocument();
  });
});
