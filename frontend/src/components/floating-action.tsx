import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { HEADER_ACTIONS_ID } from './header-actions';

/**
 * The style of a floating button that steps aside: faded out and not there for taps, focus or
 * screen readers (visibility), back with a short fade. Screens hide their floating buttons this
 * way while something they would cover is on screen (a Book's actions on a phone).
 */
export function stowedFab(stowed: boolean) {
  return {
    transition: 'opacity 150ms ease, transform 150ms ease, visibility 0s linear 0s',
    ...(stowed
      ? {
          opacity: 0,
          transform: 'scale(0.6)',
          visibility: 'hidden' as const,
          transition: 'opacity 150ms ease, transform 150ms ease, visibility 0s linear 150ms',
        }
      : {}),
  };
}

type FloatingActionProps = {
  label: string;
  icon: ReactNode;
  color: 'primary' | 'secondary';
  /** Distance from the bottom of a phone's screen (above the bottom bar) and of a tablet's. */
  bottom: { xs: number; sm: number };
  /** Distance from the right edge on a phone: the two buttons sit side by side there. */
  phoneRight: number;
  stowed: boolean;
  onClick: () => void;
};

/**
 * One of the screen's two actions (write a post, post data). From 900 px on it sits in the
 * header, where it covers nothing; below that it floats at the bottom right. On a phone it is a
 * round icon button (its name stays the same for screen readers), the two side by side above
 * the bottom bar, so that they cover as little of a list as possible.
 */
export function FloatingAction({ label, icon, color, bottom, phoneRight, stowed, onClick }: FloatingActionProps) {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    setSlot(wide ? document.getElementById(HEADER_ACTIONS_ID) : null);
  }, [wide]);
  if (wide && slot) {
    return createPortal(
      <Fab color={color} variant="extended" size="medium" onClick={onClick} aria-label={label} sx={{ boxShadow: 'none', flexShrink: 0 }}>
        <Box component="span" sx={{ display: 'inline-flex', mr: 1 }} aria-hidden>
          {icon}
        </Box>
        {label}
      </Fab>,
      slot,
    );
  }
  return (
    <Fab
      color={color}
      variant="extended"
      onClick={onClick}
      aria-label={label}
      sx={{
        position: 'fixed',
        right: { xs: phoneRight, sm: 32 },
        bottom,
        zIndex: (theme) => theme.zIndex.speedDial,
        // A phone: a round 56 px icon button.
        width: { xs: 56, sm: 'auto' },
        height: { xs: 56, sm: 48 },
        minWidth: 0,
        px: { xs: 0, sm: 2 },
        borderRadius: { xs: '50%', sm: 24 },
        ...stowedFab(stowed),
      }}
    >
      <Box component="span" sx={{ display: 'inline-flex', mr: { xs: 0, sm: 1 } }} aria-hidden>
        {icon}
      </Box>
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {label}
      </Box>
    </Fab>
  );
}
