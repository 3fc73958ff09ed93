import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useInView } from 'react-intersection-observer';
import { LoadingState } from './loading-state';

type Props<T> = {
  /** Loads one page; the index starts at 0. Rejections end the list (failures are only logged). */
  fetchPage: (page: number) => Promise<T[]>;
  /** `page` is the index of the page the item came from. */
  renderItem: (item: T, page: number) => ReactNode;
  getKey: (item: T) => string | number;
  /** Shown when the first page is empty. */
  empty?: ReactNode;
  /** Accessible name of the list. */
  label: string;
  /** Lays the items out in columns at least this wide (px); one column when unset. */
  minItemWidth?: number;
};

type ListState<T> = { items: { item: T; page: number }[]; loading: boolean; done: boolean };

/**
 * A list that loads the next page when its bottom sentinel is visible. It never asks for the
 * same page twice and stops at the first empty page. Give it a new `key` to start over.
 */
export function InfiniteList<T>({ fetchPage, renderItem, getKey, empty, label, minItemWidth }: Props<T>) {
  const [state, setState] = useState<ListState<T>>({ items: [], loading: false, done: false });
  const nextPage = useRef(0);
  const requested = useRef(new Set<number>());
  const busy = useRef(false);
  const keyOf = useRef(getKey);
  keyOf.current = getKey;
  const { ref, inView } = useInView({ threshold: 1 });

  const loadNext = useCallback(async () => {
    const page = nextPage.current;
    if (busy.current || requested.current.has(page)) return;
    busy.current = true;
    requested.current.add(page);
    setState((s) => ({ ...s, loading: true }));
    let items: T[] = [];
    try {
      items = await fetchPage(page);
    } catch (error) {
      console.warn('list page failed', page, error);
    }
    nextPage.current = page + 1;
    busy.current = false;
    setState((s) => {
      // A list that shifts while it is read may repeat an item on the next page: show it once.
      const seen = new Set(s.items.map((entry) => keyOf.current(entry.item)));
      const fresh = items.filter((item) => !seen.has(keyOf.current(item)));
      return {
        items: [...s.items, ...fresh.map((item) => ({ item, page }))],
        loading: false,
        done: items.length === 0,
      };
    });
  }, [fetchPage]);

  useEffect(() => {
    if (inView && !state.loading && !state.done) void loadNext();
  }, [inView, state.loading, state.done, state.items.length, loadNext]);

  const showEmpty = state.done && state.items.length === 0;
  return (
    <Box>
      <Box
        component="ul"
        aria-label={label}
        aria-busy={state.loading}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: minItemWidth ? `repeat(auto-fill, minmax(min(100%, ${minItemWidth}px), 1fr))` : undefined,
        }}
      >
        {state.items.map(({ item, page }) => (
          <li key={getKey(item)}>{renderItem(item, page)}</li>
        ))}
      </Box>
      {showEmpty ? empty : null}
      {state.loading ? <LoadingState /> : null}
      {state.done ? null : <Box ref={ref} data-testid="list-sentinel" sx={{ height: 20 }} />}
    </Box>
  );
}
