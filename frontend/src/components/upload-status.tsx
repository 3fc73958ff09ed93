import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { UploadedFile } from '@/api/types';
import { isGenerating } from '@/utils/books';

type Props = { file: Pick<UploadedFile, 'status' | 'page' | 'title'> };

/** Where the Book of an uploaded file stands: generating, ready (with a link), or failed. */
export function UploadStatus({ file }: Props) {
  const { t } = useTranslation();
  if (isGenerating(file.status)) {
    return (
      <Chip
        role="status"
        icon={<CircularProgress size={14} aria-hidden />}
        label={t('upload.generating')}
        variant="outlined"
        color="primary"
      />
    );
  }
  if (file.status === 'done' && file.page !== null) {
    return (
      <Button component={RouterLink} to={`/mono/${file.page}`} size="small" variant="contained" startIcon={<CheckCircleOutlined />} aria-label={`${t('upload.openBook')}: ${file.title}`}>
        {t('upload.openBook')}
      </Button>
    );
  }
  if (file.status === 'done') return <Chip label={t('upload.done')} color="success" variant="outlined" />;
  return (
    <Typography role="alert" color="error" variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <ErrorOutlineOutlined fontSize="small" aria-hidden />
      {t('upload.failed')}
    </Typography>
  );
}
