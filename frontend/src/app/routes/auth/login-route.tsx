import { Suspense, lazy, useState } from 'react';
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
import { LoginForm } from '@/features/auth/components/login-form';
import { ProviderSignIn } from '@/features/auth/components/provider-sign-in';
import { SwitchAccountDialog, useSignInCode } from '@/features/auth/components/sign-in-code';
// The how-to dialog's code (the walkthrough, the video player) loads when it is opened.
const HowtoDialog = lazy(() => import('@/components/help/howto-dialog').then((module) => ({ default: module.HowtoDialog })));
// Sign-up sits below the log-in form: its code (checkbox, terms links) follows the first paint.
const RegisterForm = lazy(() => import('@/features/auth/components/register-form').then((module) => ({ default: module.RegisterForm })));

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
  // LINE and Yahoo! JAPAN sign-ins come back as /login?code=… (features/auth/components/sign-in-code.tsx).
  const signInCode = useSignInCode();
  const [howto, setHowto] = useState(false);
  if (signInCode.state.phase === 'exchanging') return <LoadingState shape="progress" />;
  if (signInCode.state.phase === 'choose') {
    return (
      <>
        <LoadingState shape="progress" />
        <SwitchAccountDialog current={signInCode.state.current} other={signInCode.state.other} onChoose={signInCode.resolve} />
      </>
    );
  }
  return (
    <PageContainer documentTitle={t('auth.loginTitle')}>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography id="login-title" component="h1" variant="h5" sx={{ fontWeight: 700 }}>
            {t('auth.loginTitle')}
          </Typography>
          <ProviderFailure />
          {signInCode.state.phase === 'failed'
            ? signInCode.state.messages.map((message) => (
                <Alert key={message} severity="error" role="alert" sx={{ mb: 2 }}>
                  {message}
                </Alert>
              ))
            : null}
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
