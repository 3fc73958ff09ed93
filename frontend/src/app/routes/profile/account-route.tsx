import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '@/components/page-skeleton';
import { LoginPrompt } from '@/components/login-prompt';
import { PageContainer } from '@/components/page-container';
import { useSession } from '@/hooks/use-session';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { SignInMethodsCard } from '@/features/auth/components/sign-in-methods-card';

export function AccountRoute() {
  const { t } = useTranslation();
  const { isLoggedIn, profile, isProfileLoading, hasNoProfile, profileError } = useSession();

  let body;
  if (!isLoggedIn) body = <LoginPrompt />;
  else if (isProfileLoading) body = <PageSkeleton shape="profile" />;
  else if (profile || hasNoProfile) {
    body = (
      <Card>
        <CardContent>
          {hasNoProfile ? <Typography sx={{ mb: 1 }}>{t('profile.createIntro')}</Typography> : null}
          <ProfileForm key={profile?.id ?? 'new'} profile={profile} />
        </CardContent>
      </Card>
    );
  } else if (profileError) body = <Alert severity="error">{t('common.errorGeneric')}</Alert>;
  else body = <PageSkeleton shape="profile" />;

  return (
    <PageContainer title={t('profile.accountTitle')}>
      {body}
      {isLoggedIn ? <SignInMethodsCard /> : null}
    </PageContainer>
  );
}
