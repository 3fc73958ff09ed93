import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FollowRequest } from '@/api/types';
import { InfiniteList } from '@/components/infinite-list';
import { displayName } from '@/components/user-avatar';
import { useSnackbar } from '@/hooks/use-snackbar';
import { PersonRow } from './person-row';
import { followsApi } from '../api';

function RequestRow({ request, me }: { request: FollowRequest; me: number }) {
  const { t } = useTranslation();
  const showSnack = useSnackbar();
  const [approve, approving] = followsApi.endpoints.postApproval.useMutation();
  // Declining is the spec's approval/delete_request/ sent by the requested user: the request
  // from `askFrom` to me goes.
  const [decline, declining] = followsApi.endpoints.deleteFollowRequest.useMutation();
  const profile = request.askFromProfile;
  const name = displayName(profile?.nickName, t('common.noName'));
  const onApprove = async () => {
    try {
      await approve({ approvalDto: { askFrom: request.askFrom, askTo: me, approved: true } }).unwrap();
      showSnack(t('follows.approvedToast'));
    } catch {
      showSnack(t('follows.approveFailed'), 'error');
    }
  };
  const onDecline = async () => {
    try {
      await decline({ deleteRequestDto: { askFrom: request.askFrom, askTo: me } }).unwrap();
      showSnack(t('follows.declinedToast'));
    } catch {
      showSnack(t('follows.declineFailed'), 'error');
    }
  };
  const busy = approving.isLoading || declining.isLoading;
  return (
    <PersonRow
      person={{ userProfile: request.askFrom, nickName: profile?.nickName, img: profile?.img ?? null }}
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant={request.approved ? 'outlined' : 'contained'}
            size="small"
            disabled={request.approved || busy}
            aria-label={request.approved ? `${t('follows.approved')} — ${name}` : t('follows.approveLabel', { name })}
            onClick={() => void onApprove()}
          >
            {request.approved ? t('follows.approved') : t('follows.approve')}
          </Button>
          {request.approved ? null : (
            <Button variant="outlined" size="small" disabled={busy} aria-label={t('follows.declineLabel', { name })} onClick={() => void onDecline()}>
              {t('follows.decline')}
            </Button>
          )}
        </Box>
      }
    />
  );
}

/** Follow requests sent to `me`, newest first, each with approve and decline buttons (approved ones stay, marked). */
export function FollowRequests({ me }: { me: number }) {
  const { t } = useTranslation();
  const query = followsApi.endpoints.receivedRequests.useInfiniteQuery({ id: me });
  return (
    <InfiniteList
      query={query}
      label={t('follows.requestsLabel')}
      getKey={(request) => request.id}
      renderItem={(request) => <RequestRow request={request} me={me} />}
      empty={<Typography color="text.secondary">{t('follows.requestsEmpty')}</Typography>}
    />
  );
}
