import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Book } from '@/api/types';
import { BookCard } from '@/components/book-card';
import { InfiniteList } from '@/components/infinite-list';
import type { PagedQuery } from '@/components/infinite-list';

type Props = {
  /** An infinite query of Books, e.g. `api.endpoints.followedBooks.useInfiniteQuery()`. */
  query: PagedQuery<Book>;
  empty: ReactNode;
  label?: string;
};

/** Books in columns, loaded page by page as the user scrolls. */
export function BookList({ query, empty, label }: Props) {
  const { t } = useTranslation();
  return (
    <InfiniteList<Book>
      query={query}
      getKey={(book) => book.id}
      renderItem={(book) => <BookCard book={book} />}
      label={label ?? t('books.listLabel')}
      empty={empty}
      minItemWidth={220}
    />
  );
}
