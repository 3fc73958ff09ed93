import '@/i18n/safety';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVert from '@mui/icons-material/MoreVert';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/api';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSnackbar } from '@/hooks/use-snackbar';
import { ReportDialog, type ReportTarget } from './report-dialog';

type Props = {
  userId: number;
  name: string;
  /** What "Report" reports: the user (default), or their post, comment, Book… */
  report?: { type: ReportTarget; id: number };
};

/** A user's menu (⋮), on their page or on their post: block (asked first), mute, report. Logged-in viewers of someone else only. */
export function UserSafetyMenu({ userId, name, report }: Props) {
  const { t } = useTranslation();
  const menuId = useId();
  const showSnack = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [block, blocking] = api.endpoints.blockUser.useMutation();
  const [mute] = api.endpoints.muteUser.useMutation();

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      showSnack(done);
    } catch {
      showSnack(t('safety.actionFailed'), 'error');
    }
  };

  return (
    <>
      <IconButton
        aria-label={report ? t('safety.postMenuLabel', { name }) : t('safety.menuLabel', { name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setConfirmBlock(true);
          }}
        >
          {t('safety.block')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void run(() => mute({ userTargetDto: { user_id: userId } }).unwrap(), t('safety.muted', { name }));
          }}
        >
          {t('safety.mute')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setReporting(true);
          }}
        >
          {t('safety.report')}
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirmBlock}
        message={t('safety.blockConfirm', { name })}
        confirmLabel={t('safety.block')}
        busy={blocking.isLoading}
        onCancel={() => setConfirmBlock(false)}
        onConfirm={() => {
          setConfirmBlock(false);
          void run(() => block({ userTargetDto: { user_id: userId } }).unwrap(), t('safety.blocked', { name }));
        }}
      />
      <ReportDialog open={reporting} targetType={report?.type ?? 'user'} targetId={report?.id ?? userId} onClose={() => setReporting(false)} />
    </>
  );
}
