import { Suspense, lazy, useState } from 'react';
import { useSelector } from 'react-redux';
import { selectSnack } from '@/lib/snackbar-slice';
import type { SnackbarState } from '@/lib/snackbar-slice';

// Most first screens show no message: the bar's code loads with the first one, then stays.
const SnackbarView = lazy(() => import('./snackbar-view').then((module) => ({ default: module.SnackbarView })));

export function SnackbarHost() {
  const hasSnack = useSelector((state: { snackbar: SnackbarState }) => selectSnack(state) !== null);
  const [used, setUsed] = useState(false);
  if (hasSnack && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <SnackbarView />
    </Suspense>
  ) : null;
}
