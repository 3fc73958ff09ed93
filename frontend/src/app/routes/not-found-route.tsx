import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageContainer } from '@/components/page-container';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('notFound.title')}>
      <Typography sx={{ mb: 3 }}>{t('notFound.body')}</Typography>
      <Button component={RouterLink} to="/home" variant="contained">
        {t('notFound.toHome')}
      </Button>
    </PageContainer>
  );
}
