import { Suspense, lazy, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '@/hooks/use-session';
import { welcomeOnThisVisit } from '../utils/welcome-rule';

// The dialog's code (and the provider buttons) loads only when a visitor is welcomed.
const WelcomeDialog = lazy(() => import('./welcome-dialog').then((module) => ({ default: module.WelcomeDialog })));

/** Screens where the welcome would stand in the way: the visitor is already logging in. */
const QUIET_PATHS = ['/login', '/logout', '/forgot', '/verify', '/reset-password', '/terms', '/privacy'];

/** Mounted once in the app layout: welcomes visitors whose last visit was more than 3 hours ago. */
export function Welcome() {
  const { isLoggedIn } = useSession();
  const { pathname } = useLocation();
  // Every visitor's page load counts as a visit (also on the quiet screens, where nothing shows).
  const [welcome] = useState(() => !isLoggedIn && welcomeOnThisVisit(globalThis.localStorage) && !QUIET_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`)));
  if (!welcome || isLoggedIn) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeDialog />
    </Suspense>
  );
}
