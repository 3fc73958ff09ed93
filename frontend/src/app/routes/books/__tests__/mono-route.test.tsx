import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { bookFactory, profileFactory, tagFactory } from '@/testing/factories';

const me = profileFactory({ userProfile: 42, nickName: 'Me' });

function bookPage(overrides: Parameters<typeof bookFactory>[0] = {}) {
  return bookFactory({
    id: 5,
    title: 'Health insurance rates by prefecture',
    summary: 'Rates of the 47 prefectures in 2025.',
    goodpoint: 'Covers every prefecture.',
    point1: 'Saga has the highest rate.',
    point2: '',
    point3: 'Niigata has the lowest rate.',
    rating: 80,
    post_count: 3,
    page_price: 3000,
    files: [{ id: 11, title: 'rates.csv', profile: { id: 1, userId: 77, img: null, nickName: null }, communities: [], communities_info: [] }],
    ...overrides,
  });
}

function setup({ loggedIn = true, book = bookPage(), followed = false } = {}) {
  const state = { followed };
  const api = mockApi({
    'GET /api/user/myprofile/': () => reply(200, me),
    'GET /api/user/monopage/get-page-info/': () => reply(200, book),
    'GET /api/user/record_page_view/42/5/': () => reply(200, { detail: 'View recorded.' }),
    'GET /api/user/record_page_view/0/5/': () => reply(200, { detail: 'View recorded.' }),
    'GET /api/user/monopage/check-user-page-status/': () => reply(200, { is_followed: state.followed, is_owned: false }),
    'GET /api/user/relatedmonopage/5/': () => reply(200, [bookFactory({ title: 'Tokyo weather' })]),
    'GET /api/user/pageattribute/by-monopage/5/': () => reply(200, [tagFactory({ id: 3, attributeName: 'Insurance' })]),
    'POST /api/user/followingpage/': () => {
      state.followed = true;
      return reply(201, { id: 1, pageId: 5, created_on: new Date().toISOString() });
    },
    'DELETE /api/user/unfollow-page/': () => {
      state.followed = false;
      return reply(204);
    },
  });
  return { api, state, ...renderApp('/mono/5', loggedIn ? { token: 'tok' } : {}) };
}

describe('/mono/:pageid', () => {
  it('shows the Book: summary, rating, good point, numbered points, yen price, tags, related', async () => {
    const { api } = setup();
    expect(await screen.findByRole('heading', { name: 'Health insurance rates by prefecture' })).toBeInTheDocument();
    expect(screen.getByText('Rates of the 47 prefectures in 2025.')).toBeInTheDocument();
    expect(screen.getByText('80%')).toBeInTheDocument();
    expect(screen.getByText('3 reviews')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Rating' })).toHaveAttribute('aria-valuenow', '80');
    expect(screen.getByText('Covers every prefecture.')).toBeInTheDocument();
    const points = within(screen.getByRole('region', { name: 'Points' })).getAllByRole('listitem');
    expect(points.map((item) => item.textContent)).toEqual(['1Saga has the highest rate.', '2Niigata has the lowest rate.']);
    expect(screen.getByTestId('book-price')).toHaveTextContent('￥3,000');
    expect(screen.getByRole('button', { name: 'Buy' })).toBeDisabled();
    expect(await screen.findByText(/Payments are not available on this site right now/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Insurance' })).toHaveAttribute('href', '/recommend?attid=3');
    expect(await screen.findByRole('link', { name: 'Tokyo weather' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contributor 1' })).toHaveAttribute('href', '/user/77');
    await waitFor(() => expect(api.callsTo('GET /api/user/record_page_view/42/5/')).toHaveLength(1));
    expect(api.callsTo('GET /api/user/record_page_view/0/5/')).toHaveLength(0);
  });

  it('follows, then unfollows, with the messages of the spec', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('Followed this Book')).toBeInTheDocument();
    const following = await screen.findByRole('button', { name: 'Following' });
    expect(following).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('POST /api/user/followingpage/')[0].body).toEqual({ pageId: 5 });

    await user.click(following);
    expect(await screen.findByText('Follow released')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(api.callsTo('DELETE /api/user/unfollow-page/')[0].query.get('pageId')).toBe('5');
  });

  it('shows "This page is already followed" from a 400', async () => {
    const { api, user } = setup();
    api.use({ 'POST /api/user/followingpage/': () => reply(400, { detail: 'This page is already followed', code: 'alreadyFollowed' }) });
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('This page is already followed')).toBeInTheDocument();
  });

  it('asks visitors to log in before following, and counts their view as user 0', async () => {
    const { api, user, router } = setup({ loggedIn: false });
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    const prompt = await screen.findByRole('dialog', { name: 'Log in to continue' });
    expect(within(prompt).getByText('Please log in to do this.')).toBeInTheDocument();
    // The prompt stays until dismissed and offers the way to log in.
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(screen.getByRole('dialog', { name: 'Log in to continue' })).toBeInTheDocument();
    await user.click(within(prompt).getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/mono/5' });
    expect(api.callsTo('POST /api/user/followingpage/')).toHaveLength(0);
    expect(api.callsTo('GET /api/user/monopage/check-user-page-status/')).toHaveLength(0);
    await waitFor(() => expect(api.callsTo('GET /api/user/record_page_view/0/5/')).toHaveLength(1));
  });

  it('offers a free Book to take, and then the manage button', async () => {
    const free = bookPage({ page_price: 0, encrypted_pageId: 'ticket-5' });
    const { api, user } = setup({ book: free });
    api.use({ 'POST /api/user/owningpage/': () => reply(201, { detail: 'You own this Book now.', pageId: 5 }) });
    expect(await screen.findByTestId('book-price')).toHaveTextContent('Free');
    api.use({ 'GET /api/user/monopage/get-page-info/': () => reply(200, { ...free, is_owned: true }) });
    await user.click(screen.getByRole('button', { name: 'Get this Book' }));
    expect(await screen.findByText('You own this Book now')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Open my Book' })).toHaveAttribute('href', '/owningpage/5');
    expect(api.callsTo('POST /api/user/owningpage/')[0].body).toEqual({ encrypted_pageId: 'ticket-5' });
  });

  it('says a members-only Book is for its circles, and lets its creator make it public', async () => {
    const membersOnly = bookPage({ page_price: 0, members_only: true, can_make_public: true });
    const { api, user } = setup({ book: membersOnly });
    api.use({ 'POST /api/user/monopage/5/make-public/': () => reply(200, { ...membersOnly, members_only: false, can_make_public: undefined }) });
    expect(await screen.findByText(/only their members can see it/)).toBeInTheDocument();
    api.use({ 'GET /api/user/monopage/get-page-info/': () => reply(200, { ...membersOnly, members_only: false, can_make_public: undefined }) });
    await user.click(screen.getByRole('button', { name: 'Make public' }));
    expect(await screen.findByText('This Book is public now')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/monopage/5/make-public/')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(/only their members can see it/)).not.toBeInTheDocument());
  });

  it('tells the creator of a Book a moderator hid that only they see it, with the reason; others see no notice', async () => {
    setup({ book: bookPage({ page_price: 0, moderated_reason: 'copied figures' }) });
    expect(
      await screen.findByText('A moderator hid this Book: only you can see it, and it is in no list or search. Reason: copied figures'),
    ).toBeInTheDocument();
  });

  it('shows no moderation notice on a Book that is not hidden', async () => {
    setup({ book: bookPage({ page_price: 0 }) });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/A moderator hid this Book/)).not.toBeInTheDocument();
  });

  it('shows a member who did not make the Book no button to make it public', async () => {
    setup({ book: bookPage({ page_price: 0, members_only: true, can_make_public: false }) });
    expect(await screen.findByText(/only their members can see it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make public' })).not.toBeInTheDocument();
  });

  it('refuses with the server message translated when the make-public call is refused', async () => {
    const membersOnly = bookPage({ page_price: 0, members_only: true, can_make_public: true });
    const { api, user } = setup({ book: membersOnly });
    api.use({
      'POST /api/user/monopage/5/make-public/': () => reply(403, { detail: 'Only the creator of this Book can make it public.', code: 'bookCreatorOnly' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Make public' }));
    expect(await screen.findByText('Only the creator of this Book can make it public.')).toBeInTheDocument();
    expect(screen.getByText(/only their members can see it/)).toBeInTheDocument();
  });

  it('shows the manage button to a contributor', async () => {
    const mine = bookPage({
      files: [{ id: 11, title: 'rates.csv', profile: { id: me.id, userId: 42, img: null, nickName: null }, communities: [], communities_info: [] }],
    });
    setup({ book: mine });
    expect(await screen.findByRole('link', { name: 'Open my Book' })).toHaveAttribute('href', '/owningpage/5');
    expect(screen.getByRole('link', { name: 'Contributor 1' })).toHaveAttribute('href', '/userpage');
  });
});

describe('/owningpage/:pageid', () => {
  it('sends viewers who do not own a paid Book to /home', async () => {
    const { router } = (() => {
      mockApi({
        'GET /api/user/myprofile/': () => reply(200, me),
        'GET /api/user/monopage/get-page-info/': () => reply(200, bookPage({ is_owned: false, page_price: 800 })),
        'GET /api/user/attributecc/': () => reply(200, []),
        'GET /api/user/profile/newprofiles/': () => reply(200, []),
        'GET /api/user/followingpage/': () => reply(200, []),
      });
      return renderApp('/owningpage/5', { token: 'tok' });
    })();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('shows an owned Book with its weak point, answer and files', async () => {
    mockApi({
      'GET /api/user/myprofile/': () => reply(200, me),
      'GET /api/user/monopage/get-page-info/': () => reply(200, bookPage({ is_owned: true, badpoint: 'Only one year.', answer: 'Saga, at 10.78%.' })),
    });
    renderApp('/owningpage/5', { token: 'tok' });
    expect(await screen.findByText('Only one year.')).toBeInTheDocument();
    expect(screen.getByText('Saga, at 10.78%.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download rates.csv' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the Book page' })).toHaveAttribute('href', '/mono/5');
  });

  describe('the data as pictures (issue 25)', () => {
    const column_profile = {
      sheet: 'rates',
      rows: 47,
      sampled: false,
      columns: [
        { name: 'prefecture', type: 'text' as const, role: 'entity' as const, missing: 0, distinct: 47 },
        {
          name: 'rate',
          type: 'number' as const,
          role: 'measure' as const,
          unit: '%',
          missing: 0,
          distinct: 40,
          min: 9.33,
          max: 10.51,
          bins: [2, 5, 9, 12, 8, 6, 3, 1, 0, 0, 0, 1],
        },
      ],
    };

    it('shows "No reviews yet" instead of a 0% rating', async () => {
      setup({ book: bookPage({ rating: 0, post_count: 0 }) });
      expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
      expect(screen.queryByText('0%')).not.toBeInTheDocument();
      expect(screen.queryByRole('progressbar', { name: 'Rating' })).not.toBeInTheDocument();
    });

    it('shows the column profile to everyone, and the first rows only when the viewer may download', async () => {
      const { api, user } = setup({ book: bookPage({ page_price: 0, column_profile }) });
      expect(await screen.findByRole('heading', { name: 'What is in the table' })).toBeInTheDocument();
      expect(screen.getByText('9.33 % to 10.51 %')).toBeInTheDocument();
      api.use({ 'GET /api/user/monopage/5/preview/': () => reply(200, { sheet: 'rates', columns: ['prefecture', 'rate'], rows: [['Saga', '10.51']] }) });
      await user.click(screen.getByRole('button', { name: 'Show the first 20 rows' }));
      expect(await screen.findByRole('cell', { name: '10.51' })).toBeInTheDocument();
      expect(screen.getByText('The first 1 rows of “rates”, as written in the file.')).toBeInTheDocument();
    });

    it('offers no rows of a paid Book the viewer does not own', async () => {
      const { api } = setup({ book: bookPage({ page_price: 3000, is_owned: false, column_profile }) });
      expect(await screen.findByRole('heading', { name: 'What is in the table' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Show the first 20 rows' })).not.toBeInTheDocument();
      expect(api.callsTo('GET /api/user/monopage/5/preview/')).toHaveLength(0);
    });
  });
  it('loads the cover at once and ahead of other images (it is the largest thing on the first screen)', async () => {
    setup({ loggedIn: false, book: bookPage({ img: 'https://example.test/media/covers/rates.jpg' }) });
    const cover = await screen.findByRole('img', { name: /Health insurance rates by prefecture/ });
    expect(cover).toHaveAttribute('src', 'https://example.test/media/covers/rates.jpg');
    expect(cover).toHaveAttribute('loading', 'eager');
    expect(cover).toHaveAttribute('fetchpriority', 'high');
  });
});
