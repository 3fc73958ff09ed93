import { screen, waitFor, within } from '@testing-library/react';
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils';
import { mockApi, reply } from '@/testing/mock-api';
import type { Handler } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { circleFactory, postFactory, postList, profileFactory } from '@/testing/factories';
import { BACKGROUND_COUNT, backgroundUrl, centredSquare, randomBackgroundIndex } from '@/features/circles/utils/circle-images';

const me = profileFactory({ userProfile: 42, nickName: 'Me' });
const owner = profileFactory({ userProfile: 900, nickName: 'Owner' });
const circle = circleFactory({
  id: 7,
  title: 'Tea lovers',
  description: 'We share tea data.',
  owner: 900,
  page_count: 2,
  member_count: 3,
  post_count: 4,
  joinrequest_count: 1,
});

type Status = 'none' | 'member' | 'join_request_pending' | 'invitation_pending';

function circleHandlers(status: Status, extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /api/user/myprofile/': () => reply(200, me),
    'GET /api/user/community/7/': () => reply(200, circle),
    'GET /api/user/community_status/7/': () => reply(200, { status, invitation_id: status === 'invitation_pending' ? 5 : null }),
    'GET /api/user/communityposts/7/': ({ query }) =>
      reply(200, postList(query.get('count') === '0' ? [postFactory({ id: 81, text: 'First tea of the year', communities: [7] })] : [])),
    ...extra,
  };
}

describe('a circle', () => {
  it('shows a member the header (counts linking to the tabs, joined) and the thread', async () => {
    const api = mockApi(circleHandlers('member'));
    const { user } = renderApp('/communitypage/7', { token: 'tok' });
    mockAllIsIntersecting(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tea lovers' })).toBeInTheDocument();
    expect(await screen.findByText('First tea of the year')).toBeInTheDocument();
    const counts = screen.getByRole('list', { name: 'The circle in numbers' });
    expect(within(counts).getByRole('link', { name: /2\s*Books/ })).toHaveAttribute('href', '/communitypagebook/7');
    expect(within(counts).getByRole('link', { name: /3\s*Members/ })).toHaveAttribute('href', '/communitypagemember/7');
    expect(within(counts).getByRole('link', { name: /4\s*Posts/ })).toHaveAttribute('href', '/communitypage/7');
    expect(within(counts).getByRole('link', { name: /1\s*Waiting/ })).toHaveAttribute('href', '/communitypagewaiting/7');
    expect(screen.getByRole('button', { name: 'Joined' })).toBeDisabled();
    expect(screen.getByText('We share tea data.')).toBeInTheDocument();
    // The icon enlarges on click.
    await user.click(screen.getByRole('button', { name: 'Enlarge the icon of Tea lovers' }));
    expect(await screen.findByRole('dialog', { name: 'Icon of Tea lovers' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/user/communityposts/7/')[0].query.get('count')).toBe('0');
  });

  it('tells the owner of a circle a moderator hid that only they see it, with the reason', async () => {
    mockApi(circleHandlers('member', { 'GET /api/user/community/7/': () => reply(200, { ...circle, moderated_reason: 'a scam' }) }));
    renderApp('/communitypage/7', { token: 'tok' });
    mockAllIsIntersecting(true);
    expect(await screen.findByText('A moderator hid this circle: only you can see it, and it is in no search. Reason: a scam')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Tea lovers' })).toBeInTheDocument();
  });

  it('writes a post to the circle: the post dialog sends the circle', async () => {
    const api = mockApi(
      circleHandlers('member', {
        'POST /api/user/monopost/': () => reply(201, postFactory({ id: 82, text: 'Hello circle', communities: [7] })),
      }),
    );
    const { user } = renderApp('/communitypage/7', { token: 'tok' });
    mockAllIsIntersecting(true);
    await screen.findByText('First tea of the year');
    await user.click(screen.getByRole('button', { name: 'Write a post' }));
    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    expect(within(dialog).getByText('Posting to Tea lovers')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Hello circle');
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(api.callsTo('POST /api/user/monopost/')).toHaveLength(1));
    const body = String(api.callsTo('POST /api/user/monopost/')[0].body);
    expect(body).toMatch(/name="communities"\r\n\r\n7/);
    expect(body).toMatch(/name="communitypost_flag"\r\n\r\ntrue/);
  });

  it('counts the new post in the header at once, without a reload (issue 41, item 4)', async () => {
    let posts = 0;
    mockApi(
      circleHandlers('member', {
        'GET /api/user/community/7/': () => reply(200, { ...circle, post_count: posts }),
        'POST /api/user/monopost/': () => {
          posts = 1;
          return reply(201, postFactory({ id: 83, text: 'Counted', communities: [7] }));
        },
      }),
    );
    const { user } = renderApp('/communitypage/7', { token: 'tok' });
    mockAllIsIntersecting(true);
    const counts = await screen.findByRole('list', { name: 'The circle in numbers' });
    expect(within(counts).getByRole('link', { name: /0\s*Posts/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Write a post' }));
    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Counted');
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await within(counts).findByRole('link', { name: /1\s*Posts/ })).toBeInTheDocument();
  });

  it('posts data to the circle: the upload dialog sends the circle and stays on the circle', async () => {
    const api = mockApi(
      circleHandlers('member', {
        'POST /api/user/upload/': () => reply(201, { id: 5, title: 'Rates', user_id: 42 }),
      }),
    );
    const { user, router } = renderApp('/communitypage/7', { token: 'tok' });
    mockAllIsIntersecting(true);
    await screen.findByText('First tea of the year');
    await user.click(screen.getByRole('button', { name: 'Post data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post data' });
    expect(within(dialog).getByText('Posting to Tea lovers')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Title/), 'Rates');
    await user.upload(within(dialog).getByLabelText('Data file'), new File(['a,b\n1,2\n'], 'rates.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Your data was posted. The Book will be ready in a moment.')).toBeInTheDocument();
    expect(String(api.callsTo('POST /api/user/upload/')[0].body)).toMatch(/name="communities"\r\n\r\n7\r\n/);
    expect(router.state.location.pathname).toBe('/communitypage/7');
  });

  it('speaks Japanese: the join states and the circle created message', async () => {
    mockApi({ ...circleHandlers('join_request_pending'), 'GET /api/user/account/': () => reply(200, { email: 'me@example.com', language: 'ja' }) });
    renderApp('/communitypage/7', { token: 'tok' });
    expect(await screen.findByRole('button', { name: '申請中' })).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'スレッド' })).toBeInTheDocument();
  });

  it('shows a non-member the header and blurred shortcuts, not the thread; the join button sends a request', async () => {
    const api = mockApi(
      circleHandlers('none', {
        'POST /api/user/communityjoin/': () =>
          reply(201, { id: 3, community: 7, userProfile: 42, approved: false, created_on: '2024-01-01T00:00:00Z', profile: null }),
      }),
    );
    const { user } = renderApp('/communitypage/7', { token: 'tok' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tea lovers' })).toBeInTheDocument();
    expect(screen.getByTestId('members-only')).toHaveTextContent('Join the circle to read its thread, bookshelf and members.');
    expect(screen.queryByRole('button', { name: 'Write a post' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Apply to join' }));
    expect(await screen.findByText('Your application to join was sent.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/communityjoin/')[0].body).toEqual({ community: 7 });
    expect(api.callsTo('GET /api/user/communityposts/7/')).toEqual([]);
  });

  it('says "failed to send" when the join request fails, and shows the pending state', async () => {
    mockApi(circleHandlers('none', { 'POST /api/user/communityjoin/': () => reply(500, { detail: 'x' }) }));
    const { user } = renderApp('/communitypage/7', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Apply to join' }));
    expect(await screen.findByText('Failed to send.')).toBeInTheDocument();
  });

  it('shows the pending state disabled, and accepts an invitation', async () => {
    const api = mockApi(
      circleHandlers('invitation_pending', {
        'POST /api/user/invitation/5/accept/': () =>
          reply(200, { id: 5, community: 7, inviter: 900, invited_user: 42, accepted: true, created_on: '2024-01-01T00:00:00Z' }),
      }),
    );
    const { user } = renderApp('/communitypage/7', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Accept the invitation and join' }));
    expect(await screen.findByText('You accepted the invitation and joined the circle.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/invitation/5/accept/')).toHaveLength(1);
  });

  it('shows an application pending as a disabled button', async () => {
    mockApi(circleHandlers('join_request_pending'));
    renderApp('/communitypage/7', { token: 'tok' });
    expect(await screen.findByRole('button', { name: 'Application pending' })).toBeDisabled();
  });

  it('shows a visitor the header and a login prompt; joining asks to log in', async () => {
    const api = mockApi({ ...circleHandlers('none'), 'GET /api/user/myprofile/': () => reply(401) });
    const { user } = renderApp('/communitypage/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tea lovers' })).toBeInTheDocument();
    expect(screen.getByTestId('members-only')).toHaveTextContent('Log in to join the circle and read its thread.');
    expect(within(screen.getByTestId('members-only')).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('button', { name: 'Apply to join' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Please log in to join the circle.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/communityjoin/')).toEqual([]);
  });

  it('says so for a circle that does not exist', async () => {
    mockApi({
      'GET /api/user/community/8/': () => reply(404, { detail: 'Not found.', code: 'notFound' }),
      'GET /api/user/community_status/8/': () => reply(404, { detail: 'Not found.', code: 'notFound' }),
    });
    renderApp('/communitypage/8');
    expect(await screen.findByRole('heading', { name: 'This circle does not exist.' })).toBeInTheDocument();
  });
});

describe('the waiting tab', () => {
  it('lets the owner approve a join request', async () => {
    const request = {
      id: 3,
      community: 7,
      userProfile: 55,
      approved: false,
      created_on: '2024-01-01T00:00:00Z',
      profile: { id: 9, userId: 55, nickName: 'Carol', img: null },
    };
    const api = mockApi({
      ...circleHandlers('member'),
      'GET /api/user/myprofile/': () => reply(200, owner),
      'GET /api/user/community/7/joinrequests-pending/': ({ query }) => reply(200, query.get('count') === '0' ? [request] : []),
      'POST /api/user/community/7/join-request/approve/55/': () => reply(200, { ...request, approved: true }),
    });
    const { user } = renderApp('/communitypagewaiting/7', { token: 'tok' });
    mockAllIsIntersecting(true);
    expect(await screen.findByText('Carol')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Waiting' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The user has joined.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/community/7/join-request/approve/55/')).toHaveLength(1);
  });

  it('is not offered to a member who is not the owner', async () => {
    mockApi(circleHandlers('member'));
    renderApp('/communitypagewaiting/7', { token: 'tok' });
    expect(await screen.findByText('Only the owner of the circle sees the join requests.')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Waiting' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Members' })).toHaveAttribute('href', '/communitypagemember/7');
  });
});

describe('the invite dialog', () => {
  it('pages the user search by 10, stops at a short page, invites, and copies the invitation URL', async () => {
    const people = Array.from({ length: 13 }, (_, i) => profileFactory({ userProfile: 300 + i, nickName: `Friend ${i}` }));
    const api = mockApi(
      circleHandlers('member', {
        'GET /api/user/profile/search': ({ query }) => reply(200, query.get('count') === '0' ? people.slice(0, 10) : people.slice(10)),
        'POST /api/user/community/7/invite/': () =>
          reply(201, { id: 11, community: 7, inviter: 42, invited_user: 300, accepted: false, created_on: '2024-01-01T00:00:00Z' }),
      }),
    );
    const { user } = renderApp('/communitypage/7', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite to Tea lovers' });
    expect(await within(dialog).findByText('Friend 9')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Show more' }));
    expect(await within(dialog).findByText('Friend 12')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(api.callsTo('GET /api/user/profile/search').map((call) => call.query.get('count'))).toEqual(['0', '1']);
    await user.click(within(dialog).getByRole('button', { name: 'Invite Friend 0' }));
    expect(await screen.findByText('The invitation was sent.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/community/7/invite/')[0].body).toEqual({ invited_user: 300 });
    expect(within(dialog).getByRole('button', { name: 'Invited Friend 0' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Copy the invitation URL' }));
    expect(await screen.findByText('The invitation URL was copied.')).toBeInTheDocument();
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/communitylogin/7`);
  });

  it("shows the server's reason when an invitation fails", async () => {
    mockApi(
      circleHandlers('member', {
        'GET /api/user/profile/search': () => reply(200, [profileFactory({ userProfile: 301, nickName: 'Dan' })]),
        'POST /api/user/community/7/invite/': () => reply(500),
      }),
    );
    const { user } = renderApp('/communitypage/7', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite to Tea lovers' });
    await user.click(await within(dialog).findByRole('button', { name: 'Invite Dan' }));
    expect(await screen.findByText('Invitation sending failed.')).toBeInTheDocument();
  });
});

describe('the circle lists', () => {
  it('shows my circles with the unread and new badges, and searches users and circles', async () => {
    const fresh = { ...circleFactory({ id: 12, title: 'Fresh circle', created_on: new Date().toISOString() }), newpost_flag: true };
    const old = { ...circleFactory({ id: 13, title: 'Old circle' }), newpost_flag: false };
    const api = mockApi({
      'GET /api/user/myprofile/': () => reply(200, me),
      'GET /api/user/mycommunities/': ({ query }) => reply(200, query.get('count') === '0' ? [fresh, old] : []),
      'GET /api/user/combinedsearch/': ({ query }) =>
        reply(
          200,
          query.get('count') === '0'
            ? [
                { type: 'community', id: 14, userProfile: null, title: 'Tea club', caption: 'tea', img: null, created_on: '2024-01-01T00:00:00Z' },
                { type: 'user', id: 2, userProfile: 77, title: 'Teaman', caption: '', img: null, created_on: '2024-01-01T00:00:00Z' },
              ]
            : [],
        ),
    });
    const { user } = renderApp('/communitylist', { token: 'tok' });
    mockAllIsIntersecting(true);
    const freshCard = await screen.findByTestId('circle-card-12');
    expect(within(freshCard).getByText('New')).toBeInTheDocument();
    expect(within(freshCard).getByTestId('unread-badge')).toBeInTheDocument();
    const oldCard = screen.getByTestId('circle-card-13');
    expect(within(oldCard).queryByText('New')).toBeNull();
    expect(within(oldCard).queryByTestId('unread-badge')).toBeNull();
    expect(within(oldCard).getByRole('link')).toHaveAttribute('href', '/communitypage/13');
    await user.type(screen.getByRole('searchbox', { name: 'Search users and circles' }), 'tea');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    mockAllIsIntersecting(true);
    expect(await screen.findByTestId('circle-card-14')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Teaman' })).toHaveAttribute('href', '/user/77');
    expect(api.callsTo('GET /api/user/combinedsearch/')[0].query.get('q')).toBe('tea');
  });

  it("lists another user's circles on /usercommunitylist, with the unread badge from community-new-post/", async () => {
    mockApi({
      'GET /api/user/myprofile/': () => reply(200, me),
      'GET /api/user/profile/get-user-profile/': () => reply(200, owner),
      'GET /api/user/user/900/communities/': ({ query }) => reply(200, query.get('count') === '0' ? [circle] : []),
      'GET /api/user/community-new-post/': ({ query }) => reply(200, { newpost_flag: query.get('communityid') === '7' }),
    });
    renderApp('/usercommunitylist?user_id=900', { token: 'tok' });
    mockAllIsIntersecting(true);
    expect(await screen.findByRole('heading', { name: 'Circles of Owner' })).toBeInTheDocument();
    const card = await screen.findByTestId('circle-card-7');
    // A circle the viewer is in, with a post since they last read it (community-new-post/).
    expect(await within(card).findByTestId('unread-badge')).toBeInTheDocument();
  });

  it('creates a circle: fields required, a default cover sent, "Circle created", then the circle', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const created = circleFactory({ id: 20, title: 'Brewers', owner: 42 });
    const api = mockApi({
      'GET /api/user/myprofile/': () => reply(200, me),
      'GET /circle-backgrounds/bg-01.png': () => reply(200, 'png'),
      'POST /api/user/create-community/': () => reply(201, created),
      'GET /api/user/community/20/': () => reply(200, created),
      'GET /api/user/community_status/20/': () => reply(200, { status: 'member', invitation_id: null }),
      'GET /api/user/communityposts/20/': () => reply(200, postList([])),
    });
    const { user, router } = renderApp('/communitylist', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Create a circle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a circle' });
    expect(within(dialog).getByRole('img', { name: "The circle's cover" })).toHaveAttribute('src', '/circle-backgrounds/bg-01.png');
    await user.click(within(dialog).getByRole('button', { name: 'Create a circle' }));
    expect(await within(dialog).findByText('Please enter a name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a description.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose an icon.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Brewers');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'We brew.');
    await user.upload(screen.getByTestId('circle-image-input'), new File(['img'], 'icon.png', { type: 'image/png' }));
    expect(await within(dialog).findByRole('img', { name: "The circle's icon" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create a circle' }));
    expect(await screen.findByText('Circle created')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/communitypage/20'));
    const body = String(api.callsTo('POST /api/user/create-community/')[0].body);
    expect(body).toMatch(/name="title"\r\n\r\nBrewers/);
    expect(body).toMatch(/name="description"\r\n\r\nWe brew\./);
    // (The test DOM's files lose their names in the multipart body.)
    expect(body).toMatch(/name="image"; filename=/);
    expect(body).toMatch(/name="background_image"; filename=/);
    expect(api.callsTo('GET /circle-backgrounds/bg-01.png')).toHaveLength(1);
  });

  it('asks a visitor to log in to create a circle', async () => {
    mockApi({ 'GET /api/user/myprofile/': () => reply(401) });
    const { user } = renderApp('/communitylist');
    await user.click(await screen.findByRole('button', { name: 'Create a circle' }));
    expect(await screen.findByText('Please log in to create a circle.')).toBeInTheDocument();
  });
});

describe('the invitation URL', () => {
  it('shows a visitor the circle and "you are invited", and keeps the circle for the login', async () => {
    mockApi({
      'GET /api/user/community/7/': () => reply(200, circle),
      'GET /api/user/myprofile/': () => reply(401),
      'GET /api/user/sign-in-providers/': () => reply(200, { google_client_id: null, line: true, yahoo: true }),
    });
    renderApp('/communitylogin/7');
    expect(await screen.findByRole('heading', { name: 'You are invited' })).toBeInTheDocument();
    expect(screen.getByText('You are invited to Tea lovers.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in or sign up' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(localStorage.getItem('invited-community')).toBe('7'));
    // LINE and Yahoo! JAPAN carry the circle through their round trip (in `state`).
    expect(await screen.findByRole('link', { name: 'Log in with LINE' })).toHaveAttribute('href', '/api/user/line-login/?community=7');
    expect(screen.getByRole('link', { name: 'Log in with Yahoo! JAPAN' })).toHaveAttribute('href', '/api/user/yahoo-login/?community=7');
  });

  it('after a login, accepts the kept invitation and lands in the circle', async () => {
    localStorage.setItem('invited-community', '7');
    const api = mockApi({
      ...circleHandlers('invitation_pending'),
      'GET /api/user/postcc/': () => reply(200, postList([])),
      'GET /api/user/profile/newprofiles/': () => reply(200, []),
      'GET /api/user/attributecc/': () => reply(200, []),
      'GET /api/user/followingpage/': () => reply(200, []),
      'POST /api/user/invitation/5/accept/': () => {
        api.use({ 'GET /api/user/community_status/7/': () => reply(200, { status: 'member', invitation_id: null }) });
        return reply(200, { id: 5, community: 7, inviter: 900, invited_user: 42, accepted: true, created_on: '2024-01-01T00:00:00Z' });
      },
    });
    const { router } = renderApp('/home', { token: 'tok' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/communitypage/7'));
    expect(await screen.findByText('You accepted the invitation and joined the circle.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/invitation/5/accept/')).toHaveLength(1);
    expect(localStorage.getItem('invited-community')).toBeNull();
  });

  it('after a login without an invitation, sends a join request', async () => {
    localStorage.setItem('invited-community', '7');
    const api = mockApi({
      ...circleHandlers('none'),
      'POST /api/user/communityjoin/': () =>
        reply(201, { id: 3, community: 7, userProfile: 42, approved: false, created_on: '2024-01-01T00:00:00Z', profile: null }),
    });
    const { router } = renderApp('/communitylist', { token: 'tok' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/communitypage/7'));
    expect(api.callsTo('POST /api/user/communityjoin/')[0].body).toEqual({ community: 7 });
  });
});

describe('circle images', () => {
  it('picks one of the 59 covers and crops the centred square', () => {
    expect(BACKGROUND_COUNT).toBe(59);
    expect(randomBackgroundIndex(() => 0)).toBe(1);
    expect(randomBackgroundIndex(() => 0.99999)).toBe(59);
    expect(backgroundUrl(7)).toBe('/circle-backgrounds/bg-07.png');
    expect(centredSquare(800, 400)).toEqual({ x: 200, y: 0, width: 400, height: 400 });
    expect(centredSquare(300, 500)).toEqual({ x: 0, y: 100, width: 300, height: 300 });
  });
});
