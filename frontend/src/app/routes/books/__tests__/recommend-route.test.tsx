import { screen, waitFor, within } from '@testing-library/react';
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils';
import { mockApi, reply } from '@/testing/mock-api';
import type { Handler } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { bookFactory, tagFactory } from '@/testing/factories';

const firstPageOnly =
  (items: unknown[]): Handler =>
  ({ query }) =>
    reply(200, query.get('count') === '0' ? items : []);

function setup() {
  const rivers = tagFactory({ id: 7, attributeName: 'Rivers' });
  const weather = tagFactory({ id: 8, attributeName: 'Weather' });
  const api = mockApi({
    'GET /api/user/attributecc/': ({ query }) =>
      reply(200, query.get('lan') === 'en' ? [rivers, weather] : [tagFactory({ attributeName: '人口', language: 'ja' })]),
    'GET /api/user/pageccen/': firstPageOnly([bookFactory({ title: 'Newest English Book', page_price: 800 })]),
    'GET /api/user/pageccja/': firstPageOnly([bookFactory({ title: '日本語のBook', language: 'ja' })]),
    'GET /api/user/pageattribute/7/monopages/': firstPageOnly([bookFactory({ title: 'River levels', created_on: new Date().toISOString() })]),
    'GET /api/user/monopage/search-pages/': firstPageOnly([bookFactory({ title: 'Insurance rates by prefecture' })]),
  });
  return { api, ...renderApp('/recommend') };
}

describe('/recommend', () => {
  it('lists Books of the UI language with price and link, page by page', async () => {
    const { api } = setup();
    const card = await screen.findByRole('link', { name: 'Newest English Book' });
    mockAllIsIntersecting(true);
    expect(card).toHaveAttribute('href', expect.stringMatching(/^\/mono\/\d+$/));
    // The title is the link; the card around it shows the price.
    expect(within(card.closest('.MuiCard-root') as HTMLElement).getByText('￥800')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('list-sentinel')).not.toBeInTheDocument());
    expect(api.callsTo('GET /api/user/pageccen/').map(({ query }) => query.get('count'))).toEqual(['0', '1']);
    expect(api.callsTo('GET /api/user/pageccja/')).toHaveLength(0);
  });

  it('switches the list language to Japanese and back to English (pageccen) from the cache', async () => {
    const { api, user } = setup();
    mockAllIsIntersecting(true);
    await screen.findByRole('link', { name: 'Newest English Book' });
    await user.click(screen.getByRole('button', { name: '日本語' }));
    mockAllIsIntersecting(true);
    expect(await screen.findByRole('link', { name: '日本語のBook' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '人口' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'English' }));
    mockAllIsIntersecting(true);
    expect(await screen.findByRole('link', { name: 'Newest English Book' })).toBeInTheDocument();
    // The English pages are still cached: switching back asks for none of them again.
    expect(api.callsTo('GET /api/user/pageccen/').map(({ query }) => query.get('count'))).toEqual(['0', '1']);
  });

  it('a tag chip sets ?attid and loads its Books; clicking it again clears it', async () => {
    const { api, user, router } = setup();
    mockAllIsIntersecting(true);
    await screen.findByRole('link', { name: 'Newest English Book' });
    await user.click(screen.getByRole('button', { name: 'Rivers' }));
    await waitFor(() => expect(router.state.location.search).toBe('?attid=7'));
    mockAllIsIntersecting(true);
    const tagged = await screen.findByRole('link', { name: 'River levels' });
    expect(within(tagged.closest('.MuiCard-root') as HTMLElement).getByText('New')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Books tagged Rivers' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rivers' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('GET /api/user/pageattribute/7/monopages/')[0].query.get('count')).toBe('0');

    await user.click(screen.getByRole('button', { name: 'Rivers' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    mockAllIsIntersecting(true);
    expect(await screen.findByRole('link', { name: 'Newest English Book' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'River levels' })).not.toBeInTheDocument();
  });

  it('opens with ?attid from a link', async () => {
    const api = mockApi({
      'GET /api/user/attributecc/': () => reply(200, [tagFactory({ id: 7, attributeName: 'Rivers' })]),
      'GET /api/user/pageattribute/7/monopages/': firstPageOnly([bookFactory({ title: 'River levels' })]),
    });
    renderApp('/recommend?attid=7');
    mockAllIsIntersecting(true);
    expect(await screen.findByRole('link', { name: 'River levels' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/user/pageccen/')).toHaveLength(0);
  });

  it('searches with the trimmed text (search-pages) and clears with an empty search', async () => {
    const { api, user } = setup();
    mockAllIsIntersecting(true);
    await screen.findByRole('link', { name: 'Newest English Book' });
    await user.type(screen.getByRole('searchbox', { name: 'Search Books' }), '  insurance  ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    mockAllIsIntersecting(true);
    expect(await screen.findByRole('link', { name: 'Insurance rates by prefecture' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Results for “insurance”' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/user/monopage/search-pages/')[0].query.get('query')).toBe('insurance');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    mockAllIsIntersecting(true);
    expect(await screen.findByRole('link', { name: 'Newest English Book' })).toBeInTheDocument();
  });

  it('picks a tag in the "see all tags" dialog', async () => {
    const { api, user, router } = setup();
    api.use({
      'GET /api/user/pageattribute/search/': firstPageOnly([tagFactory({ id: 7, attributeName: 'Rivers' })]),
    });
    mockAllIsIntersecting(true);
    await screen.findByRole('link', { name: 'Newest English Book' });
    await user.click(screen.getByRole('button', { name: 'See all tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Find a tag' });
    mockAllIsIntersecting(true);
    await user.click(await within(dialog).findByRole('button', { name: 'Rivers' }));
    await waitFor(() => expect(router.state.location.search).toBe('?attid=7'));
    expect(api.callsTo('GET /api/user/pageattribute/search/')[0].query.get('lan')).toBe('en');
  });

  it("loads the first Book's cover at once and ahead of the rest (the phone's largest image), the others lazily", async () => {
    mockApi({
      'GET /api/user/attributecc/': () => reply(200, []),
      'GET /api/user/pageccen/': firstPageOnly([
        bookFactory({ title: 'Rainfall', img: 'https://example.test/media/covers/rain.jpg' }),
        bookFactory({ title: 'Rivers', img: 'https://example.test/media/covers/rivers.jpg' }),
      ]),
    });
    renderApp('/recommend');
    mockAllIsIntersecting(true);
    const first = await screen.findByRole('img', { name: /Rainfall/ });
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    const second = screen.getByRole('img', { name: /Rivers/ });
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).not.toHaveAttribute('fetchpriority');
  });
});
