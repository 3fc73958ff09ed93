import { screen, waitFor, within } from '@testing-library/react';
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils';
import { mockApi, reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { bookFactory, postFactory, postList, profileFactory, tagFactory } from '@/testing/factories';

const me = profileFactory({ userProfile: 201, nickName: 'Me' });

const servedAd = (id: number, content = `Ad number ${id}`) => ({
  id,
  type: 0,
  url: `https://shop.example/${id}`,
  img: null,
  content,
  target: 90000,
  cnt: 3,
  delete_flag: false,
  attributes: [1, 2, 3],
  is_affiliate: false,
  affiliate_html: '',
  userProfile: 9,
  created: '2026-11-20T00:00:00Z',
  offer: `00000000-0000-4000-8000-00000000000${id}`,
});

const stats = (overrides: Record<string, unknown> = {}) => ({
  ...servedAd(1, 'A very long advertisement text that is cut'),
  views: 120,
  clicks: 4,
  remaining: 89876,
  paid: true,
  active: true,
  price: 5000,
  refused: { repeat: 2, no_offer: 1, rate_limit: 0, inactive: 0 },
  refused_views: { repeat: 37 },
  ...overrides,
});

const PRICES = {
  enabled: true,
  prices: [
    { type: 0, target: 90000, price: 5000 },
    { type: 0, target: 200000, price: 10000 },
    { type: 0, target: 750000, price: 30000 },
    { type: 1, target: 3000, price: 4000 },
    { type: 1, target: 10000, price: 15000 },
    { type: 1, target: 25000, price: 35000 },
  ],
};

const TAGS = [1, 2, 3, 4, 5].map((id) => tagFactory({ id, attributeName: `Tag${id}` }));

describe('ad slots in feeds', () => {
  it('puts an ad after every 5th post on /home, cycling the served ads, and counts a click through its offer', async () => {
    const posts = Array.from({ length: 10 }, (_, i) => postFactory({ id: 100 + i, text: `Post ${i}` }));
    const api = mockApi({
      'GET /api/user/profile/newprofiles/': () => reply(200, []),
      'GET /api/user/attributecc/': () => reply(200, []),
      'GET /api/user/followingpage/': () => reply(200, []),
      'GET /api/user/myprofile/': () => reply(200, me),
      'GET /api/user/postcc/': ({ query }) => reply(200, postList(query.get('count') === '0' ? posts : [])),
      'GET /api/user/advertisements-random/': () => reply(200, [servedAd(1), servedAd(2)]),
      'POST /api/user/updateAds/': () => reply(200, { counted: true, reason: null, cnt: 4, delete_flag: false }),
    });
    const { user } = renderApp('/home', { token: 'tok' });
    mockAllIsIntersecting(true);
    const feed = await screen.findByRole('list', { name: 'Posts' });
    await waitFor(() => expect(within(feed).getAllByTestId('ad-slot')).toHaveLength(2));
    const items = within(feed)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === feed);
    // 5 posts, an ad, 5 posts, an ad.
    expect(within(items[5]).getByTestId('ad-slot')).toBeInTheDocument();
    expect(within(items[11]).getByTestId('ad-slot')).toBeInTheDocument();
    expect(within(items[4]).queryByTestId('ad-slot')).not.toBeInTheDocument();
    const [first, second] = within(feed).getAllByTestId('ad-slot');
    expect(first).toHaveTextContent('Ad number 1');
    expect(second).toHaveTextContent('Ad number 2');
    // One serving for the whole feed (each serving counts impressions).
    expect(api.callsTo('GET /api/user/advertisements-random/')).toHaveLength(1);
    const link = within(first).getByRole('link', { name: 'Sponsored Ad number 1' });
    expect(link).toHaveAttribute('href', 'https://shop.example/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    link.addEventListener('click', (e) => e.preventDefault());
    await user.click(link);
    await waitFor(() => expect(api.callsTo('POST /api/user/updateAds/')).toHaveLength(1));
    expect(api.callsTo('POST /api/user/updateAds/')[0].body).toEqual({ adsId: 1, offer: servedAd(1).offer, updateCnt: 4 });
    // The click does not fetch new ads (that would count impressions again).
    expect(api.callsTo('GET /api/user/advertisements-random/')).toHaveLength(1);
  });

  it("puts an ad after every 3rd post on a Book page, from the Book's own ads, and shows affiliate HTML only in a sandboxed frame", async () => {
    const book = bookFactory({ id: 7, title: 'Data', files: [] });
    const posts = Array.from({ length: 4 }, (_, i) => postFactory({ id: 200 + i, text: `Review ${i}`, reviewTo: 7 }));
    const affiliate = { ...servedAd(3), is_affiliate: true, affiliate_html: '<a href="https://shop.example/x">buy</a>' };
    const api = mockApi({
      'GET /api/user/monopage/get-page-info/': () => reply(200, book),
      'GET /api/user/monopostcc/': ({ query }) => reply(200, postList(query.get('count') === '0' ? posts : [])),
      'GET /api/user/relatedmonopage/7/': () => reply(200, []),
      'GET /api/user/pageattribute/by-monopage/7/': () => reply(200, []),
      'GET /api/user/record_page_view/0/7/': () => reply(200, {}),
      'GET /api/user/advertisements-for-monopage/7/': () => reply(200, [affiliate]),
    });
    renderApp('/mono/7');
    mockAllIsIntersecting(true);
    const feed = await screen.findByRole('list', { name: 'Reviews and posts' });
    const slot = await within(feed).findByTestId('ad-slot');
    const items = within(feed)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === feed);
    expect(items[3]).toContainElement(slot);
    const frame = within(slot).getByTitle('Affiliate content');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(api.callsTo('GET /api/user/advertisements-random/')).toHaveLength(0);
  });
});

describe('/adapplication', () => {
  it('explains ads in an accordion, links to /userpage, and asks a visitor to log in', async () => {
    mockApi();
    const { user } = renderApp('/adapplication');
    const question = await screen.findByRole('button', { name: 'How are views and clicks counted?' });
    await user.click(question);
    expect(await screen.findByText(/A view is counted by the server/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'See your ads on your page' })).toHaveAttribute('href', '/userpage');
    await user.click(screen.getByRole('button', { name: 'Create an ad' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'New ad' })).not.toBeInTheDocument();
  });

  it('enables submit only with an image, a text and the terms; needs exactly 3 tags; then pays through Stripe', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost:3000' });
    const api = mockApi({
      'GET /api/user/myprofile/': () => reply(200, me),
      'GET /api/user/advertisement-settings/': () => reply(200, PRICES),
      'GET /api/user/pageattribute/by-language/en/': () => reply(200, TAGS),
      'GET /api/user/attributecc/': () => reply(200, TAGS.slice(0, 2)),
      'POST /api/user/advertisement/': () => reply(201, stats({ id: 31, paid: false, active: false })),
      'POST /api/user/post-ads-stripe/': () => reply(201, { goTo: 'https://checkout.stripe.test/pay/cs_1' }),
    });
    const { user } = renderApp('/adapplication', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Create an ad' }));
    const dialog = await screen.findByRole('dialog', { name: 'New ad' });
    const submit = within(dialog).getByRole('button', { name: 'Pay and publish' });
    expect(submit).toBeDisabled();
    // The price of each target is shown.
    await waitFor(() => expect(within(dialog).getByRole('option', { name: '90,000 views — ¥5,000' })).toBeInTheDocument());
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Billing' }), '1');
    expect(within(dialog).getByRole('option', { name: '3,000 clicks — ¥4,000' })).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText('Ad image'), new File(['x'], 'ad.jpg', { type: 'image/jpeg' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Ad text/ }), 'Read our data');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Link/ }), 'https://shop.example/');
    await user.click(within(dialog).getByRole('checkbox', { name: /I agree/ }));
    expect(submit).toBeEnabled();
    // Priority tags are marked.
    expect(within(dialog).getByRole('button', { name: 'Tag1 · Basic/Premium' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Tag3' }));
    await user.click(submit);
    expect(await within(dialog).findByText('Please select 3 Tags')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/advertisement/')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Tag4' }));
    await user.click(within(dialog).getByRole('button', { name: 'Tag5' }));
    await user.click(within(dialog).getByRole('button', { name: 'Tag1 · Basic/Premium' }));
    expect(await within(dialog).findByText('You can select up to 3 tags.')).toBeInTheDocument();
    await user.click(submit);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/pay/cs_1'));
    expect(api.callsTo('POST /api/user/post-ads-stripe/')[0].body).toEqual({ SITE_URL: 'http://localhost:3000', data: 31 });
    const form = String(api.callsTo('POST /api/user/advertisement/')[0].body);
    expect(form).toContain('name="target"\r\n\r\n3000');
    expect(form.match(/name="attributes"/g)).toHaveLength(3);
    vi.unstubAllGlobals();
  }, 60_000);

  it('on return from payment asks the server (allowAds/) and shows the registered message', async () => {
    const api = mockApi({
      'GET /api/user/myprofile/': () => reply(200, me),
      'POST /api/user/allowAds/': () => reply(200, stats({ id: 31 })),
    });
    const { router } = renderApp('/adapplication?success=true&session_id=cs_1&indexAds=31', { token: 'tok' });
    expect(await screen.findByText('Your ad campaign has been registered.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/allowAds/')[0].body).toEqual({ adsId: 31 });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('/userpage ads', () => {
  it("lists the user's ads with the remaining count and the refused clicks", async () => {
    mockApi({
      'GET /api/user/myprofile/': () => reply(200, me),
      'GET /api/user/uploadedfiles/': () => reply(200, []),
      'GET /api/user/advertisements-mine/': () => reply(200, [stats()]),
    });
    renderApp('/userpage', { token: 'tok' });
    const section = await screen.findByRole('region', { name: 'Your ads' });
    const ad = await within(section).findByTestId('my-ad');
    expect(ad).toHaveTextContent('A very long advertis…');
    expect(ad).toHaveTextContent('89876 left');
    expect(ad).toHaveTextContent('120 views · 4 clicks');
    expect(ad).toHaveTextContent('Refused clicks: 2 repeated, 1 not shown, 0 over the limit');
    expect(ad).toHaveTextContent('Views not counted: 37 repeated (the same viewer within the hour)');
    expect(within(section).getByRole('link', { name: 'Advertise' })).toHaveAttribute('href', '/adapplication');
  });

  it('marks an ad a moderator hid', async () => {
    mockApi({
      'GET /api/user/myprofile/': () => reply(200, me),
      'GET /api/user/uploadedfiles/': () => reply(200, []),
      'GET /api/user/advertisements-mine/': () => reply(200, [stats({ active: false, moderated_reason: 'false claims' })]),
    });
    renderApp('/userpage', { token: 'tok' });
    const ad = await within(await screen.findByRole('region', { name: 'Your ads' })).findByTestId('my-ad');
    expect(ad).toHaveTextContent('Hidden by a moderator');
  });
});
