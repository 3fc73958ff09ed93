import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from './loading-state';
import { CARD, Skeleton } from './skeleton-bones';

/** The skeleton of a detail screen while it loads: a Book (`detail`) or a profile. */
export function PageSkeleton({ shape }: { shape: 'detail' | 'profile' }) {
  const { t } = useTranslation();
  let body;
  if (shape === 'detail') {
    body = (
      <Box sx={CARD}>
        <Skeleton height={220} sx={{ my: 0, borderRadius: 0 }} />
        <Box sx={{ p: 2 }}>
          <Skeleton height="2rem" width="70%" />
          <Skeleton width="40%" />
          <Skeleton sx={{ mt: 2 }} />
          <Skeleton />
          <Skeleton width="85%" />
        </Box>
      </Box>
    );
  } else {
    body = (
      <Box sx={CARD}>
        <Skeleton height={120} sx={{ my: 0, borderRadius: 0 }} />
        <Box sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
          <Skeleton width={72} height={72} round sx={{ flexShrink: 0 }} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="50%" height="1.5rem" />
            <Skeleton width="80%" />
          </Box>
        </Box>
      </Box>
    );
  }
  return (
    <Box role="status" aria-busy="true" data-skeleton={shape} sx={{ py: 1 }}>
      <Box component="span" sx={visuallyHidden}>
        {t('common.loading')}
      </Box>
      {body}
    </Box>
  );
}
