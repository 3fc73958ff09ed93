import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { api } from '@/api/api';
import { LoadingState } from '@/components/loading-state';
import { LoginPrompt } from '@/components/login-prompt';
import { PageContainer } from '@/components/page-container';
import { PostDataFab } from '@/features/uploads/components/post-data-fab';
import { UserPageTabs } from '@/features/profile/components/user-page-tabs';
import { displayName } from '@/components/user-avatar';
import { useSession } from '@/hooks/use-session';
import { BookList } from '@/features/books/components/book-list';
import { EmptyState } from '@/features/books/components/empty-state';
import { parseId } from '@/features/books/utils/book-id';
import { booksApi } from '@/features/books/api';

function UserBooks({ userId, empty, label }: { userId: number; empty: string; label: string }) {
  const books = booksApi.endpoints.booksOfUser.useInfiniteQuery({ userId });
  return <BookList query={books} label={label} empty={<EmptyState message={empty} />} />;
}

/** /userpagebook: Books made from the user's own data. */
export function UserPageBookRoute() {
  const { t } = useTranslation();
  const { isLoggedIn, profile } = useSession();
  let body;
  if (!isLoggedIn) body = <LoginPrompt />;
  else if (!profile) body = <LoadingState />;
  else body = <UserBooks userId={profile.userProfile} label={t('books.myBooksTitle')} empty={t('books.myBooksEmpty')} />;
  return (
    <PageContainer width="wide" hiddenHeading={t('books.myBooksTitle')}>
      <UserPageTabs />
      {body}
      <PostDataFab />
    </PageContainer>
  );
}

/** /specificuserbook?user_id=: another user's Books. */
export function SpecificUserBookRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const userId = parseId(params.get('user_id'));
  const { data: owner } = api.endpoints.getProfileDetail.useQuery({ id: userId ?? 0 }, { skip: userId === null });
  if (userId === null) {
    return (
      <PageContainer width="wide" documentTitle={t('profile.notFound')}>
        <Alert severity="info">{t('profile.notFound')}</Alert>
      </PageContainer>
    );
  }
  const name = displayName(owner?.nickName, t('common.noName'));
  const title = t('books.userBooksTitle', { name });
  return (
    <PageContainer width="wide" documentTitle={owner ? title : undefined}>
      <Typography component="h1" variant="h5" sx={{ mb: 2, fontWeight: 700, wordBreak: 'break-word' }}>
        {title}
      </Typography>
      <UserBooks userId={userId} label={title} empty={t('books.userBooksEmpty')} />
    </PageContainer>
  );
}
