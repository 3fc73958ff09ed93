import Button from '@mui/material/Button';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LoadingState } from '@/components/loading-state';
import { LoginPrompt } from '@/components/login-prompt';
import { PageContainer } from '@/components/page-container';
import { RecentUploads } from '@/components/recent-uploads';
import { UserPageTabs } from '@/components/user-page-tabs';
import { useSession } from '@/hooks/use-session';
import { ProfileCard } from '@/features/profile/components/profile-card';

/** The own profile, with the settings button only the owner sees and the last posted data. */
export function UserPageRoute() {
  const { t } = useTranslation();
  const { isLoggedIn, profile } = useSession();

  let body;
  if (!isLoggedIn) body = <LoginPrompt />;
  else if (!profile) body = <LoadingState shape="profile" />;
  else {
    const action = (
      <Button component={RouterLink} to="/settings" variant="outlined" size="small" startIcon={<SettingsOutlined />}>
        {t('profile.settings')}
      </Button>
    );
    body = (
      <>
        <ProfileCard profile={profile} action={action} />
        <RecentUploads userId={profile.userProfile} />
      </>
    );
  }
  return (
    <PageContainer width="wide" documentTitle={t('profile.myPage')}>
      {isLoggedIn ? <UserPageTabs /> : null}
      {body}
    </PageContainer>
  );
}
