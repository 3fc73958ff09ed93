import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { CARD, Skeleton } from './skeleton-bones';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Hidden on screen, read by screen readers. */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

export type LoadingShape = 'list' | 'progress';

type Props = {
  /** What screen readers hear (and, for `progress`, what is shown). */
  label?: string;
  /**
   * The shape of what is coming: `list` (cards) or `progress` (a spinner with text, for work
   * such as checking a link). Pages use PageSkeleton (page-skeleton.tsx) for a Book or profile.
   */
  shape?: LoadingShape;
};

function CardSkeleton() {
  return (
    <Box sx={CARD}>
      <Skeleton height={120} sx={{ my: 0, borderRadius: 0 }} />
      <Box sx={{ p: 2 }}>
        <Skeleton width="80%" />
        <Skeleton width="60%" />
      </Box>
    </Box>
  );
}

/**
 * Loading states are skeletons shaped like the content (ui.md): the page keeps its layout and
 * nothing jumps when the data arrives. Marked `data-skeleton` for the journeys.
 */
export function LoadingState({ label, shape = 'list' }: Props) {
  const { t } = useTranslation();
  const text = label ?? t('common.loading');
  if (shape === 'progress') {
    return (
      <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4, justifyContent: 'center' }}>
        <CircularProgress size={24} aria-hidden />
        <Typography color="text.secondary">{text}</Typography>
      </Box>
    );
  }
  let body;
  {
    body = (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
        <CardSkeleton />
        <CardSkeleton />
        <CardSkeleton />
      </Box>
    );
  }
  return (
    <Box role="status" aria-busy="true" data-skeleton={shape} sx={{ py: 1 }}>
      <Box component="span" sx={visuallyHidden}>
        {text}
      </Box>
      {body}
    </Box>
  );
}
