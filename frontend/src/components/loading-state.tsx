import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
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

export type LoadingShape = 'list' | 'detail' | 'profile' | 'progress';

type Props = {
  /** What screen readers hear (and, for `progress`, what is shown). */
  label?: string;
  /**
   * The shape of what is coming: `list` (cards), `detail` (a Book), `profile` (a profile card),
   * or `progress` (a spinner with text, for work such as checking a link).
   */
  shape?: LoadingShape;
};

function CardSkeleton() {
  return (
    <Card variant="outlined">
      <Skeleton variant="rectangular" height={120} animation="wave" />
      <CardContent>
        <Skeleton width="80%" />
        <Skeleton width="60%" />
      </CardContent>
    </Card>
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
  if (shape === 'detail') {
    body = (
      <Card>
        <Skeleton variant="rectangular" animation="wave" sx={{ height: { xs: 180, sm: 260 } }} />
        <CardContent>
          <Skeleton variant="text" sx={{ fontSize: '2rem' }} width="70%" />
          <Skeleton width="40%" />
          <Skeleton sx={{ mt: 2 }} />
          <Skeleton />
          <Skeleton width="85%" />
        </CardContent>
      </Card>
    );
  } else if (shape === 'profile') {
    body = (
      <Card>
        <Skeleton variant="rectangular" height={120} animation="wave" />
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Skeleton variant="circular" width={72} height={72} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="50%" sx={{ fontSize: '1.5rem' }} />
            <Skeleton width="80%" />
          </Box>
        </CardContent>
      </Card>
    );
  } else {
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
