import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { profileFactory } from '@/testing/factories';

describe('/languagesetting', () => {
  it('switches the whole interface to Japanese and remembers it', async () => {
    mockApi({ 'GET /api/user/myprofile/': () => reply(200, profileFactory({ nickName: 'Hanako' })) });
    const { user } = renderApp('/languagesetting', { token: 'tok' });

    expect(await screen.findByRole('heading', { name: 'Language' })).toBeInTheDocument();
    expect(await screen.findByText('Hanako')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '日本語 (Japanese)' }));

    expect(await screen.findByRole('heading', { name: '言語設定' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '日本語' })).toBeDisabled();
    expect(screen.getByText('言語を変更しました')).toBeInTheDocument();
    expect(screen.getAllByText('ホーム').length).toBeGreaterThan(0);
    expect(localStorage.getItem('language')).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');

    await user.click(screen.getByRole('button', { name: 'English（英語）' }));
    expect(await screen.findByRole('heading', { name: 'Language' })).toBeInTheDocument();
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

  it('requests account deletion and logs out', async () => {
    mockApi({
      'GET /api/user/myprofile/': () => reply(200, profileFactory()),
      'POST /api/user/deleteprofile/': () => reply(200, { detail: 'Account deletion requested.' }),
    });
    const { user, router } = renderApp('/deleteaccount', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('account deletion requested')).toBeInTheDocument();
    expect(localStorage.getItem('current-token')).toBeNull();
  });

  it('says so when the deletion request fails', async () => {
    mockApi({
      'GET /api/user/myprofile/': () => reply(200, profileFactory()),
      'POST /api/user/deleteprofile/': () => reply(500, { detail: 'A server error occurred.' }),
    });
    const { user } = renderApp('/deleteaccount', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('deletion request failed')).toBeInTheDocument();
    expect(localStorage.getItem('current-token')).toBe('tok');
  });
});
