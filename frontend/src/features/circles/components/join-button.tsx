import '@/i18n/circles';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { CircleStatus } from '@/api/types';
import { useLoginPrompt } from '@/hooks/use-login-prompt';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';
import { circlesApi } from '../api';

type Props = { circleId: number; status: CircleStatus; invitationId: number | null };

/**
 * The join button in its four states: apply to join (none), joined (member, disabled),
 * application pending (disabled), accept the invitation and join (invitation_pending).
 */
export function JoinButton({ circleId, status, invitationId }: Props) {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const promptLogin = useLoginPrompt();
  const showSnack = useSnackbar();
  const [join, joining] = circlesApi.endpoints.joinCommunity.useMutation();
  const [accept, accepting] = circlesApi.endpoints.acceptInvitation.useMutation();
  const busy = joining.isLoading || accepting.isLoading;

  if (status === 'member') {
    return (
      <Button variant="outlined" disabled>
        {t('circles.joined')}
      </Button>
    );
  }
  if (status === 'join_request_pending') {
    return (
      <Button variant="outlined" disabled>
        {t('circles.pending')}
      </Button>
    );
  }
  if (status === 'invitation_pending' && invitationId !== null) {
    const onAccept = async () => {
      try {
        await accept({ id: invitationId }).unwrap();
        showSnack(t('circles.accepted'));
      } catch {
        showSnack(t('circles.acceptFailed'), 'error');
      }
    };
    return (
      <Button variant="contained" disabled={busy} onClick={() => void onAccept()}>
        {t('circles.acceptInvitation')}
      </Button>
    );
  }
  const onJoin = async () => {
    if (!isLoggedIn) {
      promptLogin('circles.loginToJoin');
      return;
    }
    try {
      await join({ joinCircleDto: { community: circleId } }).unwrap();
      showSnack(t('circles.joinSent'));
    } catch {
      showSnack(t('circles.joinFailed'), 'error');
    }
  };
  return (
    <Button variant="contained" disabled={busy} onClick={() => void onJoin()}>
      {t('circles.join')}
    </Button>
  );
}
