import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/api';
import type { UserRelationResponse } from '@/api/generated';
import { LoadingState } from '@/components/loading-state';
import { LoginPrompt } from '@/components/login-prompt';
import { PageContainer } from '@/components/page-container';
import { displayName } from '@/components/user-avatar';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';
import '@/i18n/safety';

function Relations({ kind }: { kind: 'blocks' | 'mutes' }) {
  const { t } = useTranslation();
  const showSnack = useSnackbar();
  const blocks = api.endpoints.listBlocks.useQuery({}, { skip: kind !== 'blocks' });
  const mutes = api.endpoints.listMutes.useQuery({}, { skip: kind !== 'mutes' });
  const [unblock] = api.endpoints.unblockUser.useMutation();
  const [unmute] = api.endpoints.unmuteUser.useMutation();
  const query = kind === 'blocks' ? blocks : mutes;
  if (query.isLoading) return <LoadingState />;
  const rows: UserRelationResponse[] = query.data?.res ?? [];
  if (!rows.length) return <Typography color="text.secondary">{t(kind === 'blocks' ? 'safety.noneBlocked' : 'safety.noneMuted')}</Typography>;
  const lift = async (row: UserRelationResponse, name: string) => {
    try {
      if (kind === 'blocks') await unblock({ id: row.user_id }).unwrap();
      else await unmute({ id: row.user_id }).unwrap();
      showSnack(t(kind === 'blocks' ? 'safety.unblocked' : 'safety.unmuted', { name }));
      void query.refetch();
    } catch {
      showSnack(t('safety.actionFailed'), 'error');
    }
  };
  return (
    <List>
      {rows.map((row) => {
        const name = displayName(row.profile?.nickName, t('common.noName'));
        return (
          <ListItem
            key={row.user_id}
            divider
            secondaryAction={
              <Button
                variant="outlined"
                size="small"
                aria-label={t(kind === 'blocks' ? 'safety.unblockNamed' : 'safety.unmuteNamed', { name })}
                onClick={() => void lift(row, name)}
              >
                {t(kind === 'blocks' ? 'safety.unblock' : 'safety.unmute')}
              </Button>
            }
          >
            <ListItemText primary={name} />
          </ListItem>
        );
      })}
    </List>
  );
}

/** /blocked (settings): the users the viewer blocked and muted, each with its undo. */
export function BlockedRoute() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  return (
    <PageContainer title={t('safety.settingsEntry')}>
      {isLoggedIn ? (
        <>
          <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
            {t('safety.blockedList')}
          </Typography>
          <Relations kind="blocks" />
          <Typography component="h2" variant="h6" sx={{ mt: 3 }}>
            {t('safety.mutedList')}
          </Typography>
          <Relations kind="mutes" />
        </>
      ) : (
        <LoginPrompt />
      )}
    </PageContainer>
  );
}
