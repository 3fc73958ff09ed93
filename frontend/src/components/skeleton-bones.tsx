import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.4; }
  100% { opacity: 1; }
`;

type BoneProps = { width?: string | number; height?: string | number; round?: boolean; sx?: object };

/** A grey placeholder block (MUI's Skeleton look, without its code in the app shell). */
export function Skeleton({ width = '100%', height = '1em', round = false, sx }: BoneProps) {
  return (
    <Box
      aria-hidden
      sx={{
        width,
        height,
        my: round ? 0 : 0.5,
        borderRadius: round ? '50%' : 1,
        bgcolor: 'rgba(31, 35, 40, 0.11)',
        animation: `${pulse} 1.5s ease-in-out 0.5s infinite`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        ...sx,
      }}
    />
  );
}

// Plain boxes shaped like cards: the skeleton is in the app shell, so it stays light.
export const CARD = { bgcolor: 'background.paper', borderRadius: 4, overflow: 'hidden' } as const;
