import { screen, waitFor } from '@testing-library/react';
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils';
import { mockApi, reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { profileFactory } from '@/testing/factories';

describe('/recommenduser', () => {
  it('lists every user before any search, then narrows to the search words', async () => {
    const api = mockApi({
      'GET /api/user/profile/newprofiles/': () => reply(200, []),
      'GET /api/user/profile/search': ({ query }) => {
        if (query.get('count') !== '0') return reply(200, []);
        return reply(
          200,
          query.get('q') ? [profileFactory({ nickName: 'Runner', userProfile: 9 })] : [profileFactory({ nickName: 'Everyone', userProfile: 8 })],
        );
      },
    });
    const { user } = renderApp('/recommenduser');
    expect(await screen.findByRole('heading', { name: 'Discover people' })).toBeInTheDocument();
    mockAllIsIntersecting(true);
    expect(await screen.findByRole('link', { name: /Everyone/ })).toHaveAttribute('href', '/user/8');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'run');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    mockAllIsIntersecting(true);
    expect(await screen.findByRole('link', { name: /Runner/ })).toHaveAttribute('href', '/user/9');
    await waitFor(() => expect(api.callsTo('GET /api/user/profile/search').some(({ query }) => query.get('q') === 'run')).toBe(true));
    expect(api.callsTo('GET /api/user/profile/search')[0].query.get('q')).toBe('');
  });
});
