import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BookColumnProfile, ColumnProfileEntry } from '@/api/generated';
import '@/i18n/book-data';

const formatter = (language: string) => new Intl.NumberFormat(language === 'ja' ? 'ja-JP' : 'en-US', { maximumFractionDigits: 2 });

/** A strip of small bars (histogram or value counts), drawn with boxes: no chart library. */
function Strip({ counts, label }: { counts: number[]; label: string }) {
  const max = Math.max(1, ...counts);
  return (
    <Box role="img" aria-label={label} sx={{ display: 'flex', alignItems: 'flex-end', gap: '2px', height: 28, minWidth: 72 }}>
      {counts.map((c, i) => (
        <Box key={i} sx={{ flex: 1, minWidth: 3, height: `${Math.max(c > 0 ? 8 : 0, (c / max) * 100)}%`, bgcolor: 'primary.main', opacity: 0.75, borderRadius: '1px' }} />
      ))}
    </Box>
  );
}

function Values({ column }: { column: ColumnProfileEntry }) {
  const { t, i18n } = useTranslation();
  const nf = formatter(i18n.language);
  const unit = column.unit ? ` ${column.unit}` : '';
  if (column.type === 'number' && column.min !== undefined && column.max !== undefined) {
    return <>{t('bookData.range', { min: nf.format(column.min) + unit, max: nf.format(column.max) + unit })}</>;
  }
  if (column.type === 'date' && column.from && column.to) return <>{t('bookData.dateRange', { from: column.from, to: column.to })}</>;
  const top = (column.top ?? []).slice(0, 3);
  const distinct = column.distinctCapped ? t('bookData.distinctMore', { count: column.distinct }) : t('bookData.distinct', { count: column.distinct });
  return (
    <>
      {top.map((v) => `${v.value} (${nf.format(v.count)})`).join(', ')}
      {top.length ? ' · ' : ''}
      {distinct}
    </>
  );
}

function Shape({ column }: { column: ColumnProfileEntry }) {
  const { t, i18n } = useTranslation();
  const nf = formatter(i18n.language);
  if (column.bins && column.bins.length > 1 && column.min !== undefined && column.max !== undefined) {
    return <Strip counts={column.bins} label={t('bookData.histogramLabel', { column: column.name, bins: column.bins.length, min: nf.format(column.min), max: nf.format(column.max) })} />;
  }
  if (column.top && column.top.length > 1) return <Strip counts={column.top.map((v) => v.count)} label={t('bookData.barsLabel', { column: column.name })} />;
  return null;
}

/** The column profile of a Book's main table: type, empty share, range or frequent values and a small distribution strip per column. */
export function ColumnProfile({ profile }: { profile: BookColumnProfile }) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language === 'ja' ? 'ja-JP' : 'en-US', { style: 'percent', maximumFractionDigits: 1 });
  return (
    <Box component="section" aria-labelledby="column-profile-title" sx={{ mt: 3 }}>
      <Typography id="column-profile-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {t('bookData.profileTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('bookData.profileIntro', { count: profile.rows, sheet: profile.sheet })}
        {profile.sampled ? ` ${t('bookData.profileSampled')}` : ''}
      </Typography>
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby="column-profile-title">
        <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', fontSize: 14, '& th, & td': { textAlign: 'left', verticalAlign: 'middle', py: 0.75, pr: 1.5, borderBottom: 1, borderColor: 'divider' }, '& th': { fontWeight: 700, whiteSpace: 'nowrap' } }}>
          <thead>
            <tr>
              <th scope="col">{t('bookData.column')}</th>
              <th scope="col">{t('bookData.type')}</th>
              <th scope="col">{t('bookData.missing')}</th>
              <th scope="col">{t('bookData.values')}</th>
              <th scope="col">{t('bookData.shape')}</th>
            </tr>
          </thead>
          <tbody>
            {profile.columns.map((c) => (
              <tr key={c.name}>
                <th scope="row" style={{ fontWeight: 600, wordBreak: 'break-word' }}>
                  {c.name}
                  {/* The name explained in the reader's language (the name stays: it is what the file says). */}
                  {c.label ? (
                    <Typography component="span" variant="caption" color="text.secondary" data-testid="column-label" sx={{ display: 'block', fontWeight: 400, whiteSpace: 'normal', minWidth: '8em' }}>
                      {c.label}
                    </Typography>
                  ) : null}
                </th>
                <td>
                  {t(`bookData.types.${c.type}`)}
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {t(`bookData.roles.${c.role}`)}
                  </Typography>
                </td>
                <td>{percent.format(c.missing)}</td>
                <td style={{ wordBreak: 'break-word' }}>
                  <Values column={c} />
                </td>
                <td>
                  <Shape column={c} />
                </td>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Box>
  );
}
