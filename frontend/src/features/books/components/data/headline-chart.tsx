import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import type { ColumnProfileChart } from '@/api/generated';
import '@/i18n/book-data';

/**
 * The chart of a Book's headline measure: over time (line) or by label (bars), with labelled axes
 * and units. Columns are named by their labels in the reader's language where the column profile
 * has them (the profile table beside shows the names as written). Loaded lazily.
 */
export default function HeadlineChart({ chart, labels = {} }: { chart: ColumnProfileChart; labels?: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const nf = new Intl.NumberFormat(i18n.language === 'ja' ? 'ja-JP' : 'en-US', { maximumFractionDigits: 2 });
  const aggregate = t(`bookData.aggregate.${chart.aggregate}`);
  const measure = labels[chart.measure] ?? chart.measure;
  const x = labels[chart.x] ?? chart.x;
  // A label carries its unit already when it is known.
  const yLabel = chart.unit && !measure.includes(chart.unit) ? t('bookData.axisWithUnit', { measure, unit: chart.unit }) : measure;
  const caption =
    chart.kind === 'line'
      ? t('bookData.chartOverTime', { aggregate, measure, x })
      : t('bookData.chartByLabel', { aggregate, measure, x, count: chart.values.length });
  const bars = chart.values.slice(0, 20);
  const common = {
    height: 280,
    margin: { left: 16, right: 16, top: 16, bottom: 16 },
    yAxis: [{ label: yLabel, valueFormatter: (v: number | null) => (v === null ? '' : nf.format(v)), width: 72 }],
  };
  return (
    <Box component="figure" aria-labelledby="headline-chart-caption" sx={{ m: 0, mt: 3 }}>
      <Typography id="headline-chart-caption" component="figcaption" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {caption}
      </Typography>
      <Box role="img" aria-label={caption}>
        {chart.kind === 'line' ? (
          <LineChart
            {...common}
            xAxis={[{ scaleType: 'point', data: chart.labels, label: x }]}
            series={[{ data: chart.values, label: measure, showMark: chart.values.length <= 24, valueFormatter: (v) => (v === null ? '' : nf.format(v)) }]}
            hideLegend
          />
        ) : (
          <BarChart
            {...common}
            xAxis={[{ scaleType: 'band', data: chart.labels.slice(0, bars.length), label: x }]}
            series={[{ data: bars, label: measure, valueFormatter: (v) => (v === null ? '' : nf.format(v)) }]}
            hideLegend
          />
        )}
      </Box>
    </Box>
  );
}
