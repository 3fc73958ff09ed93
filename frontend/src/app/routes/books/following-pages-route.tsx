import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LoginPrompt } from '@/components/login-prompt';
import { PageContainer } from '@/components/page-container';
import { UserPageTabs } from '@/features/profile/components/user-page-tabs';
import { useSession } from '@/hooks/use-session';
import { BookList } from '@/features/books/components/book-list';
import { EmptyState } from '@/features/books/components/empty-state';
import { booksApi } from '@/features/books/api';

/** /followingpagelist: the Books the user follows. */
export function FollowingPagesRoute() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const followed = booksApi.endpoints.followedBooks.useInfiniteQuery(undefined, { skip: !isLoggedIn });
  return (
    <PageContainer width="wide" hiddenHeading={t('books.followingTitle')}>
      <UserPageTabs />
      {isLoggedIn ? (
        <BookList
          query={followed}
          label={t('books.followingTitle')}
          empty={
            <EmptyState
              message={t('books.followingEmpty')}
              action={
                <Button component={RouterLink} to="/recommend" variant="contained">
                  {t('books.toRecommend')}
                </Button>
              }
            />
          }
        />
      ) : (
        <LoginPrompt />
      )}
    </PageContainer>
  );
}
