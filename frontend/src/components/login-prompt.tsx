import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** Shown instead of a screen that needs a session (message Header14). */
export function LoginPrompt() {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      action={
        <Button component={RouterLink} to="/login" color="inherit" size="small">
          {t('loginPrompt.button')}
        </Button>
      }
    >
      {t('Header14')}
    </Alert>
  );
}
