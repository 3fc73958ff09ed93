import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** Links to the terms of use and the privacy policy (login and sign-up, settings). */
export function LegalLinks() {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('legal.footerLabel')} sx={{ display: 'flex', gap: 3, justifyContent: 'center', flexWrap: 'wrap', mt: 3 }}>
      <Link component={RouterLink} to="/terms">
        {t('legal.termsLink')}
      </Link>
      <Link component={RouterLink} to="/privacy">
        {t('legal.privacyLink')}
      </Link>
    </Box>
  );
}
