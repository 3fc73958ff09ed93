import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { adInterleave } from '@/features/ads/components/ad-slot';
import { FollowedBooksPanel } from '@/features/books/components/followed-books-panel';
import { PageContainer } from '@/components/page-container';
import { PostDataFab } from '@/features/uploads/components/post-data-fab';
import { TagTiles } from '@/features/books/components/tag-tiles';
import { useSession } from '@/hooks/use-session';
import { HomeFeed } from '@/features/posts/components/home-feed';
import { PostFab } from '@/features/posts/components/post-fab';
import { NewProfilesCarousel } from '@/features/profile/components/new-profiles-carousel';
import { ProfileSearch } from '@/features/profile/components/profile-search';

// The timeline comes with the route: it is on the first screen (first for a returning user), and
// as a chunk of its own it carried a second copy of what the route shares with it (dates, links,
// the scrolling list; about 7 KB compressed) and cost two more requests.
/** An ad after every 5th item of the timeline (spec §9). */
const HOME_ADS = adInterleave(5, { kind: 'random' });

/**
 * Home. A visitor: welcome, tags, new users, user search, then the timeline. A returning user
 * came for the timeline: it comes first, with followed Books, new users to follow, the user
 * search and the tags beside it (below it on a phone).
 */
export function HomeRoute() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const feed = <HomeFeed interleave={HOME_ADS} />;
  const discovery = (
    <>
      <TagTiles />
      <NewProfilesCarousel />
      <ProfileSearch />
    </>
  );
  return (
    <PageContainer
      title={isLoggedIn ? undefined : t('profile.homeWelcome')}
      hiddenHeading={isLoggedIn ? t('nav.home') : undefined}
      documentTitle={t('nav.home')}
      width="wide"
      floatingButtons
    >
      {isLoggedIn ? (
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' }, alignItems: 'start' }}>
          <Box sx={{ minWidth: 0 }}>{feed}</Box>
          <Box sx={{ minWidth: 0 }}>
            <Box sx={{ mb: 4 }}>
              <FollowedBooksPanel />
            </Box>
            {discovery}
          </Box>
        </Box>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('profile.homeIntro')}
          </Typography>
          {discovery}
          {feed}
        </>
      )}
      <PostFab loginMessage="Home3" />
      <PostDataFab loginMessage="Home3" />
    </PageContainer>
  );
}
