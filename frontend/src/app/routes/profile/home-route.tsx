import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FollowedBooksPanel } from '@/components/followed-books-panel';
import { PageContainer } from '@/components/page-container';
import { PostDataFab } from '@/components/post-data-fab';
import { TagTiles } from '@/components/tag-tiles';
import { useSession } from '@/hooks/use-session';
import { NewProfilesCarousel } from '@/features/profile/components/new-profiles-carousel';
import { ProfileSearch } from '@/features/profile/components/profile-search';

/** Home: tags, new users, user search, and (logged in) the first followed Books beside them. */
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
        </Box>
        {isLoggedIn ? <FollowedBooksPanel /> : null}
      </Box>
      <PostDataFab loginMessage="Home3" />
    </PageContainer>
  );
}
