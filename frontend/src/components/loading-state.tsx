import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type Props = { label?: string };

export function LoadingState({ label }: Props) {
  const { t } = useTranslation();
  const text = label ?? t('common.loading');
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4, justifyContent: 'center' }}>
      <CircularProgress size={24} aria-hidden />
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}
