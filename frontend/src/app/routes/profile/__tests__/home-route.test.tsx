import { screen, waitFor, within } from '@testing-library/react';
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils';
import { mockApi, reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { bookFactory, profileFactory, tagFactory } from '@/testing/factories';

describe('/home', () => {
  it('shows the newest users with a "new" badge, linking to their pages', async () => {
    const fresh = profileFactory({ nickName: 'Fresh', userProfile: 501, created_on: new Date().toISOString() });
    const old = profileFactory({ nickName: 'Old', userProfile: 502, created_on: '2020-01-01T00:00:00Z' });
    mockApi({
      'GET /api/user/profile/newprofiles/': () => reply(200, [fresh, old]),
      'GET /api/user/attributecc/': () => reply(200, []),
    });
    renderApp('/home');
    const section = await screen.findByRole('region', { name: 'New users to follow' });
    const freshLink = await within(section).findByRole('link', { name: /Fresh/ });
    expect(freshLink).toHaveAttribute('href', '/user/501');
    expect(within(freshLink).getByText('New')).toBeInTheDocument();
    expect(within(within(section).getByRole('link', { name: /Old/ })).queryByText('New')).not.toBeInTheDocument();
  });

  it('searches users page by page and stops on an empty page', async () => {
    const api = mockApi({
      'GET /api/user/profile/newprofiles/': () => reply(200, []),
      'GET /api/user/attributecc/': () => reply(200, []),
      'GET /api/user/profile/search': ({ query }) => {
        const page = Number(query.get('count'));
        if (page === 0) return reply(200, [profileFactory({ nickName: 'Aiko' })]);
        if (page === 1) return reply(200, [profileFactory({ nickName: 'Akira' })]);
        return reply(200, []);
      },
    });
    const { user } = renderApp('/home');
    await user.type(await screen.findByRole('searchbox', { name: 'Search users' }), '  a  ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    mockAllIsIntersecting(true);
    expect(await screen.findByText('Aiko')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Akira')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByTestId('list-sentinel')).not.toBeInTheDocument());
    const searches = api.callsTo('GET /api/user/profile/search');
    expect(searches.map(({ query }) => [query.get('q'), query.get('count')])).toEqual([
      ['a', '0'],
      ['a', '1'],
      ['a', '2'],
    ]);
  });
});

describe('/home tags and followed Books', () => {
  it('shows the first 8 tags of the UI language as tiles and the first 3 followed Books', async () => {
    const tags = Array.from({ length: 10 }, (_, i) => tagFactory({ id: 300 + i, attributeName: `Tag ${i}` }));
    const followed = [1, 2, 3, 4].map((n) => bookFactory({ title: `Followed ${n}` }));
    const api = mockApi({
      'GET /api/user/myprofile/': () => reply(200, profileFactory()),
      'GET /api/user/profile/newprofiles/': () => reply(200, []),
      'GET /api/user/attributecc/': () => reply(200, tags),
      'GET /api/user/followingpage/': () => reply(200, followed),
    });
    renderApp('/home', { token: 'tok' });
    const tiles = await screen.findByRole('region', { name: 'Tags' });
    expect(await within(tiles).findByRole('link', { name: 'Tag 0' })).toHaveAttribute('href', '/recommend?attid=300');
    expect(within(tiles).queryByRole('link', { name: 'Tag 8' })).not.toBeInTheDocument();
    expect(within(tiles).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/recommend');
    expect(api.callsTo('GET /api/user/attributecc/')[0].query.get('lan')).toBe('en');
    const panel = screen.getByRole('complementary', { name: 'Followed Books' });
    expect(await within(panel).findByRole('link', { name: 'Followed 3' })).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Followed 4' })).not.toBeInTheDocument();
  });
});

describe('/user/:userid', () => {
  it("shows another user's profile", async () => {
    mockApi({
      'GET /api/user/profile/detail/77': () =>
        reply(200, profileFactory({ userProfile: 77, nickName: 'Kenji', caption: 'I like maps', description: 'Data about rivers.' })),
    });
    renderApp('/user/77');
    expect(await screen.findByRole('heading', { name: 'Kenji' })).toBeInTheDocument();
    expect(screen.getByText('I like maps')).toBeInTheDocument();
    expect(screen.getByText('Data about rivers.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Avatar of Kenji' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Books' })).toHaveAttribute('href', '/specificuserbook?user_id=77');
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'My page' })).not.toBeInTheDocument();
  });

  it('shows the my-page button on the own card', async () => {
    const mine = profileFactory({ userProfile: 9, nickName: 'Me' });
    mockApi({
      'GET /api/user/myprofile/': () => reply(200, mine),
      'GET /api/user/profile/detail/9': () => reply(200, mine),
    });
    renderApp('/user/9', { token: 'tok' });
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('link', { name: 'My page' })).toHaveAttribute('href', '/userpage');
  });

  it('says when the user does not exist', async () => {
    mockApi({ 'GET /api/user/profile/detail/404': () => reply(404, { detail: 'Not found.', code: 'notFound' }) });
    renderApp('/user/404');
    expect(await screen.findByText('This user does not exist.')).toBeInTheDocument();
  });
});

describe('unknown paths', () => {
  it('show the not-found page with a link home', async () => {
    mockApi({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/home');
  });
});
