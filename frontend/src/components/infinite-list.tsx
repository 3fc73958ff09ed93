import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useInView } from 'react-intersection-observer';
import { LoadingState } from './loading-state';

type Props<T> = {
  /** Loads one page; the index starts at 0. Rejections end the list (failures are only logged). */
  fetchPage: (page: number) => Promise<T[]>;
  renderItem: (item: T) => ReactNode;
  getKey: (item: T) => string | number;
  /** Shown when the first page is empty. */
  empty?: ReactNode;
  /** Accessible name of the list. */
  label: string;
};

type ListState<T> = { items: T[]; loading: boolean; done: boolean };

/**
 * A list that loads the next page when its bottom sentinel is visible. It never asks for the
 * same page twice and stops at the first empty page. Give it a new `key` to start over.
 */
export function InfiniteList<T>({ fetchPage, renderItem, getKey, empty, label }: Props<T>) {
  const [state, setState] = useState<ListState<T>>({ items: [], loading: false, done: false });
  const nextPage = useRef(0);
  const requested = useRef(new Set<number>());
  const busy = useRef(false);
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
    setState((s) => ({
      items: [...s.items, ...items],
      loading: false,
      done: items.length === 0,
    }));
  }, [fetchPage]);

  useEffect(() => {
    if (inView && !state.loading && !state.done) void loadNext();
  }, [inView, state.loading, state.done, state.items.length, loadNext]);

  const showEmpty = state.done && state.items.length === 0;
  return (
    <Box>
      <Box component="ul" aria-label={label} aria-busy={state.loading} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {state.items.map((item) => (
          <li key={getKey(item)}>{renderItem(item)}</li>
        ))}
      </Box>
      {showEmpty ? empty : null}
      {state.loading ? <LoadingState /> : null}
      {state.done ? null : <Box ref={ref} data-testid="list-sentinel" sx={{ height: 20 }} />}
    </Box>
  );
}
