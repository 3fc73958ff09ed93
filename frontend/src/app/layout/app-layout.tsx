import Box from '@mui/material/Box';
import { Outlet } from 'react-router-dom';
import { SnackbarHost } from '@/components/snackbar-host';
import { LoginPromptDialog } from '@/components/login-prompt-dialog';
import { SessionGate } from '../session-gate';
import { BottomBar } from './bottom-bar';
import { Header } from './header';
import { SideNav } from './side-nav';
import { SkipLink } from './skip-link';

export function AppLayout() {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <SessionGate />
      <SkipLink />
      <Header />
      <Box sx={{ display: 'flex' }}>
        <SideNav />
        <Box component="main" id="main" tabIndex={-1} sx={{ outline: 'none', flexGrow: 1, minWidth: 0, pb: { xs: 10, sm: 4 } }}>
          <Outlet />
        </Box>
      </Box>
      <BottomBar />
      <SnackbarHost />
      <LoginPromptDialog />
    </Box>
  );
}
