import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { api } from '@/api/api';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { useSession } from '@/hooks/use-session';
import { isNotFound } from '@/utils/api-error';
import { ProfileCard } from '../components/profile-card';

/** Another user's profile, by user id. */
export function UserRoute() {
  const { t } = useTranslation();
  const { userid } = useParams();
  const userId = Number(userid);
  const valid = Number.isInteger(userId) && userId > 0;
  const { profile: mine } = useSession();
  const { data, error, isLoading } = api.endpoints.getProfileDetail.useQuery({ id: userId }, { skip: !valid });

  let body;
  if (!valid || isNotFound(error)) body = <Alert severity="info">{t('profile.notFound')}</Alert>;
  else if (isLoading) body = <LoadingState />;
  else if (data) {
    const own = mine !== undefined && mine.userProfile === data.userProfile;
    const action = own ? (
      <Button component={RouterLink} to="/userpage" variant="outlined" size="small">
        {t('profile.myPage')}
      </Button>
    ) : undefined;
    body = <ProfileCard profile={data} action={action} />;
  } else body = <Alert severity="error">{t('common.errorGeneric')}</Alert>;

  return <PageContainer width="wide">{body}</PageContainer>;
}
