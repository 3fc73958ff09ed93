import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { PageContainer } from '@/components/page-container';
import { ResendVerification } from '@/features/auth/components/resend-verification';

export function PleaseVerifyRoute() {
  const { t } = useTranslation();
  // The address just signed up with (register-form.tsx passes it; not in the URL).
  const email = (useLocation().state as { email?: string } | null)?.email;
  return (
    <PageContainer documentTitle={t('auth.pleaseVerifyTitle')}>
      <Card>
        <CardContent sx={{ textAlign: 'center' }}>
          <MarkEmailReadOutlined color="primary" sx={{ fontSize: 56 }} aria-hidden />
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, my: 1 }}>
            {t('auth.pleaseVerifyTitle')}
          </Typography>
          <Typography sx={{ mb: 1 }}>{t('auth.pleaseVerifyBody')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('auth.pleaseVerifyResendHint')}
          </Typography>
          <ResendVerification email={email} />
          <Button component={RouterLink} to="/login" variant="contained" sx={{ mt: 3 }}>
            {t('auth.toLogin')}
          </Button>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
