import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { MAIN_NAV, SETTINGS_NAV, isActive } from './nav-items';

/** Wide screens (600 px and up). */
export function SideNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    // The border is on the column, as tall as the page beside it; the list stays in view inside it.
    <Box sx={{ display: { xs: 'none', sm: 'block' }, width: { sm: 88, md: 220 }, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}>
      <Box component="nav" aria-label={t('nav.label')} sx={{ position: 'sticky', top: 64 }}>
        <List>
          {[...MAIN_NAV, SETTINGS_NAV].map((item) => {
            const Icon = item.icon;
            const active = isActive(pathname, item.to);
            return (
              <ListItem key={item.to} disablePadding sx={{ display: 'block' }}>
                <ListItemButton
                  component={RouterLink}
                  to={item.to}
                  selected={active}
                  aria-current={active ? 'page' : undefined}
                  sx={{ borderRadius: 2, mx: 1, flexDirection: { sm: 'column', md: 'row' } }}
                >
                  <ListItemIcon sx={{ minWidth: { sm: 0, md: 40 }, justifyContent: 'center' }}>
                    <Icon />
                  </ListItemIcon>
                  <ListItemText
                    primary={t(item.label)}
                    slotProps={{ primary: { sx: { fontSize: { sm: 11, md: 15 }, textAlign: { sm: 'center', md: 'left' } } } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Box>
    </Box>
  );
}
