import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, reply, type MockRequest } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { profileFactory } from '@/testing/factories';

/**
 * LINE and Yahoo! JAPAN sign-ins come back as /login?code=…: the app exchanges the one-time code
 * (its browser's cookie goes along); a token in the address is never taken (issue 36).
 */
const accounts: Record<string, { email: string; nickName: string | null }> = {
  'tok-me': { email: 'hanako@example.com', nickName: 'Hanako' },
  'tok-new': { email: 'taro@example.com', nickName: 'Taro' },
};
const tokenOf = (request: MockRequest) => (request.headers.get('Authorization') ?? '').replace(/^Token /, '');

function server(exchange: () => ReturnType<typeof reply> = () => reply(200, { token: 'tok-new', redirect_url: '/home', language: 'en' })) {
  const loggedOut: string[] = [];
  const api = mockApi({
    'POST /api/user/sign-in/exchange/': exchange,
    'GET /api/user/account/': (request) => {
      const account = accounts[tokenOf(request)];
      return account ? reply(200, { email: account.email, language: 'en' }) : reply(401, { detail: 'Invalid token.', code: 'invalidToken' });
    },
    'GET /api/user/myprofile/': (request) => {
      const account = accounts[tokenOf(request)];
      if (!account) return reply(401, { detail: 'Invalid token.', code: 'invalidToken' });
      return account.nickName ? reply(200, profileFactory({ nickName: account.nickName })) : reply(404, { detail: 'Not found.', code: 'notFound' });
    },
    'POST /api/user/logout/': (request) => {
      loggedOut.push(tokenOf(request));
      return reply(200, { detail: 'Logged out.' });
    },
    'GET /api/user/profile/newprofiles/': () => reply(200, []),
  });
  return { api, loggedOut };
}

describe('/login?code=… (a provider sign-in) and /login?token=…', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('a token in the address is not taken, whether or not someone is signed in', async () => {
    const { api } = server();
    const { router } = renderApp('/login?token=tok-attacker&next=%2Fhome', { token: 'tok-me' });
    await waitFor(() => expect(router.state.location.search).toBe('?next=%2Fhome'));
    expect(localStorage.getItem('current-token')).toBe('tok-me');
    expect(api.callsTo('POST /api/user/sign-in/exchange/')).toHaveLength(0);
    localStorage.clear();

    const anonymous = renderApp('/login?token=tok-attacker');
    await waitFor(() => expect(anonymous.router.state.location.search).toBe(''));
    expect(localStorage.getItem('current-token')).toBeNull();
  });

  it('exchanges the code for the session when nobody is signed in', async () => {
    const { api } = server();
    renderApp('/login?code=one-time&next=%2Fhome');
    await waitFor(() => expect(localStorage.getItem('current-token')).toBe('tok-new'));
    expect(api.callsTo('POST /api/user/sign-in/exchange/').map((call) => call.body)).toEqual([{ code: 'one-time' }]);
  });

  it('says why when the server refuses the code (another browser), and signs nobody in', async () => {
    server(() =>
      reply(400, {
        non_field_errors: ['Please finish signing in in the browser where you started it.'],
        error_codes: { non_field_errors: [{ code: 'signInOtherBrowser' }] },
      }),
    );
    const { router } = renderApp('/login?code=one-time&next=%2Fhome');
    expect(await screen.findByText('Please finish signing in in the browser where you started it.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('current-token')).toBeNull();
  });

  it('asks someone signed in as another account; staying keeps them and ends the new session', async () => {
    const { loggedOut } = server();
    const { user, router } = renderApp('/login?code=one-time&next=%2Fhome', { token: 'tok-me' });
    const dialog = await screen.findByRole('dialog', { name: 'Which account?' });
    expect(within(dialog).getByText('You are logged in as Hanako. The login you just finished is for another account: Taro.')).toBeInTheDocument();
    expect(localStorage.getItem('current-token')).toBe('tok-me'); // nothing switched yet
    await user.click(within(dialog).getByRole('button', { name: 'Stay as Hanako' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(loggedOut).toEqual(['tok-new']);
    expect(localStorage.getItem('current-token')).toBe('tok-me');
  });

  it('continuing switches to the new account and ends the old session', async () => {
    const { loggedOut } = server();
    const { user } = renderApp('/login?code=one-time&next=%2Fhome', { token: 'tok-me' });
    const dialog = await screen.findByRole('dialog', { name: 'Which account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue as Taro' }));
    await waitFor(() => expect(localStorage.getItem('current-token')).toBe('tok-new'));
    expect(loggedOut).toEqual(['tok-me']);
  });

  it('the same account again: no question, the session it has stays', async () => {
    accounts['tok-again'] = accounts['tok-me'];
    const { loggedOut } = server(() => reply(200, { token: 'tok-again', redirect_url: '/home', language: 'en' }));
    const { router } = renderApp('/login?code=one-time&next=%2Fhome', { token: 'tok-me' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.queryByRole('dialog', { name: 'Which account?' })).toBeNull();
    expect(loggedOut).toEqual(['tok-again']);
    expect(localStorage.getItem('current-token')).toBe('tok-me');
  });
});
