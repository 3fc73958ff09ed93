import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageContainer } from '@/components/page-container';

export function PleaseVerifyRoute() {
  const { t } = useTranslation();
  return (
    <PageContainer documentTitle={t('auth.pleaseVerifyTitle')}>
      <Card>
        <CardContent sx={{ textAlign: 'center' }}>
          <MarkEmailReadOutlined color="primary" sx={{ fontSize: 56 }} aria-hidden />
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, my: 1 }}>
            {t('auth.pleaseVerifyTitle')}
          </Typography>
          <Typography sx={{ mb: 1 }}>{t('auth.pleaseVerifyBody')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {t('auth.pleaseVerifyHint')}
          </Typography>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('auth.toLogin')}
          </Button>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
