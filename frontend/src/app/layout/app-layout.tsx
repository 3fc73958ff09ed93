import Box from '@mui/material/Box';
import { Suspense, lazy, useState } from 'react';
import { useSelector } from 'react-redux';
import { Outlet, useLocation } from 'react-router-dom';
import { selectToken } from '@/lib/session-slice';
import type { SessionState } from '@/lib/session-slice';
import { invitedCircle } from '@/features/auth/utils/in-app-browser';
import { SnackbarHost } from '@/components/snackbar-host';
import { selectLoginPrompt, type LoginPromptState } from '@/lib/login-prompt-slice';
import { Welcome } from '@/features/auth/components/welcome';
import { SessionGate } from '../session-gate';
import { BottomBar } from './bottom-bar';
import { Header } from './header';
import { SideNav } from './side-nav';
import { SkipLink } from './skip-link';

// The dialog (and MUI's Dialog) loads the first time a visitor is asked to log in, not with the shell.
const LoginPromptDialog = lazy(() => import('@/components/login-prompt-dialog').then((module) => ({ default: module.LoginPromptDialog })));

// Accepting a kept circle invitation after a login: loaded only when there is one.
const CircleInvitationHandoff = lazy(() => import('../circle-invitation-handoff').then((module) => ({ default: module.CircleInvitationHandoff })));

/** Watches for a login while an invited circle is kept (checked on each login and each new screen). */
function InvitationWatcher() {
  const token = useSelector((state: { session: SessionState }) => selectToken(state));
  useLocation();
  const circle = token !== null ? invitedCircle() : null;
  if (circle === null) return null;
  return (
    <Suspense fallback={null}>
      <CircleInvitationHandoff key={circle} circleId={circle} />
    </Suspense>
  );
}

function LoginPrompt() {
  const asked = useSelector((state: { loginPrompt: LoginPromptState }) => selectLoginPrompt(state)) !== null;
  const [loaded, setLoaded] = useState(false);
  if (asked && !loaded) setLoaded(true);
  if (!asked && !loaded) return null;
  return (
    <Suspense fallback={null}>
      <LoginPromptDialog />
    </Suspense>
  );
}

export function AppLayout() {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <SessionGate />
      <InvitationWatcher />
      <SkipLink />
      <Header />
      <Box sx={{ display: 'flex', minHeight: 'calc(100vh - 64px)' }}>
        <SideNav />
        <Box component="main" id="main" tabIndex={-1} sx={{ outline: 'none', flexGrow: 1, minWidth: 0, pb: { xs: 10, sm: 4 } }}>
          <Outlet />
        </Box>
      </Box>
      <BottomBar />
      <SnackbarHost />
      <LoginPrompt />
      <Welcome />
    </Box>
  );
}
