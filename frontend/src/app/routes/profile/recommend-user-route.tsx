import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/page-container';
import { NewProfilesCarousel } from '@/features/profile/components/new-profiles-carousel';
import { ProfileSearch } from '@/features/profile/components/profile-search';

/** User discovery: the newest users, and every user with a search box (circles join later). */
export function RecommendUserRoute() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('profile.discoverTitle')} width="wide">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('profile.discoverIntro')}
      </Typography>
      <NewProfilesCarousel />
      <ProfileSearch listAllWhenEmpty />
    </PageContainer>
  );
}
