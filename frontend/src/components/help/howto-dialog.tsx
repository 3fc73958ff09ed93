import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { HelpVideo } from './help-video';

/** The login page's how-to dialog (spec §2): the how-to video, or the walkthrough one step at a time. */
export function HowtoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="howto-dialog-title" maxWidth="sm" fullWidth>
      <DialogTitle id="howto-dialog-title" component="h2">
        {t('helpLogin.button')}
      </DialogTitle>
      <DialogContent>
        <HelpVideo which="howto" variant="stepper" onNavigate={onClose} />
        <Typography sx={{ mt: 2 }}>
          <Link component={RouterLink} to="/howto" onClick={onClose}>
            {t('help.howtoTitle')}
          </Link>
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('help.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
