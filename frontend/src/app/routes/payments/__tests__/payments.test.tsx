import { screen, waitFor, within } from '@testing-library/react';
import { paymentsTexts } from '@/i18n/payments';
import { i18n } from '@/i18n';
import { mockApi, reply, type Handler } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { bookFactory, profileFactory } from '@/testing/factories';
import { leaveSite } from '../leave-site';

vi.mock('../leave-site', () => ({ leaveSite: vi.fn() }));

const me = profileFactory({ userProfile: 42, nickName: 'Me' });
const ON = { enabled: true, platform_fee_percent: 10, operator: { name: 'Monobook Inc.', address: '', phone: '', email: 'help@example.com' } };
const NOT_PENDING = { pending: false, voucher_expires_at: null, voucher_url: null };
const PENDING = { pending: true, voucher_expires_at: '2026-11-30T05:30:00.000Z', voucher_url: 'https://stripe.test/voucher/cs_9' };
const book = bookFactory({ id: 5, title: 'Household budgets', page_price: 800, files: [] });

function setup(path: string, handlers: Record<string, Handler> = {}) {
  const api = mockApi({
    'GET /api/user/myprofile/': () => reply(200, me),
    'GET /api/user/payment-settings/': () => reply(200, ON),
    'GET /api/user/monopage/get-page-info/': () => reply(200, book),
    'GET /api/user/owning_and_related_pages/': () => reply(200, []),
    'GET /api/user/pending-checkout/': () => reply(200, NOT_PENDING),
    ...handlers,
  });
  return { api, ...renderApp(path, { token: 'tok' }) };
}

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

beforeEach(() => vi.mocked(leaveSite).mockClear());

describe('payment texts', () => {
  it('exist in both languages, none empty', () => {
    expect(keys(paymentsTexts.ja).sort()).toEqual(keys(paymentsTexts.en).sort());
    for (const language of ['en', 'ja'] as const) {
      for (const key of keys(paymentsTexts[language])) expect(i18n.t(key as never, { lng: language, price: '¥800', date: 'x', percent: 10 })).not.toBe('');
    }
  });
});

describe('/getpage', () => {
  it('shows the price and opens Stripe Checkout for the Book on this site', async () => {
    const { api, user } = setup('/getpage?pageId=5', {
      'POST /api/user/create-checkout-session/': () => reply(201, { goTo: 'https://checkout.stripe.test/pay/cs_1' }),
    });
    expect(await screen.findByRole('heading', { name: 'Buy this Book' })).toBeInTheDocument();
    expect(await screen.findByTestId('checkout-price')).toHaveTextContent('￥800');
    expect(screen.getByRole('link', { name: 'Specified Commercial Transactions Act notice' })).toHaveAttribute('href', '/Notations-SCTA');
    await user.click(screen.getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith('https://checkout.stripe.test/pay/cs_1'));
    expect(api.callsTo('POST /api/user/create-checkout-session/')[0].body).toEqual({ SITE_URL: window.location.origin, pageId: 5 });
  });

  it("shows the server's refusal in the user's language", async () => {
    const { user } = setup('/getpage?pageId=5', {
      'POST /api/user/create-checkout-session/': () => reply(400, { detail: 'You already own this Book.', code: 'alreadyOwned' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Go to payment' }));
    expect(await screen.findByText('You already own this Book.')).toBeInTheDocument();
    expect(leaveSite).not.toHaveBeenCalled();
  });

  it('shows a pending konbini voucher (until when, Japan time, and its link) instead of a second checkout', async () => {
    const { api } = setup('/getpage?pageId=5', { 'GET /api/user/pending-checkout/': () => reply(200, PENDING) });
    const notice = await screen.findByTestId('pending-voucher');
    expect(notice).toHaveTextContent('Konbini payment pending until 30 Nov 2026, 14:30 Japan time (JST).');
    expect(screen.getByRole('link', { name: 'Show the voucher' })).toHaveAttribute('href', 'https://stripe.test/voucher/cs_9');
    expect(screen.queryByRole('button', { name: 'Go to payment' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/user/pending-checkout/')[0].query.get('pageId')).toBe('5');
  });

  it('says so when payments are off', async () => {
    setup('/getpage?pageId=5', { 'GET /api/user/payment-settings/': () => reply(200, { ...ON, enabled: false }) });
    expect(await screen.findByText(/Payments are not available on this site right now/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to payment' })).not.toBeInTheDocument();
  });
});

describe('the purchase box on /mono/{id}', () => {
  it('leads to /getpage when payments are on', async () => {
    const { router, user } = setup('/mono/5', {
      'GET /api/user/record_page_view/42/5/': () => reply(200, { detail: 'View recorded.' }),
      'GET /api/user/monopage/check-user-page-status/': () => reply(200, { is_followed: false, is_owned: false }),
      'GET /api/user/relatedmonopage/5/': () => reply(200, []),
      'GET /api/user/pageattribute/by-monopage/5/': () => reply(200, []),
    });
    await screen.findByRole('heading', { name: 'Household budgets' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/getpage?pageId=5'));
  });

  const bookPage = {
    'GET /api/user/record_page_view/42/5/': () => reply(200, { detail: 'View recorded.' }),
    'GET /api/user/monopage/check-user-page-status/': () => reply(200, { is_followed: false, is_owned: false }),
    'GET /api/user/relatedmonopage/5/': () => reply(200, []),
    'GET /api/user/pageattribute/by-monopage/5/': () => reply(200, []),
    'GET /api/user/pending-checkout/': () => reply(200, PENDING),
  };

  it('tells a pending konbini voucher, until when (Japan time) and its link, in place of Buy', async () => {
    setup('/mono/5', bookPage);
    await screen.findByRole('heading', { name: 'Household budgets' });
    expect(await screen.findByTestId('pending-voucher')).toHaveTextContent(
      'Konbini payment pending until 30 Nov 2026, 14:30 Japan time (JST). Pay the voucher at the store; the Book becomes yours once the payment is confirmed.',
    );
    expect(screen.getByRole('link', { name: 'Show the voucher' })).toHaveAttribute('href', 'https://stripe.test/voucher/cs_9');
    expect(screen.queryByRole('button', { name: 'Buy' })).not.toBeInTheDocument();
  });

  it('tells it in Japanese too', async () => {
    setup('/mono/5', { ...bookPage, 'GET /api/user/account/': () => reply(200, { email: 'me@example.com', language: 'ja' }) });
    expect(await screen.findByTestId('pending-voucher')).toHaveTextContent('支払期限は 2026/11/30 14:30（日本時間・JST）です。');
    expect(screen.getByRole('link', { name: '払込票を表示' })).toHaveAttribute('href', 'https://stripe.test/voucher/cs_9');
    expect(screen.queryByRole('button', { name: '購入する' })).not.toBeInTheDocument();
  });
});

describe('/gotpage', () => {
  it('asks the server about the session, then goes to /owningpages when paid', async () => {
    const { api, router } = setup('/gotpage?success=true&session_id=cs_test_1&index=5', {
      'POST /api/user/checkout-session-status/': () => reply(200, { status: 'paid', pageId: 5, voucher_expires_at: null, voucher_url: null }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/owningpages'));
    expect(api.callsTo('POST /api/user/checkout-session-status/')[0].body).toEqual({ session_id: 'cs_test_1' });
    expect(await screen.findByText('Thank you! The Book is yours now.')).toBeInTheDocument();
  });

  it('shows a pending konbini voucher with its expiry and link', async () => {
    setup('/gotpage?success=true&session_id=cs_test_2&index=5', {
      'POST /api/user/checkout-session-status/': () =>
        reply(200, { status: 'pending', pageId: 5, voucher_expires_at: '2026-11-28T03:00:00.000Z', voucher_url: 'https://stripe.test/voucher' }),
    });
    expect(await screen.findByText(/Your konbini voucher is ready. Pay it at the store by 28 Nov 2026, 12:00/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show the voucher' })).toHaveAttribute('href', 'https://stripe.test/voucher');
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/home');
  });

  it('offers /home for a failed payment, and goes home without success', async () => {
    setup('/gotpage?success=true&session_id=cs_test_3&index=5', {
      'POST /api/user/checkout-session-status/': () => reply(200, { status: 'failed', pageId: 5, voucher_expires_at: null, voucher_url: null }),
    });
    expect(await screen.findByText('The payment did not go through. Nothing was charged.')).toBeInTheDocument();
    const { router } = setup('/gotpage?success=false');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('says a refunded second payment was refunded, and leads back to the Book', async () => {
    setup('/gotpage?success=true&session_id=cs_test_4&index=5', {
      'POST /api/user/checkout-session-status/': () => reply(200, { status: 'refunded', pageId: 5, voucher_expires_at: null, voucher_url: null }),
    });
    expect(await screen.findByText(/You already owned this Book when this payment went through, so it has been refunded in full/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the Book' })).toHaveAttribute('href', '/mono/5');
  });

  it('/success goes straight to /home', async () => {
    const { router } = setup('/success');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});

const earnings = {
  enabled: true,
  platform_fee_percent: 10,
  account: { shopId: 'acct_1', charges_enabled: true, payouts_enabled: true, details_submitted: true },
  sales: [
    {
      id: 'cs_1',
      pageId: 5,
      title: 'Household budgets',
      gross: 800,
      stripe_fee: 29,
      platform_fee: 80,
      net: 720,
      transferred: true,
      paid_on: '2026-11-20T01:00:00.000Z',
    },
    {
      id: 'cs_0',
      pageId: 5,
      title: 'Household budgets',
      gross: 800,
      stripe_fee: 29,
      platform_fee: 80,
      net: 720,
      transferred: false,
      paid_on: '2026-10-02T01:00:00.000Z',
    },
  ],
  months: [
    { month: '2026-11', sales: 1, gross: 800, stripe_fee: 29, platform_fee: 80, net: 720 },
    { month: '2026-10', sales: 1, gross: 800, stripe_fee: 29, platform_fee: 80, net: 720 },
  ],
};

describe('/bankaccount', () => {
  it('shows a progress indicator, then each sale and the monthly totals, and opens the Stripe dashboard', async () => {
    const { user } = setup('/bankaccount', {
      'GET /api/user/earnings/': async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return reply(200, earnings);
      },
      'GET /api/user/get-login-link/': ({ query }) => reply(200, { url: `https://stripe.test/dashboard/${query.get('shopId')}` }),
    });
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(await screen.findByText('Your Stripe account can receive payouts.')).toBeInTheDocument();
    const monthly = within(screen.getByRole('table', { name: 'Per month' }));
    expect(monthly.getAllByRole('row').map((row) => row.textContent)).toEqual([
      // The seller's share first (on a phone it shows without swiping).
      'MonthYour shareSalesPricePlatform fee',
      '2026-11￥7201￥800￥80',
      '2026-10￥7201￥800￥80',
    ]);
    const sales = within(screen.getByRole('table', { name: 'Sales' }));
    expect(sales.getAllByRole('row')).toHaveLength(3);
    expect(sales.getByText('held')).toBeInTheDocument();
    expect(sales.getByText('sent')).toBeInTheDocument();
    expect(sales.getAllByText('￥29')).toHaveLength(2);
    // Ready, with a sale still held (its transfer on its way): it says so.
    expect(screen.getByRole('status')).toHaveTextContent('￥720 held from sales before your set-up is being sent to your Stripe account.');
    await user.click(screen.getByRole('button', { name: 'Open the Stripe dashboard' }));
    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith('https://stripe.test/dashboard/acct_1'));
  });

  it('starts Stripe onboarding, and says payouts wait for it', async () => {
    const { api, user } = setup('/bankaccount', {
      'GET /api/user/earnings/': () => reply(200, { ...earnings, account: { ...earnings.account, charges_enabled: false, payouts_enabled: false } }),
      'POST /api/user/create-connect-account/': () => reply(201, { url: 'https://stripe.test/onboard/acct_1' }),
    });
    expect(await screen.findByText(/Payouts wait until you finish setting up your Stripe account/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Name/), 'Hanako Yamada');
    await user.type(screen.getByLabelText(/E-mail for Stripe/), 'hanako@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue setting up payouts' }));
    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith('https://stripe.test/onboard/acct_1'));
    expect(api.callsTo('POST /api/user/create-connect-account/')[0].body).toEqual({ name: 'Hanako Yamada', email: 'hanako@example.com' });
  });

  it('explains held sales before set-up: what they are, what to do, what happens then (issue 41, item 8)', async () => {
    setup('/bankaccount', {
      'GET /api/user/earnings/': () => reply(200, { ...earnings, account: null, sales: earnings.sales.map((sale) => ({ ...sale, transferred: false })) }),
    });
    const held = await screen.findByRole('region', { name: 'Held for you' });
    expect(held).toHaveTextContent(
      '￥1,440 from 2 sales is held for you: they were sold before your payouts were set up. It is kept for you, with no deadline.',
    );
    expect(held).toHaveTextContent('set up payouts with Stripe below');
    expect(held).toHaveTextContent('As soon as Stripe confirms your account, everything held is sent to it');
    expect(screen.getByRole('button', { name: 'Set up payouts with Stripe' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Sales' })).getAllByText('held')).toHaveLength(2);
    expect(screen.getByText(/"held": kept by monobook until your payouts are set up/)).toBeInTheDocument();
  });

  it('no held sales: no held explanation', async () => {
    setup('/bankaccount', { 'GET /api/user/earnings/': () => reply(200, { ...earnings, account: null, sales: [earnings.sales[0]] }) });
    expect(await screen.findByRole('button', { name: 'Set up payouts with Stripe' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Held for you' })).toBeNull();
  });

  it('says payouts are off without Stripe', async () => {
    setup('/bankaccount', { 'GET /api/user/earnings/': () => reply(200, { ...earnings, enabled: false, account: null, sales: [], months: [] }) });
    expect(await screen.findByText('Payouts are not available on this site right now.')).toBeInTheDocument();
    expect(screen.getAllByText('No sales yet.')).toHaveLength(2);
  });
});

describe('/Notations-SCTA and settings', () => {
  it('shows the notice in Japanese with the configured seller, and "on request" for what is not set', async () => {
    setup('/Notations-SCTA', { 'GET /api/user/account/': () => reply(200, { email: 'me@example.com', language: 'ja' }) });
    expect(await screen.findByRole('heading', { name: '特定商取引法に基づく表記' })).toBeInTheDocument();
    expect(await screen.findByText('Monobook Inc.')).toBeInTheDocument();
    expect(screen.getAllByText('請求があった場合には遅滞なく開示いたします。')).toHaveLength(2);
    expect(screen.getByText(/クレジットカード、またはコンビニ払い/)).toBeInTheDocument();
  });

  it('lists the monetise entry and the notice in /settings', async () => {
    setup('/settings');
    expect(await screen.findByRole('link', { name: /Monetise: payouts and earnings/ })).toHaveAttribute('href', '/bankaccount');
    expect(screen.getByRole('link', { name: /Specified Commercial Transactions Act notice/ })).toHaveAttribute('href', '/Notations-SCTA');
  });
});
