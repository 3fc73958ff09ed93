import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/page-container';
import { NewProfilesCarousel } from '../components/new-profiles-carousel';
import { ProfileSearch } from '../components/profile-search';

/** Home of this milestone (also served at /recommend until Books exist). */
export function HomeRoute() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('profile.homeWelcome')} width="wide">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('profile.homeIntro')}
      </Typography>
      <NewProfilesCarousel />
      <ProfileSearch />
    </PageContainer>
  );
}
