import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useInView } from 'react-intersection-observer';
import type { ColumnProfileChart } from '@/api/generated';

// The charting library (about 100 KB compressed) loads only when a Book's chart comes near the
// screen: it sits below the Book's text, so a first visit does not pay for it (first-load budget).
const HeadlineChart = lazy(() => import('./headline-chart'));

export function LazyHeadlineChart({ chart, labels }: { chart: ColumnProfileChart; labels?: Record<string, string> }) {
  const { t } = useTranslation();
  const { ref, inView } = useInView({ triggerOnce: true, rootMargin: '200px 0px' });
  const placeholder = (
    <Typography color="text.secondary" sx={{ mt: 3, minHeight: 280 }}>
      {t('bookData.chartLoading')}
    </Typography>
  );
  return (
    <div ref={ref}>
      {inView ? <Suspense fallback={placeholder}>{<HeadlineChart chart={chart} labels={labels} />}</Suspense> : placeholder}
    </div>
  );
}
