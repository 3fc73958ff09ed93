import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  open: boolean;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before a delete; Cancel has the focus so Enter does not delete by accident. */
export function ConfirmDialog({ open, message, confirmLabel, busy = false, onCancel, onConfirm }: Props) {
  const { t } = useTranslation();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={textId} role="alertdialog">
      <DialogContent>
        <DialogContentText id={textId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
