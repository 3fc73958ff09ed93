import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { UserAvatar, displayName } from '@/components/user-avatar';
import { useSession } from '@/hooks/use-session';
import { MAIN_NAV, isActive } from './nav-items';

/**
 * Five equal columns whose labels keep one size whether selected or not (MUI enlarges the
 * selected one, which pushed "Recommended" off a 360 px screen) and never wrap.
 */
const BOTTOM_ITEM_SX = {
  flex: '1 1 0',
  minWidth: 0,
  maxWidth: 'none',
  px: 0.25,
  '& .MuiBottomNavigationAction-label, & .MuiBottomNavigationAction-label.Mui-selected': {
    fontSize: 11,
    lineHeight: 1.3,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    maxWidth: '100%',
    transition: 'none',
  },
} as const;

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
          const icon = isUserPage && profile ? <UserAvatar src={profile.img} name={displayName(profile.nickName, t('common.noName'))} size={24} /> : <Icon />;
          return (
            <BottomNavigationAction
              key={item.to}
              component={RouterLink}
              to={item.to}
              value={item.to}
              label={t(item.shortLabel ?? item.label)}
              icon={icon}
              sx={BOTTOM_ITEM_SX}
            />
          );
        })}
      </BottomNavigation>
    </Paper>
  );
}
