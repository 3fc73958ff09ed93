import Card from '@mui/material/Card';
import { LegalLinks } from '@/components/legal-links';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { SvgIconComponent } from '@mui/icons-material';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import '@/i18n/payments';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
import InsertChartOutlined from '@mui/icons-material/InsertChartOutlined';
import type { ParseKeys } from 'i18next';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageContainer } from '@/components/page-container';
import { useSession } from '@/hooks/use-session';
import '@/i18n/notifications';
import '@/i18n/safety';
import BlockOutlined from '@mui/icons-material/BlockOutlined';

type Entry = { to: string; label: ParseKeys; hint?: ParseKeys; icon: SvgIconComponent; loggedInOnly: boolean };

// /videos and /analytics (enterprise only) are the spec's "also linked".
const ENTRIES: Entry[] = [
  { to: '/account', label: 'settings.account', hint: 'settings.accountHint', icon: AccountCircleOutlined, loggedInOnly: true },
  {
    to: '/notificationsetting',
    label: 'notifications.settings.entry',
    hint: 'notifications.settings.entryHint',
    icon: NotificationsOutlined,
    loggedInOnly: true,
  },
  { to: '/bankaccount', label: 'payments.settingsEntry', hint: 'payments.settingsEntryHint', icon: AccountBalanceOutlined, loggedInOnly: true },
  { to: '/languagesetting', label: 'settings.language', hint: 'settings.languageHint', icon: TranslateOutlined, loggedInOnly: false },
  { to: '/Notations-SCTA', label: 'payments.settingsNotations', icon: GavelOutlined, loggedInOnly: false },
  { to: '/adapplication', label: 'ads.title', icon: CampaignOutlined, loggedInOnly: false },
  { to: '/howto', label: 'help.settings.howto', hint: 'help.settings.howtoHint', icon: HelpOutline, loggedInOnly: false },
  { to: '/videos', label: 'help.settings.videos', icon: OndemandVideoOutlined, loggedInOnly: false },
  { to: '/analytics', label: 'help.settings.analytics', hint: 'help.settings.analyticsHint', icon: InsertChartOutlined, loggedInOnly: true },
  { to: '/blocked', label: 'safety.settingsEntry', hint: 'safety.settingsHint', icon: BlockOutlined, loggedInOnly: true },
  { to: '/logout', label: 'settings.logout', icon: LogoutOutlined, loggedInOnly: true },
  { to: '/deleteaccount', label: 'settings.deleteAccount', hint: 'settings.deleteAccountHint', icon: PersonRemoveOutlined, loggedInOnly: true },
];

export function SettingsRoute() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const entries = ENTRIES.filter((entry) => isLoggedIn || !entry.loggedInOnly);
  return (
    <PageContainer title={t('settings.title')}>
      <Card>
        <List disablePadding>
          {entries.map((entry) => {
            const Icon = entry.icon;
            return (
              <ListItem key={entry.to} disablePadding>
                <ListItemButton component={RouterLink} to={entry.to} divider>
                  <ListItemIcon>
                    <Icon />
                  </ListItemIcon>
                  <ListItemText primary={t(entry.label)} secondary={entry.hint ? t(entry.hint) : undefined} />
                  <ChevronRight color="action" aria-hidden />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Card>
      <LegalLinks />
    </PageContainer>
  );
}
