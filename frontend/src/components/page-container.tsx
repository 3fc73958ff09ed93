import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { visuallyHidden } from './loading-state';

type Props = {
  title?: string;
  children: ReactNode;
  /** Narrow pages are forms; wide ones are lists. */
  width?: 'narrow' | 'wide';
  /** The document title when it differs from the heading (or the page has none). */
  documentTitle?: string;
  /** Screens whose tabs say where you are still get an h1, for screen readers only. */
  hiddenHeading?: string;
  /**
   * The screen has the two stacked floating buttons (post, post data): the page ends with room
   * for them, so its last controls scroll clear of them.
   */
  floatingButtons?: boolean;
};

/**
 * Room under the content for the two floating buttons: their top is 192 px above the bottom of
 * a phone's screen (144 + 48) and 144 px on wider ones (96 + 48); main already keeps 80 / 32 px.
 */
const FLOATING_BUTTONS_ROOM = 15;

export function PageContainer({ title, children, width = 'narrow', documentTitle, hiddenHeading, floatingButtons = false }: Props) {
  useDocumentTitle(documentTitle ?? title ?? hiddenHeading);
  return (
    <Box
      component="section"
      sx={{ mx: 'auto', width: '100%', maxWidth: width === 'narrow' ? 560 : 960, px: { xs: 2, sm: 3 }, pt: 3, pb: floatingButtons ? FLOATING_BUTTONS_ROOM : 3 }}
    >
      {hiddenHeading ? (
        <Typography component="h1" sx={visuallyHidden}>
          {hiddenHeading}
        </Typography>
      ) : null}
      {title ? (
        <Typography component="h1" variant="h5" sx={{ mb: 2, fontWeight: 700 }}>
          {title}
        </Typography>
      ) : null}
      {children}
    </Box>
  );
}
