import { Suspense, lazy, useEffect } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageContainer } from '@/components/page-container';
import { LoadingState } from '@/components/loading-state';
import { LegalLinks } from '@/components/legal-links';
import { writeToken } from '@/lib/token-storage';
import { LoginForm } from '@/features/auth/components/login-form';
// Sign-up sits below the log-in form: its code (checkbox, terms links) follows the first paint.
const RegisterForm = lazy(() => import('@/features/auth/components/register-form').then((module) => ({ default: module.RegisterForm })));

/** LINE and Yahoo! JAPAN logins come back as /login?token=...: keep it, clean the address, reload. */
function useTokenFromAddress(): boolean {
  const [params] = useSearchParams();
  const token = params.get('token');
  useEffect(() => {
    if (!token) return;
    writeToken(token);
    const url = new URL(window.location.href);
    url.searchParams.delete('token');
    window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
    window.location.reload();
  }, [token]);
  return Boolean(token);
}

export function LoginRoute() {
  const { t } = useTranslation();
  const receivingToken = useTokenFromAddress();
  if (receivingToken) return <LoadingState shape="progress" />;
  return (
    <PageContainer documentTitle={t('auth.loginTitle')}>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography id="login-title" component="h1" variant="h5" sx={{ fontWeight: 700 }}>
            {t('auth.loginTitle')}
          </Typography>
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
    </PageContainer>
  );
}
