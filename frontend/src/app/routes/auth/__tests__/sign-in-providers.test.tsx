import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { profileFactory } from '@/testing/factories';

const providers = (body: { google_client_id: string | null; line: boolean; yahoo: boolean }) => ({
  'GET /api/user/sign-in-providers/': () => reply(200, body),
});

describe('/login with sign-in providers', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('shows no provider button when none is configured', async () => {
    const api = mockApi({});
    renderApp('/login');
    await screen.findByRole('form', { name: 'Log in' });
    await waitFor(() => expect(api.callsTo('GET /api/user/sign-in-providers/')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Log in with LINE' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Yahoo/ })).toBeNull();
  });

  it('links LINE and Yahoo! JAPAN through the server, carrying the circle the visitor was invited to', async () => {
    localStorage.setItem('invited-community', '7');
    mockApi(providers({ google_client_id: null, line: true, yahoo: true }));
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Log in with LINE' })).toHaveAttribute('href', '/api/user/line-login/?community=7');
    expect(screen.getByRole('link', { name: 'Log in with Yahoo! JAPAN' })).toHaveAttribute('href', '/api/user/yahoo-login/?community=7');
  });

  it("inside LINE's browser, replaces the Google button (Google refuses embedded browsers) with a hint", async () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Line/13.1.0' });
    mockApi(providers({ google_client_id: 'gid', line: true, yahoo: false }));
    renderApp('/login');
    expect(await screen.findByText(/Google does not allow signing in inside LINE/)).toBeInTheDocument();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  it('says why a provider sign-in ended without a session, in the user’s language', async () => {
    mockApi({});
    renderApp('/login?error=expired');
    expect(await screen.findByRole('alert')).toHaveTextContent('The login took too long or was already used');
  });

  it('sends a Google ID token to the server and follows its redirect', async () => {
    const api = mockApi({
      ...providers({ google_client_id: 'gid', line: false, yahoo: false }),
      'POST /api/user/loginGoogle/': () => reply(200, { token: 'tok-g', redirect_url: '/account', language: 'en' }),
      'GET /api/user/myprofile/': () => reply(404, { detail: 'Not found.', code: 'notFound' }),
    });
    // Google Identity Services, as the page loads it: hands the button's credential to our callback.
    let signIn: ((response: { credential?: string }) => void) | undefined;
    vi.stubGlobal('google', {
      accounts: {
        id: {
          initialize: (o: { callback: typeof signIn }) => void (signIn = o.callback),
          renderButton: (el: HTMLElement) => void (el.textContent = 'Sign in with Google'),
        },
      },
    });
    const { router } = renderApp('/login');
    await screen.findByText('Sign in with Google');
    signIn!({ credential: 'header.payload.signature' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(api.callsTo('POST /api/user/loginGoogle/')[0].body).toEqual({ id_token: 'header.payload.signature' });
    expect(localStorage.getItem('current-token')).toBe('tok-g');
  });
});

describe('/account: ways to log in', () => {
  afterEach(() => localStorage.clear());

  it('lists the linked providers and keeps the only one from being removed', async () => {
    localStorage.setItem('current-token', 'tok');
    mockApi({
      'GET /api/user/myprofile/': () => reply(200, profileFactory()),
      'GET /api/user/sign-in-methods/': () =>
        reply(200, {
          password: false,
          methods: [{ provider: 'line', email: 'me@example.com', created_on: '2026-11-25T00:00:00Z' }],
          available: { google_client_id: null, line: true, yahoo: true },
        }),
    });
    renderApp('/account');
    const list = await screen.findByRole('list', { name: 'Ways to log in' });
    expect(within(list).getByText('me@example.com')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Remove LINE' })).toBeDisabled();
    expect(within(list).getByRole('button', { name: 'Link Yahoo! JAPAN' })).toBeEnabled();
    expect(screen.getByText('This is your only way to log in, so it cannot be removed.')).toBeInTheDocument();
  });
});
