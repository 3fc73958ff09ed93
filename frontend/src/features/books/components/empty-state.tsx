import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

type Props = { message: string; action?: ReactNode };

/** What to do next when a list is empty. */
export function EmptyState({ message, action }: Props) {
  return (
    <Box sx={{ textAlign: 'center', py: 5, px: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
      <Typography color="text.secondary">{message}</Typography>
      {action}
    </Box>
  );
}
