import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils';
import { InfiniteList } from '../infinite-list';

type Item = { id: number };

function setup(pages: Item[][]) {
  const fetchPage = vi.fn(async (page: number) => pages[page] ?? []);
  render(
    <StrictMode>
      <InfiniteList<Item>
        fetchPage={fetchPage}
        getKey={(item) => item.id}
        renderItem={(item) => <span>item {item.id}</span>}
        label="items"
        empty={<p>nothing here</p>}
      />
    </StrictMode>,
  );
  return fetchPage;
}

describe('InfiniteList', () => {
  it('loads page 0, then page 1 when the sentinel shows, and stops on an empty page', async () => {
    const fetchPage = setup([[{ id: 1 }, { id: 2 }], [{ id: 3 }], []]);
    mockAllIsIntersecting(true);
    expect(await screen.findByText('item 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('item 3')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByTestId('list-sentinel')).not.toBeInTheDocument());

    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([0, 1, 2]);
    mockAllIsIntersecting(true);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('never asks for the same page twice while the sentinel flickers', async () => {
    const fetchPage = setup([[{ id: 1 }], []]);
    mockAllIsIntersecting(true);
    mockAllIsIntersecting(false);
    mockAllIsIntersecting(true);
    await screen.findByText('item 1');
    await waitFor(() => expect(screen.queryByTestId('list-sentinel')).not.toBeInTheDocument());
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([0, 1]);
  });

  it('loads nothing until the sentinel is visible', () => {
    const fetchPage = setup([[{ id: 1 }]]);
    mockAllIsIntersecting(false);
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('shows the empty state when the first page is empty', async () => {
    setup([[]]);
    mockAllIsIntersecting(true);
    expect(await screen.findByText('nothing here')).toBeInTheDocument();
  });
});
