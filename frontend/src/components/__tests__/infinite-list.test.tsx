import { StrictMode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils';
import type { Tag } from '@/api/types';
import { createAppStore } from '@/app/store';
import { mockApi, reply } from '@/testing/mock-api';
import { tagFactory } from '@/testing/factories';
import { InfiniteList } from '../infinite-list';
import { booksApi } from '@/features/books/api';

const SEARCH = 'GET /api/user/pageattribute/search/';

function TagList() {
  const query = booksApi.endpoints.tagSearch.useInfiniteQuery({ lan: 'en' });
  return (
    <InfiniteList<Tag>
      query={query}
      getKey={(tag) => tag.id}
      renderItem={(tag, page) => (
        <span>
          {tag.attributeName} (page {page})
        </span>
      )}
      label="tags"
      empty={<p>nothing here</p>}
    />
  );
}

/** Serves `pages` by the `count` query parameter; a page past the end is empty. */
function setup(pages: Tag[][], { delayMs = 0 } = {}) {
  const server = mockApi({
    [SEARCH]: async ({ query }) => {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return reply(200, pages[Number(query.get('count'))] ?? []);
    },
  });
  const store = createAppStore();
  render(
    <StrictMode>
      <Provider store={store}>
        <TagList />
      </Provider>
    </StrictMode>,
  );
  const requestedPages = () => server.callsTo(SEARCH).map(({ query }) => Number(query.get('count')));
  return { store, requestedPages };
}

describe('InfiniteList over an infinite query', () => {
  it('loads page 0, then page 1 when the sentinel shows, and stops on an empty page', async () => {
    const { requestedPages } = setup([[tagFactory({ attributeName: 'a' }), tagFactory({ attributeName: 'b' })], [tagFactory({ attributeName: 'c' })]]);
    expect(await screen.findByText('a (page 0)')).toBeInTheDocument();
    expect(requestedPages()).toEqual([0]);

    act(() => mockAllIsIntersecting(true));
    expect(await screen.findByText('c (page 1)')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('list-sentinel')).not.toBeInTheDocument());
    expect(requestedPages()).toEqual([0, 1, 2]);

    act(() => mockAllIsIntersecting(true));
    expect(requestedPages()).toEqual([0, 1, 2]);
  });

  it('never asks for the same page twice while the sentinel flickers', async () => {
    const { requestedPages } = setup([[tagFactory({ attributeName: 'a' })], [tagFactory({ attributeName: 'b' })]], { delayMs: 50 });
    await screen.findByText('a (page 0)');
    act(() => mockAllIsIntersecting(true));
    act(() => mockAllIsIntersecting(false));
    act(() => mockAllIsIntersecting(true));
    act(() => mockAllIsIntersecting(false));
    act(() => mockAllIsIntersecting(true));
    await screen.findByText('b (page 1)');
    await waitFor(() => expect(screen.queryByTestId('list-sentinel')).not.toBeInTheDocument());
    expect(requestedPages()).toEqual([0, 1, 2]);
  });

  it('asks for no page after the first until the sentinel is visible', async () => {
    const { requestedPages } = setup([[tagFactory({ attributeName: 'a' })], [tagFactory({ attributeName: 'b' })]]);
    await screen.findByText('a (page 0)');
    act(() => mockAllIsIntersecting(false));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requestedPages()).toEqual([0]);
    expect(screen.queryByText('b (page 1)')).not.toBeInTheDocument();
  });

  it('shows the empty state when the first page is empty', async () => {
    const { requestedPages } = setup([]);
    expect(await screen.findByText('nothing here')).toBeInTheDocument();
    expect(requestedPages()).toEqual([0]);
  });

  it('says so when a page fails, and loads it again when asked', async () => {
    let failures = 1;
    const server = mockApi({
      [SEARCH]: ({ query }) => {
        const page = Number(query.get('count'));
        if (page === 1 && failures-- > 0) return reply(500, { detail: 'boom' });
        return reply(200, page < 2 ? [tagFactory({ attributeName: `tag of page ${page}` })] : []);
      },
    });
    render(
      <Provider store={createAppStore()}>
        <TagList />
      </Provider>,
    );
    await screen.findByText('tag of page 0 (page 0)');
    act(() => mockAllIsIntersecting(true));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The list could not be loaded.');
    expect(screen.queryByTestId('list-sentinel')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('tag of page 1 (page 1)')).toBeInTheDocument();
    expect(screen.getByText('tag of page 0 (page 0)')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => mockAllIsIntersecting(true));
    await waitFor(() => expect(screen.queryByTestId('list-sentinel')).not.toBeInTheDocument());
    expect(server.callsTo(SEARCH).map(({ query }) => query.get('count'))).toEqual(['0', '1', '1', '2']);
  });

  it('renders what is in the cache, so a change made elsewhere shows without a request', async () => {
    const { store, requestedPages } = setup([[tagFactory({ id: 901, attributeName: 'a' })]]);
    await screen.findByText('a (page 0)');
    act(() => {
      store.dispatch(
        booksApi.util.updateQueryData('tagSearch', { lan: 'en' }, (list) => {
          list.pages[0][0].attributeName = 'renamed';
        }),
      );
    });
    expect(await screen.findByText('renamed (page 0)')).toBeInTheDocument();
    expect(requestedPages()).toEqual([0]);
  });
});
