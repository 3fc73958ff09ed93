import { Suspense, lazy } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '@/api/api';
import { LoadingState } from '@/components/loading-state';
import { LoginPrompt } from '@/components/login-prompt';
import { PageContainer } from '@/components/page-container';
import { useSession } from '@/hooks/use-session';

// The charting library comes with this chunk only, once the figures are there.
const AnalyticsCharts = lazy(() => import('@/features/analytics/components/analytics-charts').then((m) => ({ default: m.AnalyticsCharts })));

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : undefined;
}

function EnterpriseOnly() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" data-testid="analytics-enterprise-only">
      <AlertTitle>{t('help.analytics.enterpriseOnly')}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('help.analytics.enterpriseOnlyText')}
      </Typography>
      <Typography variant="body2">{t('help.analytics.enterpriseContact')}</Typography>
    </Alert>
  );
}

function Figures() {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = api.endpoints.analytics.useQuery();
  if (isLoading) return <LoadingState />;
  const status = statusOf(error);
  if (status === 403) return <EnterpriseOnly />;
  if (status === 401) return <LoginPrompt />;
  if (error || !data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {t('help.analytics.retry')}
          </Button>
        }
      >
        {t('help.analytics.error')}
      </Alert>
    );
  }
  if (data.book_count === 0) {
    return (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to="/recommend" color="inherit" size="small">
            {t('help.analytics.postData')}
          </Button>
        }
      >
        {t('help.analytics.noBooks')}
      </Alert>
    );
  }
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('help.analytics.intro', { count: data.book_count })}
      </Typography>
      <Suspense fallback={<LoadingState />}>
        <AnalyticsCharts data={data} />
      </Suspense>
    </>
  );
}

/** /analytics (spec §2, api-contract rule 9): enterprise accounts only; the server refuses the others (403). */
export function AnalyticsRoute() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  return (
    <PageContainer width="wide" documentTitle={t('help.analytics.title')}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
          {t('help.analytics.title')}
        </Typography>
        <Chip label={t('help.analytics.enterpriseOnly')} size="small" color="primary" variant="outlined" />
      </Stack>
      {isLoggedIn ? <Figures /> : <LoginPrompt />}
    </PageContainer>
  );
}
