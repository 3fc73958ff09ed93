import '@/i18n/notifications';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { NotificationType } from '@/api/types';
import { LoginPrompt } from '@/components/login-prompt';
import { PageContainer } from '@/components/page-container';
import { PageSkeleton } from '@/components/page-skeleton';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';
import { SETTING_GROUPS } from '@/features/notifications/notification-view';
import { notificationsApi } from '@/features/notifications/api';

/** /notificationsetting: a bell toggle per type, in groups; each toggle flips one flag. */
export function NotificationSettingRoute() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const showSnack = useSnackbar();
  const settings = notificationsApi.endpoints.getNotificationSettings.useQuery(undefined, { skip: !isLoggedIn });
  const [put, { isLoading: saving }] = notificationsApi.endpoints.putNotificationSettings.useMutation();

  if (!isLoggedIn) return <LoginPrompt />;
  if (!settings.data) return <PageSkeleton shape="detail" />;
  const current = settings.data;

  const flip = async (flag: NotificationType) => {
    const result = await put({ notificationSettingsDto: { [flag]: !current[flag] } });
    if (!('data' in result)) showSnack(t('notifications.settings.updateFailed'), 'error');
  };

  return (
    <PageContainer title={t('notifications.settings.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('notifications.settings.intro')}
      </Typography>
      <Stack spacing={2}>
        {SETTING_GROUPS.map((group) => (
          <Card key={group.label} component="section" aria-label={t(group.label)}>
            <CardContent>
              <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
                <NotificationsActiveOutlined fontSize="small" aria-hidden />
                {t(group.label)}
              </Typography>
              <Stack>
                {group.flags.map((flag) => (
                  <FormControlLabel
                    key={flag}
                    control={<Switch checked={current[flag]} disabled={saving} onChange={() => void flip(flag)} />}
                    label={t(`notifications.settings.flag.${flag}` as ParseKeys)}
                  />
                ))}
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Stack>
      <Button component={RouterLink} to="/settings" startIcon={<ArrowBack />} sx={{ mt: 2 }}>
        {t('settings.backToSettings')}
      </Button>
    </PageContainer>
  );
}
