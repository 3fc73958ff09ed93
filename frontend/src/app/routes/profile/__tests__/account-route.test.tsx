import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { profileFactory } from '@/testing/factories';

const noProfile = { 'GET /api/user/myprofile/': () => reply(404, { detail: 'Not found.', code: 'notFound' }) };

async function choose(user: ReturnType<typeof renderApp>['user'], label: string, option: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: label }), option);
}

describe('/account', () => {
  it('refuses to save without nickname and birthday (AccountEach11)', async () => {
    const api = mockApi(noProfile);
    const { user } = renderApp('/account', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nickname and birthday are required.')).toBeInTheDocument();
    // The fields themselves are marked, not only the banner.
    expect(screen.getByLabelText(/Nickname/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please enter a nickname.')).toBeInTheDocument();
    expect(screen.getByText('Please choose your birthday.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveAccessibleDescription('Please choose your birthday.');

    await user.type(screen.getByLabelText(/Nickname/), 'Hanako');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nickname and birthday are required.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Please enter a nickname.')).not.toBeInTheDocument());
    expect(screen.getByText('Please choose your birthday.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/profile/')).toHaveLength(0);
  });

  it('creates the profile, says so, and goes home', async () => {
    const created = profileFactory({ nickName: 'Hanako', birth: '1990-05-17' });
    const api = mockApi({
      ...noProfile,
      'POST /api/user/profile/': () => reply(201, created),
      'GET /api/user/profile/newprofiles/': () => reply(200, []),
    });
    const { user, router } = renderApp('/account', { token: 'tok' });
    await user.type(await screen.findByLabelText(/Nickname/), 'Hanako');
    await choose(user, 'Year', '1990');
    await choose(user, 'Month', '5');
    await choose(user, 'Day', '17');
    api.use({ 'GET /api/user/myprofile/': () => reply(200, created) });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/profile/')).toHaveLength(1);
    // The new profile is known at once: the user is not sent back to fill it in.
    await waitFor(() => expect(api.callsTo('GET /api/user/myprofile/').length).toBeGreaterThanOrEqual(2));
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.queryByText('Please fill in your profile.')).not.toBeInTheDocument();
  });

  it('shows the server field errors beside the field', async () => {
    mockApi({
      ...noProfile,
      'POST /api/user/profile/': () => reply(400, { birth: ['Enter a real birthday.'], error_codes: { birth: [{ code: 'unrealBirthday' }] } }),
    });
    const { user } = renderApp('/account', { token: 'tok' });
    await user.type(await screen.findByLabelText(/Nickname/), 'Hanako');
    await choose(user, 'Year', '1990');
    await choose(user, 'Month', '5');
    await choose(user, 'Day', '17');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter your real birthday.')).toBeInTheDocument();
  });

  it('refuses a day that does not exist', async () => {
    const api = mockApi(noProfile);
    const { user } = renderApp('/account', { token: 'tok' });
    await user.type(await screen.findByLabelText(/Nickname/), 'Hanako');
    await choose(user, 'Year', '1990');
    await choose(user, 'Month', '2');
    await choose(user, 'Day', '31');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This date does not exist.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/profile/')).toHaveLength(0);
  });

  it('edits an existing profile with PUT', async () => {
    const mine = profileFactory({ id: 42, nickName: 'Taro', caption: 'old caption' });
    const api = mockApi({
      'GET /api/user/myprofile/': () => reply(200, mine),
      'PUT /api/user/profile/42/': () => reply(200, { ...mine, caption: 'new caption' }),
      'GET /api/user/profile/newprofiles/': () => reply(200, []),
    });
    const { user, router } = renderApp('/account', { token: 'tok' });
    const caption = await screen.findByLabelText('Caption');
    expect(screen.getByLabelText(/Nickname/)).toHaveValue('Taro');
    await user.clear(caption);
    await user.type(caption, 'new caption');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(api.callsTo('PUT /api/user/profile/42/')).toHaveLength(1);
  });

  it('asks visitors to log in', async () => {
    mockApi({});
    renderApp('/account');
    expect(await screen.findByText('Please log in to continue.')).toBeInTheDocument();
  });
});

describe('session', () => {
  it('sends a user without a profile to /account with "please fill in your profile"', async () => {
    mockApi({ ...noProfile, 'GET /api/user/profile/newprofiles/': () => reply(200, []) });
    const { router } = renderApp('/home', { token: 'tok' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByText('Please fill in your profile.')).toBeInTheDocument();
  });

  it('drops a rejected token and sends the user to /login', async () => {
    mockApi({
      'GET /api/user/myprofile/': () => reply(401, { detail: 'Invalid token.', code: 'invalidToken' }),
      'GET /api/user/profile/newprofiles/': () => reply(200, []),
    });
    const { router } = renderApp('/home', { token: 'stale' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('current-token')).toBeNull();
  });

  it('sends the token and the language with every call', async () => {
    const api = mockApi({
      'GET /api/user/myprofile/': ({ headers }) => {
        expect(headers.get('Authorization')).toBe('Token tok');
        expect(headers.get('Accept-Language')).toBe('en');
        return reply(200, profileFactory());
      },
    });
    renderApp('/userpage', { token: 'tok' });
    await waitFor(() => expect(api.callsTo('GET /api/user/myprofile/')).toHaveLength(1));
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });
});
