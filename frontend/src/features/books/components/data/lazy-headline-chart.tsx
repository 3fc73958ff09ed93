import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnProfileChart } from '@/api/generated';

// The charting library loads only when a Book with a chart is shown (first-load budget).
const HeadlineChart = lazy(() => import('./headline-chart'));

export function LazyHeadlineChart({ chart }: { chart: ColumnProfileChart }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Typography color="text.secondary" sx={{ mt: 3, minHeight: 280 }}>{t('bookData.chartLoading')}</Typography>}>
      <HeadlineChart chart={chart} />
    </Suspense>
  );
}
