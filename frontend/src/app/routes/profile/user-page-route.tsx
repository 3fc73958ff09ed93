import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { adInterleave } from '@/features/ads/components/ad-slot';
import { PageSkeleton } from '@/components/page-skeleton';
import { LoginPrompt } from '@/components/login-prompt';
import { PageContainer } from '@/components/page-container';
import { RecentUploads } from '@/features/uploads/components/recent-uploads';
import { UserPageTabs } from '@/features/profile/components/user-page-tabs';
import { useSession } from '@/hooks/use-session';
import { MyAds } from '@/features/ads/components/my-ads';
import { FollowCounts } from '@/features/follows/components/follow-counts';
import { LazyPostFeed as PostFeed } from '@/features/posts/components/lazy-post-feed';
import { ProfileCard } from '@/features/profile/components/profile-card';
import { postsApi } from '@/features/posts/api';

/** An ad after every 3rd post (spec §9). */
const USER_ADS = adInterleave(3, { kind: 'random' });

function MyPosts({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = postsApi.endpoints.userPosts.useInfiniteQuery({ userId });
  return (
    <Box component="section" aria-labelledby="my-posts-title" sx={{ minWidth: 0 }}>
      <Typography id="my-posts-title" component="h2" variant="h6" sx={{ mb: 1.5, fontWeight: 700 }}>
        {t('posts.userPostsTitle')}
      </Typography>
      <PostFeed
        query={query}
        label={t('posts.userPostsTitle')}
        interleave={USER_ADS}
        empty={
          <Typography color="text.secondary">
            {t('posts.userPostsEmpty')}{' '}
            <Link component={RouterLink} to="/recommend">
              {t('books.toRecommend')}
            </Link>
          </Typography>
        }
      />
    </Box>
  );
}

/** The own profile: counts linking to the lists, the settings button only the owner sees, the last posted data and the own posts. */
export function UserPageRoute() {
  const { t } = useTranslation();
  const { isLoggedIn, profile } = useSession();

  let body;
  if (!isLoggedIn) body = <LoginPrompt />;
  else if (!profile) body = <PageSkeleton shape="profile" />;
  else {
    const action = (
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to="/request" variant="outlined" size="small">
          {t('follows.requestsLink')}
        </Button>
        <Button component={RouterLink} to="/settings" variant="outlined" size="small" startIcon={<SettingsOutlined />}>
          {t('profile.settings')}
        </Button>
      </Box>
    );
    body = (
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <ProfileCard profile={profile} action={action} />
          <FollowCounts userId={profile.userProfile} own />
          <MyAds />
          <RecentUploads userId={profile.userProfile} />
        </Box>
        <MyPosts userId={profile.userProfile} />
      </Box>
    );
  }
  return (
    <PageContainer width="wide" documentTitle={t('profile.myPage')} hiddenHeading={isLoggedIn ? undefined : t('profile.myPage')}>
      {isLoggedIn ? <UserPageTabs /> : null}
      {body}
    </PageContainer>
  );
}
