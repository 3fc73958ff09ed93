import '@/i18n/notifications';
import { Suspense, lazy, useState } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/hooks/use-session';
import { useNotificationStream } from '../hooks/use-notification-stream';
import { badgeText } from '../notification-view';
import { notificationsApi } from '../api';

const NotificationDialog = lazy(() => import('./notification-dialog').then((module) => ({ default: module.NotificationDialog })));

/** While the stream is down the bell asks this often. */
const POLL_MS = 30_000;

/** The header's bell: the unread count (99+ above 99), kept live, and the notification dialog. */
export function NotificationBell() {
  const { t } = useTranslation();
  const { token } = useSession();
  const [open, setOpen] = useState(false);
  const { polling } = useNotificationStream(token);
  const unread = notificationsApi.endpoints.getUnreadNotifications.useQuery(undefined, { skip: !token, pollingInterval: polling ? POLL_MS : 0 });
  const count = unread.data?.total_unread_count ?? 0;
  const text = badgeText(count);
  return (
    <>
      {/* Named by its (visually hidden) text, not aria-label: the badge's digits are for the eye. */}
      <IconButton onClick={() => setOpen(true)} data-testid="notification-bell">
        <Badge badgeContent={text} color="error" invisible={!text} data-testid="notification-count" slotProps={{ badge: { 'aria-hidden': true } }}>
          <NotificationsOutlined />
        </Badge>
        <span style={visuallyHidden}>{count > 0 ? t('notifications.bellLabelUnread', { count }) : t('notifications.bellLabel')}</span>
      </IconButton>
      {open ? (
        <Suspense fallback={null}>
          <NotificationDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
