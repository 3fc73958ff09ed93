import { screen, waitFor } from '@testing-library/react';
import { mockApi, reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

describe('/forgot', () => {
  it('asks for an email when the field is empty (ForgotPassword4)', async () => {
    const api = mockApi({});
    const { user } = renderApp('/forgot');
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter your email.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses an address without "@" or "." (ForgotPassword1)', async () => {
    const api = mockApi({});
    const { user } = renderApp('/forgot');
    await user.type(screen.getByLabelText(/Email/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Email/));
    await user.type(screen.getByLabelText(/Email/), 'me@localhost');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('says the mail was sent on success', async () => {
    const api = mockApi({ 'POST /api/user/forgot-password/': () => reply(200, { detail: 'Password reset e-mail has been sent.' }) });
    const { user } = renderApp('/forgot');
    await user.type(screen.getByLabelText(/Email/), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/a link to reset the password has been sent/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/forgot-password/')[0].body).toEqual({ email: 'me@example.com', language: 'en' });
  });

  it('shows ForgotPassword3 when the server cannot be reached', async () => {
    mockApi({ 'POST /api/user/forgot-password/': () => 'network-error' });
    const { user } = renderApp('/forgot');
    await user.type(screen.getByLabelText(/Email/), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('A server error occurred. Please try again later.')).toBeInTheDocument();
  });
});

describe('/reset-password/:id/:key', () => {
  const verified = { 'POST /api/user/verify-for-password-reset/': () => reply(200, { email: 'me@example.com' }) };

  it('shows ResetPassword2 when the passwords differ, and sends nothing', async () => {
    const api = mockApi(verified);
    const { user } = renderApp('/reset-password/7/abc');
    await user.type(await screen.findByLabelText('Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Password (again)'), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText("Password doesn't match")).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/reset-password/')).toHaveLength(0);
    expect(api.callsTo('POST /api/user/verify-for-password-reset/')[0].body).toEqual({ id: 7, key: 'abc' });
  });

  it('asks for a password when empty (ResetPassword5)', async () => {
    mockApi(verified);
    const { user } = renderApp('/reset-password/7/abc');
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect((await screen.findAllByText('Please enter a password.')).length).toBeGreaterThan(0);
  });

  it('changes the password and offers the login link', async () => {
    const api = mockApi({
      ...verified,
      'POST /api/user/reset-password/': () => reply(200, { detail: 'Password has been reset with the new password.' }),
    });
    const { user } = renderApp('/reset-password/7/abc');
    await user.type(await screen.findByLabelText('Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Password (again)'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('POST /api/user/reset-password/')[0].body).toEqual({
      id: 7,
      key: 'abc',
      email: 'me@example.com',
      password: 'new-password-1',
      password2: 'new-password-1',
    });
  });

  it('explains an invalid link (ResetPassword1)', async () => {
    mockApi({ 'POST /api/user/verify-for-password-reset/': () => reply(400, { key: ['Invalid value'], error_codes: { key: [{ code: 'invalidKey' }] } }) });
    renderApp('/reset-password/7/expired');
    expect(await screen.findByText(/This link is invalid or has expired/)).toBeInTheDocument();
  });
});

describe('/verify/:id/:key', () => {
  it('verifies once and then sends the user to /login after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = mockApi({ 'POST /api/user/verify/': () => reply(200, { message: 'OK' }) });
      const { router } = renderApp('/verify/3/k3y');
      expect(await screen.findByText(/Your email is verified/)).toBeInTheDocument();
      expect(api.callsTo('POST /api/user/verify/')).toEqual([{ query: expect.any(URLSearchParams), body: { id: 3, key: 'k3y' } }]);
      expect(router.state.location.pathname).toBe('/verify/3/k3y');
      await vi.advanceTimersByTimeAsync(5000);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('says "Verification failed." for a bad key', async () => {
    mockApi({ 'POST /api/user/verify/': () => reply(400, { key: ['Invalid value'], error_codes: { key: [{ code: 'invalidKey' }] } }) });
    renderApp('/verify/3/bad');
    expect(await screen.findByText('Verification failed.')).toBeInTheDocument();
  });
});
