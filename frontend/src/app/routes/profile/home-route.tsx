import { Suspense, lazy } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FollowedBooksPanel } from '@/components/followed-books-panel';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { PostDataFab } from '@/components/post-data-fab';
import { TagTiles } from '@/components/tag-tiles';
import { useSession } from '@/hooks/use-session';
import { PostFab } from '@/features/posts/components/post-fab';
import { NewProfilesCarousel } from '@/features/profile/components/new-profiles-carousel';
import { ProfileSearch } from '@/features/profile/components/profile-search';

// The timeline comes as its own chunk, after the tiles and the search at the top.
const HomeFeed = lazy(() => import('@/features/posts/components/home-feed').then((module) => ({ default: module.HomeFeed })));

/** Home: tags, new users, user search, the timeline, and (logged in) the first followed Books beside them. */
export function HomeRoute() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  return (
    <PageContainer title={t('profile.homeWelcome')} documentTitle={t('nav.home')} width="wide" floatingButtons>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('profile.homeIntro')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: isLoggedIn ? 'minmax(0, 1fr) 280px' : 'minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Box sx={{ minWidth: 0 }}>
          <TagTiles />
          <NewProfilesCarousel />
          <ProfileSearch />
          <Suspense fallback={<LoadingState />}>
            <HomeFeed />
          </Suspense>
        </Box>
        {isLoggedIn ? <FollowedBooksPanel /> : null}
      </Box>
      <PostFab loginMessage="Home3" />
      <PostDataFab loginMessage="Home3" />
    </PageContainer>
  );
}
