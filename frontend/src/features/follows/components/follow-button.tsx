import Button from '@mui/material/Button';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import { useTranslation } from 'react-i18next';
import { useLoginPrompt } from '@/hooks/use-login-prompt';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';
import { followsApi } from '../api';

type Props = {
  userId: number;
  name: string;
  /**
   * "toggle" (a user's page): requested or following, a second click unfollows.
   * "request" (the friend search): once requested the button is disabled.
   */
  mode?: 'toggle' | 'request';
};

/** Not following → request sent (shown as requested) → following once approved → unfollow. */
export function FollowButton({ userId, name, mode = 'toggle' }: Props) {
  const { t } = useTranslation();
  const { isLoggedIn, profile } = useSession();
  const promptLogin = useLoginPrompt();
  const showSnack = useSnackbar();
  const me = profile?.userProfile;
  const check = followsApi.endpoints.followCheck.useQuery({ id: userId }, { skip: !isLoggedIn });
  const [request, requesting] = followsApi.endpoints.postApproval.useMutation();
  const [unfollow, unfollowing] = followsApi.endpoints.deleteFollowRequest.useMutation();
  const status = isLoggedIn ? check.data : undefined;
  // A list of people shows its buttons ready at once, not greyed while each row's status is first
  // asked (1–3 s on a long list): a click before the status is known waits for it. An action on
  // its way, and the refetch after it, disable the button (no second request by a double click).
  const busy = requesting.isLoading || unfollowing.isLoading || (check.isFetching && status !== undefined);

  if (me !== undefined && me === userId) return null;

  const onClick = async () => {
    if (!isLoggedIn) return promptLogin('Header14');
    if (me === undefined) return showSnack(t('books.needProfile'), 'info');
    const known =
      status ??
      (await check
        .refetch()
        .unwrap()
        .catch(() => undefined));
    if (known?.following) {
      if (mode === 'request') return;
      try {
        await unfollow({ deleteRequestDto: { askFrom: me, askTo: userId } }).unwrap();
        showSnack(t('follows.followReleased'));
      } catch {
        showSnack(t('follows.followReleaseFailed'), 'error');
      }
      return;
    }
    try {
      await request({ approvalDto: { askFrom: me, askTo: userId } }).unwrap();
      showSnack(t('follows.requestSent'));
    } catch {
      showSnack(t('follows.followFailed'), 'error');
    }
  };

  if (status?.following) {
    const label = status.approved ? t('follows.following') : t('follows.requested');
    return (
      <Button
        variant="outlined"
        size="small"
        startIcon={<CheckOutlined />}
        disabled={busy || mode === 'request'}
        aria-label={mode === 'request' ? label : `${label} — ${t('follows.unfollowLabel', { name })}`}
        onClick={() => void onClick()}
      >
        {label}
      </Button>
    );
  }
  return (
    <Button variant="contained" size="small" startIcon={<PersonAddOutlined />} disabled={busy && isLoggedIn} onClick={() => void onClick()}>
      {t('follows.follow')}
    </Button>
  );
}
