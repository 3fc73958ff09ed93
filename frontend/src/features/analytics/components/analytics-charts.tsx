import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { AnalyticsResponse } from '@/api/generated';
import { visuallyHidden } from '@/components/loading-state';

/** 'YYYY-MM-DD' → 'M/D'. */
const shortDay = (day: string) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;
/** 'YYYY-MM' → 'YYYY/M'. */
const shortMonth = (month: string) => `${month.slice(0, 4)}/${Number(month.slice(5, 7))}`;

function ChartCard({ id, title, summary, children }: { id: string; title: string; summary?: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {summary ? (
          <Typography variant="body2" color="text.secondary">
            {summary}
          </Typography>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The figures of a chart for screen readers (the chart itself is a picture to them). Hidden in a
 * box of its own: a table is never narrower than its content, and a hidden table of its own width
 * made /analytics scroll sideways at 360 px (issue 41, item 3).
 */
function HiddenTable({ caption, head, rows }: { caption: string; head: string[]; rows: Array<Array<string | number>> }) {
  return (
    <Box sx={visuallyHidden}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])}>
              {row.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

/** /analytics' charts (@mui/x-charts, loaded with this chunk only). */
export function AnalyticsCharts({ data }: { data: AnalyticsResponse }) {
  const { t, i18n } = useTranslation();
  const { palette } = useTheme();
  // Whole yen, short (「25万」, "250K"): never 「0.00…」 on the sales axis.
  const yen = new Intl.NumberFormat(i18n.language === 'ja' ? 'ja-JP' : 'en-US', { notation: 'compact', maximumFractionDigits: 1 });
  const totalViews = data.views.reduce((n, d) => n + d.views, 0);
  const f = data.followers_by_sex;
  const followers = f.male + f.female + f.other + f.unanswered;
  const sexes = [
    { id: 'male', value: f.male, label: t('help.analytics.male'), color: palette.primary.main },
    { id: 'female', value: f.female, label: t('help.analytics.female'), color: palette.secondary.main },
    { id: 'other', value: f.other, label: t('help.analytics.other'), color: palette.primary.light },
    { id: 'unanswered', value: f.unanswered, label: t('help.analytics.unanswered'), color: palette.grey[500] },
  ];
  const months = data.posts.map((m) => shortMonth(m.month));
  const a = (key: 'views' | 'followers' | 'posts' | 'sales') => t(`help.analytics.${key}`);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
      <Box sx={{ gridColumn: { md: '1 / -1' } }}>
        <ChartCard id="analytics-views" title={a('views')} summary={t('help.analytics.viewsTotal', { count: totalViews })}>
          <Box>
            <LineChart
              height={240}
              xAxis={[{ scaleType: 'point', data: data.views.map((d) => shortDay(d.day)) }]}
              yAxis={[{ min: 0, tickMinStep: 1 }]}
              series={[{ data: data.views.map((d) => d.views), label: a('views'), color: palette.primary.main, area: true, showMark: false }]}
              hideLegend
            />
          </Box>
          <HiddenTable
            caption={t('help.analytics.tableCaption', { chart: a('views') })}
            head={[t('help.analytics.day'), t('help.analytics.count')]}
            rows={data.views.map((d) => [d.day, d.views])}
          />
        </ChartCard>
      </Box>
      <ChartCard id="analytics-followers" title={a('followers')} summary={t('help.analytics.followersTotal', { count: followers })}>
        <Box>
          <PieChart height={220} series={[{ data: sexes, innerRadius: 40, paddingAngle: 1, cornerRadius: 3 }]} />
        </Box>
        <HiddenTable
          caption={t('help.analytics.tableCaption', { chart: a('followers') })}
          head={['', t('help.analytics.count')]}
          rows={sexes.map((s) => [s.label, s.value])}
        />
      </ChartCard>
      <ChartCard id="analytics-posts" title={a('posts')}>
        <Box>
          <BarChart
            height={180}
            xAxis={[{ scaleType: 'band', data: months }]}
            yAxis={[{ min: 0, tickMinStep: 1 }]}
            series={[{ data: data.posts.map((m) => m.posts), label: t('help.analytics.postsSeries'), color: palette.primary.main }]}
          />
          <LineChart
            height={160}
            xAxis={[{ scaleType: 'point', data: months }]}
            yAxis={[{ min: 0, max: 100 }]}
            series={[{ data: data.posts.map((m) => m.rating), label: t('help.analytics.ratingSeries'), color: palette.secondary.main, connectNulls: true }]}
          />
        </Box>
        <HiddenTable
          caption={t('help.analytics.tableCaption', { chart: a('posts') })}
          head={[t('help.analytics.month'), t('help.analytics.postsSeries'), t('help.analytics.ratingSeries')]}
          rows={data.posts.map((m) => [m.month, m.posts, m.rating ?? '—'])}
        />
      </ChartCard>
      <Box sx={{ gridColumn: { md: '1 / -1' } }}>
        <ChartCard id="analytics-sales" title={a('sales')}>
          {data.sales.available ? (
            <>
              <Box>
                <BarChart
                  height={200}
                  xAxis={[{ scaleType: 'band', data: data.sales.series.map((s) => shortMonth(s.month)) }]}
                  yAxis={[{ min: 0, tickMinStep: 1, valueFormatter: (value: number | null) => (value === null ? '' : yen.format(value)) }]}
                  series={[{ data: data.sales.series.map((s) => s.amount), label: t('help.analytics.salesSeries'), color: palette.secondary.main }]}
                />
              </Box>
              <HiddenTable
                caption={t('help.analytics.tableCaption', { chart: a('sales') })}
                head={[t('help.analytics.month'), t('help.analytics.salesSeries')]}
                rows={data.sales.series.map((s) => [s.month, s.amount])}
              />
            </>
          ) : (
            <Alert severity="info" sx={{ mt: 1 }}>
              {t('help.analytics.salesUnavailable')}
            </Alert>
          )}
        </ChartCard>
      </Box>
      <Box sx={{ gridColumn: { md: '1 / -1' } }}>
        <Card component="section" aria-labelledby="analytics-books">
          <CardContent>
            <Typography id="analytics-books" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
              {t('help.analytics.books')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5, columns: { sm: 2 } }}>
              {data.books.map((book) => (
                <li key={book.id}>
                  <Link component={RouterLink} to={`/mono/${book.id}`}>
                    {book.title}
                  </Link>
                </li>
              ))}
            </Box>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
