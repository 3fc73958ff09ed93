import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '@/hooks/use-document-title';

type Props = {
  title?: string;
  children: ReactNode;
  /** Narrow pages are forms; wide ones are lists. */
  width?: 'narrow' | 'wide';
  /** The document title when it differs from the heading (or the page has none). */
  documentTitle?: string;
};

export function PageContainer({ title, children, width = 'narrow', documentTitle }: Props) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <Box
      component="section"
      sx={{ mx: 'auto', width: '100%', maxWidth: width === 'narrow' ? 560 : 960, px: { xs: 2, sm: 3 }, py: 3 }}
    >
      {title ? (
        <Typography component="h1" variant="h5" sx={{ mb: 2, fontWeight: 700 }}>
          {title}
        </Typography>
      ) : null}
      {children}
    </Box>
  );
}
