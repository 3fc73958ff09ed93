import { Suspense, lazy, useEffect, useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageContainer } from '@/components/page-container';
import { LoadingState } from '@/components/loading-state';
import { LegalLinks } from '@/components/legal-links';
import { writeToken } from '@/lib/token-storage';
import { LoginForm } from '@/features/auth/components/login-form';
import { ProviderSignIn } from '@/features/auth/components/provider-sign-in';
import { rememberInvitedCircle } from '@/features/auth/utils/in-app-browser';
import '@/i18n/sign-in';
import '@/i18n/help-login';
// The how-to dialog's code (the walkthrough, the video player) loads when it is opened.
const HowtoDialog = lazy(() => import('@/components/help/howto-dialog').then((module) => ({ default: module.HowtoDialog })));
// Sign-up sits below the log-in form: its code (checkbox, terms links) follows the first paint.
const RegisterForm = lazy(() => import('@/features/auth/components/register-form').then((module) => ({ default: module.RegisterForm })));

/** Only paths inside the app are followed. */
const insideApp = (path: string | null) => (path && path.startsWith('/') && !path.startsWith('//') ? path : null);

/**
 * LINE and Yahoo! JAPAN logins come back as /login?token=…&next=/home|/account (&community=…):
 * keep the token, clean the address (the next screen stands in its place), reload.
 */
function useTokenFromAddress(): boolean {
  const [params] = useSearchParams();
  const token = params.get('token');
  useEffect(() => {
    if (!token) return;
    writeToken(token);
    const community = Number(params.get('community'));
    if (Number.isInteger(community) && community > 0) rememberInvitedCircle(community);
    const url = new URL(window.location.href);
    const next = insideApp(url.searchParams.get('next'));
    for (const key of ['token', 'next', 'community']) url.searchParams.delete(key);
    window.history.replaceState(null, '', next ?? `${url.pathname}${url.search}${url.hash}`);
    window.location.reload();
  }, [token, params]);
  return Boolean(token);
}

/** A provider's sign-in that ended without a session: /login?error=cancelled|failed|… */
function ProviderFailure() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const error = params.get('error');
  if (!error) return null;
  const known = ['cancelled', 'failed', 'expired', 'email_unverified', 'inactive', 'taken'] as const;
  const key = (known as readonly string[]).includes(error) ? (error as (typeof known)[number]) : 'failed';
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {t(`signIn.errors.${key}`)}
    </Alert>
  );
}

export function LoginRoute() {
  const { t } = useTranslation();
  const receivingToken = useTokenFromAddress();
  const [howto, setHowto] = useState(false);
  if (receivingToken) return <LoadingState shape="progress" />;
  return (
    <PageContainer documentTitle={t('auth.loginTitle')}>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography id="login-title" component="h1" variant="h5" sx={{ fontWeight: 700 }}>
            {t('auth.loginTitle')}
          </Typography>
          <ProviderFailure />
          <ProviderSignIn />
          <LoginForm />
          <Typography sx={{ mt: 2, textAlign: 'center' }}>
            <Link component={RouterLink} to="/forgot">
              {t('auth.forgotLink')}
            </Link>
          </Typography>
        </CardContent>
      </Card>
      <Divider sx={{ mb: 3 }}>{t('auth.orRegister')}</Divider>
      <Card>
        <CardContent>
          <Typography id="register-title" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
            {t('auth.registerTitle')}
          </Typography>
          <Suspense fallback={<LoadingState />}>
            <RegisterForm />
          </Suspense>
        </CardContent>
      </Card>
      <LegalLinks />
      <Typography sx={{ mt: 1.5, textAlign: 'center' }}>
        <Button startIcon={<HelpOutline />} onClick={() => setHowto(true)}>
          {t('helpLogin.button')}
        </Button>
      </Typography>
      {howto ? (
        <Suspense fallback={null}>
          <HowtoDialog open onClose={() => setHowto(false)} />
        </Suspense>
      ) : null}
    </PageContainer>
  );
}
