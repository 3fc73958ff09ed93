import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { HEADER_ACTIONS_ID } from '@/components/header-actions';
import { UserAvatar, displayName } from '@/components/user-avatar';
import { useSession } from '@/hooks/use-session';

// The bell (its texts, its calls and the live stream) loads after the first paint: it is not in
// the first-load budget of every route.
const NotificationBell = lazy(() => import('@/features/notifications/components/notification-bell').then((module) => ({ default: module.NotificationBell })));

export function Header() {
  const { t } = useTranslation();
  const { isLoggedIn, profile } = useSession();
  const name = displayName(profile?.nickName, t('common.noName'));
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1 }}>
        <Typography
          component={RouterLink}
          to="/recommend"
          aria-label={t('app.logoLabel')}
          variant="h6"
          sx={{ color: 'primary.main', fontWeight: 800, textDecoration: 'none', letterSpacing: '0.02em' }}
        >
          {t('app.name')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
          {t('app.tagline')}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {/* The screen's actions (write a post, post data) on wide screens: components/floating-action.tsx. */}
        <Box id={HEADER_ACTIONS_ID} sx={{ display: { xs: 'none', md: 'flex' }, gap: 1, mr: 1 }} />
        {isLoggedIn ? (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        ) : null}
        {isLoggedIn ? (
          <IconButton component={RouterLink} to="/userpage" aria-label={t('nav.myAvatar')} size="small">
            <UserAvatar src={profile?.img} name={name} size={32} />
          </IconButton>
        ) : (
          <Button component={RouterLink} to="/login" variant="contained" size="small">
            {t('nav.login')}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
