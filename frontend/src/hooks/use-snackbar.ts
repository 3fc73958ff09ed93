import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { snackShown } from '@/lib/snackbar-slice';
import type { SnackSeverity } from '@/lib/snackbar-slice';

/** Shows a snack (top right, hides after 1.5 s). The message must already be translated. */
export function useSnackbar(): (message: string, severity?: SnackSeverity) => void {
  const dispatch = useDispatch();
  return useCallback(
    (message: string, severity: SnackSeverity = 'success') => {
      dispatch(snackShown({ message, severity }));
    },
    [dispatch],
  );
}
