import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Book } from '@/api/types';
import { BookCard } from '@/components/book-card';
import { InfiniteList } from '@/components/infinite-list';

type Props = {
  fetchPage: (page: number) => Promise<Book[]>;
  empty: ReactNode;
  label?: string;
};

/** Books in columns, loaded page by page as the user scrolls. Give it a new `key` to start over. */
export function BookList({ fetchPage, empty, label }: Props) {
  const { t } = useTranslation();
  return (
    <InfiniteList<Book>
      fetchPage={fetchPage}
      getKey={(book) => book.id}
      renderItem={(book) => <BookCard book={book} />}
      label={label ?? t('books.listLabel')}
      empty={empty}
      minItemWidth={220}
    />
  );
}
