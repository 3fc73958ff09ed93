import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** The first stop of the Tab key: jumps over the header and the navigation to the screen. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href="#main"
      onClick={(event: React.MouseEvent) => {
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -200,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        bgcolor: 'background.paper',
        color: 'primary.dark',
        px: 2,
        py: 1,
        borderRadius: 2,
        fontWeight: 700,
        textDecoration: 'underline',
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      {t('nav.skipToContent')}
    </Box>
  );
}
