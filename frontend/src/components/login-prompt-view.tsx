import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { loginPromptClosed, selectLoginPrompt } from '@/lib/login-prompt-slice';
import type { LoginPromptState } from '@/lib/login-prompt-slice';

/** The visitor's log-in prompt: the screen's message and a log-in button that comes back here. */
export function LoginPromptView() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const { pathname, search } = useLocation();
  const message = useSelector((state: { loginPrompt: LoginPromptState }) => selectLoginPrompt(state));
  const close = () => dispatch(loginPromptClosed());
  return (
    <Dialog open={message !== null} onClose={close} aria-labelledby="login-prompt-title" aria-describedby="login-prompt-text" maxWidth="xs" fullWidth>
      <DialogTitle id="login-prompt-title">{t('loginPrompt.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="login-prompt-text">{message ? t(message) : null}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button component={RouterLink} to="/login" state={{ from: `${pathname}${search}` }} variant="contained" onClick={close} autoFocus>
          {t('loginPrompt.button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
