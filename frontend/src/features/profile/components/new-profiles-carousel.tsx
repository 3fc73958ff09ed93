import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/api';
import { useSession } from '@/hooks/use-session';
import { ProfileTile } from './profile-tile';

/**
 * The follow recommendation: the 10 newest profiles, scrolled sideways. Logged in, the newest
 * people the user has not asked to follow yet (profilecc/), fetched afresh on each visit.
 */
export function NewProfilesCarousel() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const newest = api.endpoints.listNewProfiles.useQuery(undefined, { skip: isLoggedIn });
  const toFollow = api.endpoints.listRecommendedProfiles.useQuery({ count: 0 }, { skip: !isLoggedIn, refetchOnMountOrArgChange: true });
  const { data, isLoading } = isLoggedIn ? toFollow : newest;
  const profiles = data ?? [];
  return (
    <Box component="section" aria-labelledby="new-users-title" sx={{ mb: 4 }}>
      <Typography id="new-users-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('profile.newUsersTitle')}
      </Typography>
      {!isLoading && profiles.length === 0 ? <Typography color="text.secondary">{t('profile.newUsersEmpty')}</Typography> : null}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, pb: 1, display: 'flex', gap: 2, overflowX: 'auto', scrollSnapType: 'x mandatory' }}>
        {isLoading
          ? [0, 1, 2].map((i) => (
              <li key={i}>
                <Skeleton variant="rounded" width={150} height={140} />
              </li>
            ))
          : profiles.map((profile) => (
              <Box component="li" key={profile.id} sx={{ flex: '0 0 150px', scrollSnapAlign: 'start' }}>
                <ProfileTile profile={profile} />
              </Box>
            ))}
      </Box>
    </Box>
  );
}
