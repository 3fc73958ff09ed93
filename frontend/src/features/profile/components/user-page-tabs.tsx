import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';

const TABS = [
  { to: '/userpage', label: 'books.tabProfile' },
  { to: '/userpagebook', label: 'books.tabBooks' },
  { to: '/followingpagelist', label: 'books.tabFollowing' },
  { to: '/likedposts', label: 'posts.likedTitle' },
] as const;

/** The sections of the own page: profile, own Books, followed Books. */
export function UserPageTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = TABS.find((tab) => tab.to === pathname)?.to ?? false;
  return (
    <Tabs
      value={current}
      component="nav"
      aria-label={t('books.tabsLabel')}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {TABS.map((tab) => (
        <Tab key={tab.to} value={tab.to} label={t(tab.label)} component={RouterLink} to={tab.to} aria-current={current === tab.to ? 'page' : undefined} />
      ))}
    </Tabs>
  );
}
