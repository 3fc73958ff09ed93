import { useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LoginPrompt } from '@/components/login-prompt';
import { PageContainer } from '@/components/page-container';
import { useSession } from '@/hooks/use-session';
import { BookList } from '@/features/books/components/book-list';
import { EmptyState } from '@/features/books/components/empty-state';
import { SearchForm } from '@/features/books/components/search-form';
import { booksApi } from '@/features/books/api';

/** /owningpages: the Books the user owns, then related ones, with a search. */
export function OwningPagesRoute() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const [query, setQuery] = useState('');
  const owned = booksApi.endpoints.ownedBooks.useInfiniteQuery(undefined, { skip: !isLoggedIn || query !== '' });
  const found = booksApi.endpoints.searchOwnedBooks.useInfiniteQuery({ query }, { skip: !isLoggedIn || query === '' });
  if (!isLoggedIn) {
    return (
      <PageContainer title={t('books.owningPagesTitle')} width="wide">
        <LoginPrompt />
      </PageContainer>
    );
  }
  const toRecommend = (
    <Button component={RouterLink} to="/recommend" variant="contained">
      {t('books.toRecommend')}
    </Button>
  );
  return (
    <PageContainer title={t('books.owningPagesTitle')} width="wide">
      <SearchForm label={t('books.owningSearchLabel')} onSearch={setQuery} />
      <BookList
        query={query ? found : owned}
        empty={<EmptyState message={query ? t('books.searchEmpty') : t('books.owningPagesEmpty')} action={toRecommend} />}
      />
    </PageContainer>
  );
}
