import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useDispatch, useSelector } from 'react-redux';
import { selectSnack, snackClosed } from '@/lib/snackbar-slice';
import type { SnackbarState } from '@/lib/snackbar-slice';

export const SNACK_HIDE_MS = 1500;

/** The message bar itself (MUI Snackbar and Alert), loaded with the first message. */
export function SnackbarView() {
  const snack = useSelector((state: { snackbar: SnackbarState }) => selectSnack(state));
  const dispatch = useDispatch();
  const close = () => {
    if (snack) dispatch(snackClosed(snack.id));
  };
  return (
    <Snackbar
      key={snack?.id}
      open={snack !== null}
      autoHideDuration={SNACK_HIDE_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {snack ? (
        <Alert severity={snack.severity} variant="filled" onClose={close} sx={{ width: '100%' }}>
          {snack.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
