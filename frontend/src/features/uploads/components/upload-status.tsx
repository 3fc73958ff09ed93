import Box from '@mui/material/Box';
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

type Props = { file: Pick<UploadedFile, 'status' | 'page' | 'title'> & Partial<Pick<UploadedFile, 'failure'>> };

/** Why a file could not be read, in the user's language (uploadedfiles/ `failure`). */
const FAILURE_KEYS = {
  unreadable: 'upload.failureUnreadable',
  'too-large': 'upload.failureTooLarge',
  timeout: 'upload.failureTimeout',
  interrupted: 'upload.failureInterrupted',
} as const;

/** Where the Book of an uploaded file stands: generating, ready (with a link), or failed. */
export function UploadStatus({ file }: Props) {
  const { t } = useTranslation();
  if (isGenerating(file.status)) {
    return <Chip role="status" icon={<CircularProgress size={14} aria-hidden />} label={t('upload.generating')} variant="outlined" color="primary" />;
  }
  if (file.status === 'done' && file.page !== null) {
    return (
      <Button
        component={RouterLink}
        to={`/mono/${file.page}`}
        size="small"
        variant="contained"
        startIcon={<CheckCircleOutlined />}
        aria-label={`${t('upload.openBook')}: ${file.title}`}
      >
        {t('upload.openBook')}
      </Button>
    );
  }
  if (file.status === 'done') return <Chip label={t('upload.done')} color="success" variant="outlined" />;
  const reason = file.failure ? FAILURE_KEYS[file.failure] : undefined;
  return (
    <Box role="alert" sx={{ color: 'error.main', maxWidth: 360 }}>
      <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: reason ? 700 : undefined }}>
        <ErrorOutlineOutlined fontSize="small" aria-hidden />
        {reason ? t('upload.couldNotRead') : t('upload.failed')}
      </Typography>
      {reason ? (
        <Typography variant="body2" color="text.secondary">
          {t(reason)}
        </Typography>
      ) : null}
    </Box>
  );
}
