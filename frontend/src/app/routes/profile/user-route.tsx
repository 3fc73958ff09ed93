import { Suspense, lazy } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { api } from '@/api/api';
import { PageSkeleton } from '@/components/page-skeleton';
import { PageContainer } from '@/components/page-container';
import { useSession } from '@/hooks/use-session';
import { displayName } from '@/components/user-avatar';
import { isNotFound } from '@/utils/api-error';
import Typography from '@mui/material/Typography';
import { adInterleave } from '@/features/ads/components/ad-slot';
import { FollowButton } from '@/features/follows/components/follow-button';
import { FollowCounts } from '@/features/follows/components/follow-counts';
import { LazyPostFeed as PostFeed } from '@/features/posts/components/lazy-post-feed';
import { ProfileCard } from '@/features/profile/components/profile-card';
import { postsApi } from '@/features/posts/api';

// Block, mute and report (menu and dialogs) load when a card or page first shows them: outside the first-load budget.
const LazySafetyMenu = lazy(() => import('@/components/safety/user-safety-menu').then((m) => ({ default: m.UserSafetyMenu })));

/** An ad after every 3rd post (spec §9). */
const USER_ADS = adInterleave(3, { kind: 'random' });

function UserPosts({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = postsApi.endpoints.userPosts.useInfiniteQuery({ userId });
  return (
    <Box component="section" aria-labelledby="user-posts-title" sx={{ minWidth: 0 }}>
      <Typography id="user-posts-title" component="h2" variant="h6" sx={{ mb: 1.5, fontWeight: 700 }}>
        {t('posts.userPostsTitle')}
      </Typography>
      <PostFeed
        query={query}
        label={t('posts.userPostsTitle')}
        interleave={USER_ADS}
        empty={<Typography color="text.secondary">{t('posts.userPostsEmpty')}</Typography>}
      />
    </Box>
  );
}

/** Another user's profile, by user id. */
export function UserRoute() {
  const { t } = useTranslation();
  const { userid } = useParams();
  const userId = Number(userid);
  const valid = Number.isInteger(userId) && userId > 0;
  const { profile: mine, isLoggedIn } = useSession();
  const { data, error, isLoading } = api.endpoints.getProfileDetail.useQuery({ id: userId }, { skip: !valid });

  let body;
  if (!valid || isNotFound(error)) body = <Alert severity="info">{t('profile.notFound')}</Alert>;
  else if (isLoading) body = <PageSkeleton shape="profile" />;
  else if (data) {
    const own = mine !== undefined && mine.userProfile === data.userProfile;
    const action = (
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={`/specificuserbook?user_id=${data.userProfile}`} variant="outlined" size="small" startIcon={<AutoStoriesOutlined />}>
          {t('books.userBooksLink')}
        </Button>
        {own ? (
          <Button component={RouterLink} to="/userpage" variant="outlined" size="small">
            {t('profile.myPage')}
          </Button>
        ) : (
          <FollowButton userId={data.userProfile} name={displayName(data.nickName, t('common.noName'))} />
        )}
      </Box>
    );
    body = (
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <ProfileCard profile={data} action={action} />
          {/* Block, mute, report: beside the card, not in its action row (which sits on the banner when it wraps). */}
          {isLoggedIn && !own ? (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
              <Suspense fallback={null}>
                <LazySafetyMenu userId={data.userProfile} name={displayName(data.nickName, t('common.noName'))} />
              </Suspense>
            </Box>
          ) : null}
          <FollowCounts userId={data.userProfile} own={own} />
        </Box>
        <UserPosts userId={data.userProfile} />
      </Box>
    );
  } else body = <Alert severity="error">{t('common.errorGeneric')}</Alert>;

  const title = data ? displayName(data.nickName, t('common.noName')) : isLoading ? undefined : t('profile.notFound');
  return (
    <PageContainer width="wide" documentTitle={title}>
      {body}
    </PageContainer>
  );
}
