import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoginPrompt } from '@/components/login-prompt';
import { PageContainer } from '@/components/page-container';
import { UserPageTabs } from '@/features/profile/components/user-page-tabs';
import { useSession } from '@/hooks/use-session';
import { LazyPostFeed as PostFeed } from '@/features/posts/components/lazy-post-feed';
import { postsApi } from '@/features/posts/api';

function LikedPosts() {
  const { t } = useTranslation();
  const query = postsApi.endpoints.likedPosts.useInfiniteQuery();
  return <PostFeed query={query} label={t('posts.likedTitle')} empty={<Typography color="text.secondary">{t('posts.likedEmpty')}</Typography>} />;
}

/** /likedposts: the posts the user liked (a tab of the own page). */
export function LikedPostsRoute() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  return (
    <PageContainer width="wide" documentTitle={t('posts.likedTitle')}>
      {isLoggedIn ? <UserPageTabs /> : null}
      {isLoggedIn ? <LikedPosts /> : <LoginPrompt />}
    </PageContainer>
  );
}
