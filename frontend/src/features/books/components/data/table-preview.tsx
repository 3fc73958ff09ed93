import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/api';
import '@/i18n/book-data';

/** The first 20 rows of the Book's table, on demand, for those who may download its file (the server checks again). */
export function TablePreview({ bookId }: { bookId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data, isError, isFetching } = api.endpoints.getPagePreview.useQuery({ id: bookId }, { skip: !open });
  return (
    <Box component="section" aria-labelledby="table-preview-title" sx={{ mt: 3 }}>
      <Typography id="table-preview-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {t('bookData.previewTitle')}
      </Typography>
      <Button variant="outlined" size="small" sx={{ mt: 1 }} onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="table-preview-rows">
        {open ? t('bookData.previewHide') : t('bookData.previewShow')}
      </Button>
      <Box id="table-preview-rows">
        {open && isError ? <Alert severity="error" sx={{ mt: 1 }}>{t('bookData.previewError')}</Alert> : null}
        {open && data && data.columns.length === 0 ? <Typography color="text.secondary" sx={{ mt: 1 }}>{t('bookData.previewEmpty')}</Typography> : null}
        {open && data && data.columns.length > 0 && !isFetching ? (
          <Box sx={{ overflowX: 'auto', mt: 1 }} tabIndex={0} role="region" aria-labelledby="table-preview-caption">
            <Box component="table" sx={{ borderCollapse: 'collapse', fontSize: 13, '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5, whiteSpace: 'nowrap', textAlign: 'left' } }}>
              <caption id="table-preview-caption" style={{ textAlign: 'left', captionSide: 'top', paddingBottom: 4 }}>
                {t('bookData.previewCaption', { count: data.rows.length, sheet: data.sheet })}
              </caption>
              <thead>
                <tr>
                  {data.columns.map((c, i) => (
                    <th key={i} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, i) => (
                      <td key={i}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
