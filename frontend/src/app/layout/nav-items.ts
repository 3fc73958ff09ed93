import type { ParseKeys } from 'i18next';
import type { SvgIconComponent } from '@mui/icons-material';
import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import CollectionsBookmarkOutlined from '@mui/icons-material/CollectionsBookmarkOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';

export type NavItem = {
  to: string;
  label: ParseKeys;
  /** A label short enough for a fifth of a 360 px bottom bar, where the full one is not. */
  shortLabel?: ParseKeys;
  icon: SvgIconComponent;
};

/** The bottom bar of the spec, in its order; the side navigation adds settings. */
export const MAIN_NAV: NavItem[] = [
  { to: '/recommend', label: 'nav.recommend', icon: AutoStoriesOutlined },
  { to: '/recommenduser', label: 'nav.recommendUser', icon: PeopleOutlined },
  { to: '/home', label: 'nav.home', icon: HomeOutlined },
  { to: '/owningpages', label: 'nav.owningPages', icon: CollectionsBookmarkOutlined },
  { to: '/userpage', label: 'nav.userPage', icon: PersonOutlined },
];

export const SETTINGS_NAV: NavItem = { to: '/settings', label: 'nav.settings', icon: SettingsOutlined };

export function isActive(pathname: string, to: string): boolean {
  return pathname === to || (to === '/home' && pathname === '/');
}
