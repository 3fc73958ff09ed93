import { useEffect } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useInView } from 'react-intersection-observer';
import { LoadingState } from './loading-state';

/** What the list needs of an RTK Query infinite query hook's result. */
export type PagedQuery<T> = {
  data?: { pages: T[][] };
  hasNextPage: boolean;
  isFetching: boolean;
  isError: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
};

type Props<T> = {
  /** The result of an infinite query hook, e.g. `booksApi.endpoints.followedBooks.useInfiniteQuery()`. */
  query: PagedQuery<T>;
  /** `page` is the index of the page the item came from; `index` the item's place in the list (from 0). */
  renderItem: (item: T, page: number, index: number) => ReactNode;
  getKey: (item: T) => string | number;
  /** Shown when the list is empty. */
  empty?: ReactNode;
  /** Accessible name of the list. */
  label: string;
  /** Lays the items out in columns at least this wide (px); one column when unset. */
  minItemWidth?: number;
  /** Something more after every `every`-th item (a feed's ad slots); `slot` counts from 0. An empty one takes no room. */
  interleave?: { every: number; render: (slot: number) => ReactNode };
};

/**
 * Renders the pages an infinite query holds and asks for the next page when the bottom sentinel
 * is visible. The pages live in the query cache, not here, so a change anywhere in the app (a
 * follow, an upload) shows in the list at once. RTK Query never requests a page that is already
 * on its way, and the endpoint ends the list at the first empty page.
 */
export function InfiniteList<T>({ query, renderItem, getKey, empty, label, minItemWidth, interleave }: Props<T>) {
  const { t } = useTranslation();
  const { data, hasNextPage, isFetching, isError, fetchNextPage, refetch } = query;
  const { ref, inView } = useInView({ threshold: 1 });
  const pageCount = data?.pages.length ?? 0;

  useEffect(() => {
    // After a failed page the list stops until the user asks to try again.
    // `pageCount` re-checks after each page: a fast answer may never render as fetching.
    if (inView && hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [inView, hasNextPage, isFetching, isError, fetchNextPage, pageCount]);

  // A list that shifts while it is read may repeat an item on the next page: show it once.
  const seen = new Set<string | number>();
  const items: { item: T; page: number }[] = [];
  (data?.pages ?? []).forEach((pageItems, page) => {
    for (const item of pageItems) {
      const key = getKey(item);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push({ item, page });
    }
  });

  const failed = isError && !isFetching;
  const done = data !== undefined && !hasNextPage && !isError;
  const showEmpty = done && items.length === 0;
  return (
    <Box>
      <Box
        component="ul"
        aria-label={label}
        aria-busy={isFetching}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: minItemWidth ? `repeat(auto-fill, minmax(min(100%, ${minItemWidth}px), 1fr))` : undefined,
        }}
      >
        {items.map(({ item, page }, index) => {
          const li = <li key={getKey(item)}>{renderItem(item, page, index)}</li>;
          if (!interleave || (index + 1) % interleave.every !== 0) return li;
          const slot = (index + 1) / interleave.every - 1;
          return [
            li,
            <Box component="li" key={`interleave-${slot}`} sx={{ '&:empty': { display: 'none' } }}>
              {interleave.render(slot)}
            </Box>,
          ];
        })}
      </Box>
      {showEmpty ? empty : null}
      {isFetching && (data === undefined || hasNextPage) ? <LoadingState /> : null}
      {failed ? (
        <Box role="alert" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2, flexWrap: 'wrap' }}>
          <Typography color="text.secondary">{t('common.listFailed')}</Typography>
          <Button variant="outlined" size="small" onClick={() => void (data === undefined ? refetch() : fetchNextPage())}>
            {t('common.retry')}
          </Button>
        </Box>
      ) : null}
      {done || failed ? null : <Box ref={ref} data-testid="list-sentinel" sx={{ height: 20 }} />}
    </Box>
  );
}
