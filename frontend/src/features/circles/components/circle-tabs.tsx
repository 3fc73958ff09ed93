import '@/i18n/circles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { circlePaths } from '../utils/circle-paths';

/** Thread, bookshelf, members, and waiting (the owner's). */
export function CircleTabs({ circleId, owner }: { circleId: number; owner: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tabs = [
    { to: circlePaths.thread(circleId), label: t('circles.tabThread') },
    { to: circlePaths.books(circleId), label: t('circles.tabBooks') },
    { to: circlePaths.members(circleId), label: t('circles.tabMembers') },
    ...(owner ? [{ to: circlePaths.waiting(circleId), label: t('circles.tabWaiting') }] : []),
  ];
  const current = tabs.find((tab) => tab.to === pathname)?.to ?? false;
  return (
    <Tabs
      value={current}
      component="nav"
      aria-label={t('circles.tabsLabel')}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab key={tab.to} value={tab.to} label={tab.label} component={RouterLink} to={tab.to} aria-current={current === tab.to ? 'page' : undefined} />
      ))}
    </Tabs>
  );
}
