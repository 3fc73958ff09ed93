import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Book } from '@/api/types';
import { BookCard } from './book-card';
import { InfiniteList } from '@/components/infinite-list';
import type { PagedQuery } from '@/components/infinite-list';

type Props = {
  /** An infinite query of Books, e.g. `booksApi.endpoints.followedBooks.useInfiniteQuery()`. */
  query: PagedQuery<Book>;
  empty: ReactNode;
  label?: string;
  /**
   * The list is the top of its screen: the first card's cover is probably the largest thing a
   * phone shows at first, so it is loaded at once and ahead of the page's scripts (BookCover's
   * `priority`), not lazily after layout.
   */
  firstCoverFirst?: boolean;
};

/** Books in columns, loaded page by page as the user scrolls. */
export function BookList({ query, empty, label, firstCoverFirst = false }: Props) {
  const { t } = useTranslation();
  return (
    <InfiniteList<Book>
      query={query}
      getKey={(book) => book.id}
      renderItem={(book, _page, index) => <BookCard book={book} priority={firstCoverFirst && index === 0} />}
      label={label ?? t('books.listLabel')}
      empty={empty}
      minItemWidth={220}
    />
  );
}
