import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { profileFactory } from '@/testing/factories';

describe('/languagesetting', () => {
  it('switches the whole interface to Japanese, saves it to the account and remembers it', async () => {
    const api = mockApi({
      'GET /api/user/myprofile/': () => reply(200, profileFactory({ nickName: 'Hanako' })),
      'PATCH /api/user/account/': async ({ json }) => reply(200, { email: 'me@example.com', ...((await json()) as object) }),
    });
    const { user } = renderApp('/languagesetting', { token: 'tok' });

    expect(await screen.findByRole('heading', { name: 'Language' })).toBeInTheDocument();
    expect(await screen.findByText('Hanako')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '日本語 (Japanese)' }));

    expect(await screen.findByRole('heading', { name: '言語設定' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '日本語' })).toBeDisabled();
    expect(await screen.findByText('言語を変更しました')).toBeInTheDocument();
    expect(screen.getAllByText('ホーム').length).toBeGreaterThan(0);
    expect(localStorage.getItem('language')).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
    expect(api.callsTo('PATCH /api/user/account/')[0].body).toEqual({ language: 'ja' });

    await user.click(screen.getByRole('button', { name: 'English（英語）' }));
    expect(await screen.findByRole('heading', { name: 'Language' })).toBeInTheDocument();
  });

  it('keeps the language when the account refuses to save it, and says so', async () => {
    mockApi({
      'GET /api/user/myprofile/': () => reply(200, profileFactory({ nickName: 'Hanako' })),
      'PATCH /api/user/account/': () => reply(500, { detail: 'A server error occurred.', code: 'serverError' }),
    });
    const { user } = renderApp('/languagesetting', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: '日本語 (Japanese)' }));
    expect(await screen.findByText('The language could not be saved. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Language' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).not.toBe('ja');
  });

  it('a visitor’s choice stays in this browser only', async () => {
    const api = mockApi({});
    const { user } = renderApp('/languagesetting');
    await user.click(await screen.findByRole('button', { name: '日本語 (Japanese)' }));
    expect(await screen.findByRole('heading', { name: '言語設定' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('ja');
    expect(api.callsTo('PATCH /api/user/account/')).toHaveLength(0);
  });

  it('follows the account: a Japanese account gets Japanese on an English browser', async () => {
    mockApi({
      'GET /api/user/myprofile/': () => reply(200, profileFactory({ nickName: 'Hanako' })),
      'GET /api/user/account/': () => reply(200, { email: 'hanako@example.com', language: 'ja' }),
    });
    renderApp('/settings', { token: 'tok' });
    expect(await screen.findByRole('heading', { name: '設定' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('ja');
  });

  it('sends the chosen language to the server as Accept-Language', async () => {
    localStorage.setItem('language', 'ja');
    const { i18n } = await import('@/i18n');
    await i18n.changeLanguage('ja');
    const api = mockApi({
      'POST /api/user/forgot-password/': ({ headers }) => {
        expect(headers.get('Accept-Language')).toBe('ja');
        return reply(200, { detail: 'sent' });
      },
    });
    const { user } = renderApp('/forgot');
    await user.type(await screen.findByLabelText(/メールアドレス/), 'me@example.com');
    await user.click(screen.getByRole('button', { name: '再設定リンクを送信' }));
    expect(await screen.findByText(/パスワード再設定のリンクを送信しました/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/forgot-password/')[0].body).toEqual({ email: 'me@example.com', language: 'ja' });
  });
});

describe('/settings', () => {
  it('shows logout and account deletion only to logged-in users', async () => {
    mockApi({});
    renderApp('/settings');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('link', { name: /Language/ })).toHaveAttribute('href', '/languagesetting');
    expect(within(main).queryByRole('link', { name: /Log out/ })).not.toBeInTheDocument();
  });

  it('logs out after confirmation', async () => {
    const api = mockApi({
      'GET /api/user/myprofile/': () => reply(200, profileFactory()),
      'POST /api/user/logout/': () => reply(200, { detail: 'Successfully logged out.' }),
    });
    const { user, router } = renderApp('/settings', { token: 'tok' });
    const main = screen.getByRole('main');
    await user.click(await within(main).findByRole('link', { name: /Log out/ }));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('current-token')).toBeNull();
    expect(api.callsTo('POST /api/user/logout/')).toHaveLength(1);
  });

  it('says what happens and when (no "cannot be undone"), requests the deletion, logs out and confirms with the date', async () => {
    mockApi({
      'GET /api/user/myprofile/': () => reply(200, profileFactory()),
      'POST /api/user/deleteprofile/': () => reply(200, { detail: 'Account deletion requested.', deletes_at: '2026-12-11T09:30:00.000Z', grace_days: 14 }),
    });
    const { user, router } = renderApp('/deleteaccount', { token: 'tok' });
    expect(await screen.findByText(/You are logged out on every device at once/)).toBeInTheDocument();
    expect(screen.getByText('14 days later, the account and all of it are deleted for good.')).toBeInTheDocument();
    expect(screen.queryByText(/cannot be undone/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('heading', { name: 'Your account will be deleted' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/deleted for good on December 11, 2026 .*\(14 days from now\)/);
    expect(await screen.findByText('account deletion requested')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/deleteaccount');
    expect(localStorage.getItem('current-token')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says so when the deletion request fails', async () => {
    mockApi({
      'GET /api/user/myprofile/': () => reply(200, profileFactory()),
      'POST /api/user/deleteprofile/': () => reply(500, { detail: 'A server error occurred.', code: 'serverError' }),
    });
    const { user } = renderApp('/deleteaccount', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('deletion request failed')).toBeInTheDocument();
    expect(localStorage.getItem('current-token')).toBe('tok');
  });
});
