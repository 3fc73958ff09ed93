import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { HelpVideo } from '@/components/help/help-video';
import { ProviderSignIn } from './provider-sign-in';

/**
 * The visitor's welcome (spec §2): sign in with a provider the site offers (Google when it is
 * configured), log in or sign up with email, or try the site without logging in; above them the
 * intro of the current language (its video, or the illustrated walkthrough).
 */
export function WelcomeDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const close = () => setOpen(false);
  return (
    // No fade in: the dialog is the first screen of a visitor's first visit and opens whole (welcome.tsx);
    // painted at once, it is also what the browser counts as the page's largest paint, not a
    // repaint seconds later (an element that fades in from opacity 0 is not counted until repainted).
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="welcome-title"
      aria-describedby="welcome-text"
      maxWidth="xs"
      fullWidth
      transitionDuration={{ enter: 0, exit: 195 }}
    >
      <DialogTitle id="welcome-title" component="h2">
        {t('signIn.welcome.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="welcome-text" sx={{ mb: 2 }}>
          {t('signIn.welcome.text')}
        </DialogContentText>
        <HelpVideo which="intro" variant="stepper" onNavigate={close} />
        <ProviderSignIn ownSuspense={false} />
        <Stack sx={{ mt: 2 }} spacing={1.5}>
          <Button component={RouterLink} to="/login" variant="outlined" size="large" fullWidth onClick={close}>
            {t('signIn.welcome.email')}
          </Button>
          <Button variant="contained" size="large" fullWidth onClick={close} autoFocus>
            {t('signIn.welcome.try')}
          </Button>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
