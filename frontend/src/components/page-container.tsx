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
};

export function PageContainer({ title, children, width = 'narrow', documentTitle, hiddenHeading }: Props) {
  useDocumentTitle(documentTitle ?? title ?? hiddenHeading);
  return (
    <Box
      component="section"
      sx={{ mx: 'auto', width: '100%', maxWidth: width === 'narrow' ? 560 : 960, px: { xs: 2, sm: 3 }, py: 3 }}
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
