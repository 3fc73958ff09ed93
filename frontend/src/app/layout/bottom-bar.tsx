import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { UserAvatar, displayName } from '@/components/user-avatar';
import { useSession } from '@/hooks/use-session';
import { MAIN_NAV, isActive } from './nav-items';

/** Phones (under 600 px): recommend, users, home, owned Books, my page with the avatar. */
export function BottomBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { profile } = useSession();
  const current = MAIN_NAV.find((item) => isActive(pathname, item.to))?.to ?? false;
  return (
    <Paper
      component="nav"
      aria-label={t('nav.label')}
      elevation={3}
      sx={{ display: { xs: 'block', sm: 'none' }, position: 'fixed', bottom: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar }}
    >
      <BottomNavigation value={current} showLabels>
        {MAIN_NAV.map((item) => {
          const Icon = item.icon;
          const isUserPage = item.to === '/userpage';
          const icon =
            isUserPage && profile ? (
              <UserAvatar src={profile.img} name={displayName(profile.nickName, t('common.noName'))} size={24} />
            ) : (
              <Icon />
            );
          return (
            <BottomNavigationAction
              key={item.to}
              component={RouterLink}
              to={item.to}
              value={item.to}
              label={t(item.label)}
              icon={icon}
              sx={{ minWidth: 0, px: 0.5, '& .MuiBottomNavigationAction-label': { fontSize: 10 } }}
            />
          );
        })}
      </BottomNavigation>
    </Paper>
  );
}
