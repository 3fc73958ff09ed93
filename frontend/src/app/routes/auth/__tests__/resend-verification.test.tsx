import { screen, within } from '@testing-library/react';
import { mockApi, reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const RESENT = 'If this address has an account waiting to be confirmed, a new verification e-mail has been sent.';

describe('send the verification mail again (issue 41, item 6)', () => {
  it('the login\'s "not verified" answer offers it for the typed address, and says what happened', async () => {
    const api = mockApi({
      'POST /api/user/login/': () =>
        reply(400, { non_field_errors: ['E-mail is not verified.'], error_codes: { non_field_errors: [{ code: 'emailNotVerified' }] } }),
      'POST /api/user/resend-verification/': () => reply(200, { detail: RESENT }),
    });
    const { user } = renderApp('/login');
    const login = await screen.findByRole('form', { name: 'Log in' });
    await user.type(within(login).getByLabelText(/Email/), ' new@example.com');
    await user.type(within(login).getByLabelText(/Password/), 'secret-password');
    await user.click(within(login).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(/Your email is not verified yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the verification mail again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('we have sent a new verification e-mail');
    expect(api.callsTo('POST /api/user/resend-verification/')).toEqual([{ query: expect.anything(), body: { email: 'new@example.com', language: 'en' } }]);
  });

  it('is not offered for a wrong password', async () => {
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
    expect(screen.queryByRole('button', { name: 'Send the verification mail again' })).toBeNull();
  });

  it('the please-verify page no longer says to sign up again; it asks for the address and shows a refusal', async () => {
    mockApi({
      'POST /api/user/resend-verification/': () =>
        reply(429, { detail: 'Request was throttled. Expected available in 42 seconds.', code: 'throttled', params: { seconds: 42 } }),
    });
    const { user } = renderApp('/please-verify');
    expect(await screen.findByRole('heading', { name: 'Check your mailbox' })).toBeInTheDocument();
    expect(screen.queryByText(/sign up again/)).toBeNull();
    const section = screen.getByRole('region', { name: 'Send the verification mail again' });
    await user.click(within(section).getByRole('button', { name: 'Send the verification mail again' }));
    expect(await within(section).findByText('Please enter a valid email address.')).toBeInTheDocument();
    await user.type(within(section).getByLabelText(/Email/), 'late@example.com');
    await user.click(within(section).getByRole('button', { name: 'Send the verification mail again' }));
    expect(await within(section).findByText('Too many attempts. Please try again in 1 minute.')).toBeInTheDocument();
  });
});
