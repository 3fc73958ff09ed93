import { within } from '@testing-library/react';
import { screen, waitFor } from '@testing-library/react';
import { mockApi, reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { profileFactory } from '@/testing/factories';

describe('/login', () => {
  it('shows "Email or password is not correct!" when the server refuses the login', async () => {
    mockApi({
      'POST /api/user/login/': () =>
        reply(400, { non_field_errors: ['Email or password is not correct!'], error_codes: { non_field_errors: [{ code: 'loginFailed' }] } }),
    });
    const { user } = renderApp('/login');

    const login = await screen.findByRole('form', { name: 'Log in' });
    await user.type(within(login).getByLabelText(/Email/), 'someone@example.com');
    await user.type(within(login).getByLabelText(/Password/), 'wrong-password');
    await user.click(within(login).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Email or password is not correct!')).toBeInTheDocument();
    expect(localStorage.getItem('current-token')).toBeNull();
  });

  it('maps "E-mail is not verified." to the Login2 message', async () => {
    mockApi({
      'POST /api/user/login/': () =>
        reply(400, { non_field_errors: ['E-mail is not verified.'], error_codes: { non_field_errors: [{ code: 'emailNotVerified' }] } }),
    });
    const { user } = renderApp('/login');
    const login = await screen.findByRole('form', { name: 'Log in' });
    await user.type(within(login).getByLabelText(/Email/), 'new@example.com');
    await user.type(within(login).getByLabelText(/Password/), 'secret-password');
    await user.click(within(login).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(/Your email is not verified yet/)).toBeInTheDocument();
  });

  it('stores the token and follows redirect_url on success', async () => {
    const api = mockApi({
      'POST /api/user/login/': () => reply(200, { token: 'tok-1', redirect_url: '/home' }),
      'GET /api/user/myprofile/': () => reply(200, profileFactory()),
      'GET /api/user/profile/newprofiles/': () => reply(200, []),
    });
    const { user, router } = renderApp('/login');
    const login = await screen.findByRole('form', { name: 'Log in' });
    await user.type(within(login).getByLabelText(/Email/), 'me@example.com');
    await user.type(within(login).getByLabelText(/Password/), 'right-password');
    await user.click(within(login).getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(localStorage.getItem('current-token')).toBe('tok-1');
    expect(api.callsTo('POST /api/user/login/')[0].body).toEqual({ email: 'me@example.com', password: 'right-password' });
    await waitFor(() => expect(api.callsTo('GET /api/user/myprofile/')).toHaveLength(1));
  });

  it('focuses the e-mail field on load', async () => {
    mockApi({});
    renderApp('/login');
    const login = screen.getByRole('form', { name: 'Log in' });
    await waitFor(() => expect(within(login).getByLabelText(/Email/)).toHaveFocus());
  });

  it('switches to the account’s language after logging in on an English browser', async () => {
    mockApi({
      'POST /api/user/login/': () => reply(200, { token: 'tok-1', redirect_url: '/home', language: 'ja' }),
      'GET /api/user/account/': () => reply(200, { email: 'me@example.com', language: 'ja' }),
      'GET /api/user/myprofile/': () => reply(200, profileFactory()),
      'GET /api/user/profile/newprofiles/': () => reply(200, []),
    });
    const { user } = renderApp('/login');
    const login = screen.getByRole('form', { name: 'Log in' });
    await user.type(within(login).getByLabelText(/Email/), 'me@example.com');
    await user.type(within(login).getByLabelText(/Password/), 'right-password');
    await user.click(within(login).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('ja'));
    expect(localStorage.getItem('language')).toBe('ja');
  });
});

describe('register form', () => {
  it('refuses to register without agreeing to the terms', async () => {
    const api = mockApi({});
    const { user } = renderApp('/login');
    const form = await screen.findByRole('form', { name: 'Create an account' });
    await user.type(within(form).getByLabelText(/^Email/), 'new@example.com');
    await user.type(within(form).getByLabelText('Password'), 'long-enough-1');
    await user.type(within(form).getByLabelText(/Password \(again\)/), 'long-enough-1');
    await user.click(within(form).getByRole('button', { name: 'Sign up' }));

    expect(await within(form).findByText('Please agree to the Terms of use and the Privacy policy')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/register/')).toHaveLength(0);
  });

  it('shows the mismatch message when the passwords differ', async () => {
    const api = mockApi({});
    const { user } = renderApp('/login');
    const form = await screen.findByRole('form', { name: 'Create an account' });
    await user.type(within(form).getByLabelText(/^Email/), 'new@example.com');
    await user.type(within(form).getByLabelText('Password'), 'long-enough-1');
    await user.type(within(form).getByLabelText(/Password \(again\)/), 'long-enough-2');
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Sign up' }));

    expect(await within(form).findByText("Password doesn't match")).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/register/')).toHaveLength(0);
  });

  it('registers and goes to /please-verify', async () => {
    const api = mockApi({ 'POST /api/user/register/': () => reply(201, { detail: 'Verification e-mail sent.' }) });
    const { user, router } = renderApp('/login');
    const form = await screen.findByRole('form', { name: 'Create an account' });
    await user.type(within(form).getByLabelText(/^Email/), 'new@example.com');
    await user.type(within(form).getByLabelText('Password'), 'long-enough-1');
    await user.type(within(form).getByLabelText(/Password \(again\)/), 'long-enough-1');
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/please-verify'));
    expect(await screen.findByRole('heading', { name: 'Check your mailbox' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/register/')[0].body).toEqual({
      email: 'new@example.com',
      password1: 'long-enough-1',
      password2: 'long-enough-1',
      agreed: true,
      language: 'en',
    });
  });

  it('puts the server field errors beside the fields', async () => {
    mockApi({
      'POST /api/user/register/': () =>
        reply(400, {
          password1: ['This password is too short. It must contain at least 8 characters.'],
          error_codes: { password1: [{ code: 'passwordTooShort' }] },
        }),
    });
    const { user } = renderApp('/login');
    const form = await screen.findByRole('form', { name: 'Create an account' });
    await user.type(within(form).getByLabelText(/^Email/), 'new@example.com');
    await user.type(within(form).getByLabelText('Password'), 'short');
    await user.type(within(form).getByLabelText(/Password \(again\)/), 'short');
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Sign up' }));
    expect(await within(form).findByText('The password is too short: use at least 8 characters.')).toBeInTheDocument();
  });
});
