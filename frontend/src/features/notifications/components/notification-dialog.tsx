import '@/i18n/notifications';
import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { useInView } from 'react-intersection-observer';
import { useNavigate } from 'react-router-dom';
import type { Notification } from '@/api/types';
import { LoadingState } from '@/components/loading-state';
import { RelativeTime } from '@/components/relative-time';
import { UserAvatar, displayName } from '@/components/user-avatar';
import { useSnackbar } from '@/hooks/use-snackbar';
import { groupKey, groupNotifications, targetOfNotification, truncatePreview, typeKey } from '../notification-view';
import type { NotificationGroup } from '../notification-view';
import { notificationsApi } from '../api';

type Props = { open: boolean; onClose: () => void };

/**
 * The notification dialog: newest first with infinite scroll; unread rows highlighted; a row
 * marks itself read and opens its target (or says the target or the user is gone,
 * NotificationEach12/13); likes, reposts and follows of one target within 12 hours are one row
 * that opens to its list. Closing the dialog marks everything read.
 */
export function NotificationDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const showSnack = useSnackbar();
  const query = notificationsApi.endpoints.notificationList.useInfiniteQuery();
  const [markOne] = notificationsApi.endpoints.markNotification.useMutation();
  const [markAll] = notificationsApi.endpoints.markAllNotificationsRead.useMutation();
  const { ref, inView } = useInView({ threshold: 0 });
  const [expanded, setExpanded] = useState<string | null>(null);
  const pages = query.data?.pages ?? [];
  const seen = new Set<number>();
  const list = pages.flat().filter((n) => (seen.has(n.id) ? false : (seen.add(n.id), true)));
  const groups = groupNotifications(list);
  const { hasNextPage, isFetching, isError, fetchNextPage } = query;

  useEffect(() => {
    if (inView && hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [inView, hasNextPage, isFetching, isError, fetchNextPage, pages.length]);

  const close = () => {
    if (list.some((n) => !n.read)) void markAll();
    onClose();
  };

  const openOne = (n: Notification) => {
    if (!n.read) void markOne({ id: n.id, markNotificationDto: { read: true } });
    const target = targetOfNotification(n);
    if ('error' in target) {
      showSnack(t(target.error), 'error');
      return;
    }
    if (target.to === null) return;
    close();
    navigate(target.to);
  };

  const row = (n: Notification, nested = false) => {
    const name = n.relatedUser ? displayName(n.relatedUser.nickName, t('common.noName')) : t('notifications.someone');
    const preview = truncatePreview(n.preview);
    return (
      <ListItem key={n.id} disablePadding>
        <ListItemButton
          onClick={() => openOne(n)}
          divider
          data-testid={`notification-${n.id}`}
          data-unread={n.read ? undefined : 'true'}
          sx={{ gap: 1.5, alignItems: 'flex-start', pl: nested ? 6 : 2, bgcolor: n.read ? undefined : 'action.selected' }}
        >
          <UserAvatar src={n.relatedUser?.img} name={name} size={36} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: n.read ? 400 : 700, overflowWrap: 'anywhere' }}>
              {n.read ? null : <span style={visuallyHidden}>{t('notifications.unread')}: </span>}
              {t(typeKey(n.type), { name })}
            </Typography>
            {preview ? (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {preview}
              </Typography>
            ) : null}
            <Typography variant="caption" color="text.secondary">
              <RelativeTime iso={n.created_on} />
            </Typography>
          </Box>
        </ListItemButton>
      </ListItem>
    );
  };

  const groupRow = (group: NotificationGroup) => {
    if (group.items.length === 1) return row(group.items[0]);
    const [newest] = group.items;
    const name = newest.relatedUser ? displayName(newest.relatedUser.nickName, t('common.noName')) : t('notifications.someone');
    const unread = group.items.some((n) => !n.read);
    const isOpen = expanded === group.key;
    return (
      <Box component="li" key={group.key} sx={{ listStyle: 'none' }}>
        <ListItemButton
          onClick={() => setExpanded(isOpen ? null : group.key)}
          aria-expanded={isOpen}
          divider
          data-testid={`notification-group-${group.key}`}
          sx={{ gap: 1.5, alignItems: 'flex-start', bgcolor: unread ? 'action.selected' : undefined }}
        >
          <UserAvatar src={newest.relatedUser?.img} name={name} size={36} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: unread ? 700 : 400, overflowWrap: 'anywhere' }}>
              {unread ? <span style={visuallyHidden}>{t('notifications.unread')}: </span> : null}
              {t(groupKey(group.type), { name, count: group.items.length - 1 })}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              <RelativeTime iso={newest.created_on} /> · {isOpen ? t('notifications.hideAll') : t('notifications.showAll', { count: group.items.length })}
            </Typography>
          </Box>
        </ListItemButton>
        {isOpen ? <List disablePadding>{group.items.map((n) => row(n, true))}</List> : null}
      </Box>
    );
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle id={titleId}>{t('notifications.title')}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {query.isLoading ? <LoadingState /> : null}
        {!query.isLoading && groups.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('notifications.empty')}
          </Typography>
        ) : null}
        <List disablePadding aria-label={t('notifications.title')}>
          {groups.map(groupRow)}
        </List>
        <div ref={ref} aria-hidden style={{ height: 1 }} />
        {query.isFetchingNextPage ? <LoadingState /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('notifications.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
