import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FollowedBooksPanel } from '@/components/followed-books-panel';
import { PageContainer } from '@/components/page-container';
import { PostDataFab } from '@/components/post-data-fab';
import { TagTiles } from '@/components/tag-tiles';
import { socialApi } from '@/api/social-api';
import { useSession } from '@/hooks/use-session';
import { PostFab } from '@/features/posts/components/post-fab';
import { PostFeed } from '@/features/posts/components/post-feed';
import { NewProfilesCarousel } from '@/features/profile/components/new-profiles-carousel';
import { ProfileSearch } from '@/features/profile/components/profile-search';

/** The timeline: own posts, followed users and followed Books (every post for a visitor). */
function HomeFeed() {
  const { t } = useTranslation();
  const query = socialApi.endpoints.homePosts.useInfiniteQuery();
  return (
    <Box component="section" aria-labelledby="home-feed-title" sx={{ mt: 4 }}>
      <Typography id="home-feed-title" component="h2" variant="h6" sx={{ mb: 1.5, fontWeight: 700 }}>
        {t('posts.feedTitle')}
      </Typography>
      <PostFeed
        query={query}
        label={t('posts.feedLabel')}
        loginMessage="Home3"
        empty={
          <Typography color="text.secondary">
            {t('posts.feedEmpty')}{' '}
            <Link component={RouterLink} to="/recommenduser">
              {t('posts.feedEmptyLink')}
            </Link>
          </Typography>
        }
      />
    </Box>
  );
}

/** Home: tags, new users, user search, the timeline, and (logged in) the first followed Books beside them. */
export function HomeRoute() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  return (
    <PageContainer title={t('profile.homeWelcome')} documentTitle={t('nav.home')} width="wide">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('profile.homeIntro')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: isLoggedIn ? 'minmax(0, 1fr) 280px' : 'minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Box sx={{ minWidth: 0 }}>
          <TagTiles />
          <NewProfilesCarousel />
          <ProfileSearch />
          <HomeFeed />
        </Box>
        {isLoggedIn ? <FollowedBooksPanel /> : null}
      </Box>
      <PostFab loginMessage="Home3" />
      <PostDataFab loginMessage="Home3" />
    </PageContainer>
  );
}
