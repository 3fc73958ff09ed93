import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '@/api/api';
import { LAST_UPLOADS } from '@/utils/books';
import { UploadedFileRow } from './uploaded-file-row';

type Props = { userId: number };

/** The last 3 posted data files, linking to /posteddata. */
export function RecentUploads({ userId }: Props) {
  const { t } = useTranslation();
  const { data } = api.endpoints.listUploadedFiles.useQuery({ userId, count: 0 });
  const files = (data ?? []).slice(0, LAST_UPLOADS);
  return (
    <Box component="section" aria-labelledby="recent-uploads-title" sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography id="recent-uploads-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('upload.recentTitle')}
        </Typography>
        <Button component={RouterLink} to="/posteddata" size="small">
          {t('upload.seeAllPosted')}
        </Button>
      </Box>
      {data && files.length === 0 ? <Typography color="text.secondary">{t('upload.postedEmpty')}</Typography> : null}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {files.map((file) => (
          <li key={file.id}>
            <UploadedFileRow file={file} />
          </li>
        ))}
      </Box>
    </Box>
  );
}
