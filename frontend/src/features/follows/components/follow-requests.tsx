import '@/i18n/social';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { socialApi } from '@/api/social-api';
import type { FollowRequest } from '@/api/social-api';
import { InfiniteList } from '@/components/infinite-list';
import { displayName } from '@/components/user-avatar';
import { useSnackbar } from '@/hooks/use-snackbar';
import { PersonRow } from './person-row';

function RequestRow({ request, me }: { request: FollowRequest; me: number }) {
  const { t } = useTranslation();
  const showSnack = useSnackbar();
  const [approve, approving] = socialApi.endpoints.postApproval.useMutation();
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
  return (
    <PersonRow
      person={{ userProfile: request.askFrom, nickName: profile?.nickName, img: profile?.img ?? null }}
      action={
        <Button
          variant={request.approved ? 'outlined' : 'contained'}
          size="small"
          disabled={request.approved || approving.isLoading}
          aria-label={request.approved ? `${t('follows.approved')} — ${name}` : t('follows.approveLabel', { name })}
          onClick={() => void onApprove()}
        >
          {request.approved ? t('follows.approved') : t('follows.approve')}
        </Button>
      }
    />
  );
}

/** Follow requests sent to `me`, newest first, each with an approve button (disabled once approved). */
export function FollowRequests({ me }: { me: number }) {
  const { t } = useTranslation();
  const query = socialApi.endpoints.receivedRequests.useInfiniteQuery({ id: me });
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
