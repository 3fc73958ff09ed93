import '@/i18n/circles';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from '@/hooks/use-snackbar';
import { rememberInvitedCircle } from '@/features/auth/utils/in-app-browser';
import { circlePaths } from '@/features/circles/utils/circle-paths';
import { circlesApi } from '@/features/circles/api';

/**
 * Right after a login with an invitation kept (the invitation URL /communitylogin/{id}, or
 * `community` handed back by a LINE or Yahoo! JAPAN login): accepts the invitation, or asks to
 * join when there is none, forgets the kept id and takes the user into the circle. Loaded only
 * while a logged-in browser keeps an invited circle.
 */
export function CircleInvitationHandoff({ circleId }: { circleId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showSnack = useSnackbar();
  const started = useRef(false);
  const [status] = circlesApi.endpoints.getCommunityStatus.useLazyQuery();
  const [accept] = circlesApi.endpoints.acceptInvitation.useMutation();
  const [join] = circlesApi.endpoints.joinCommunity.useMutation();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const relation = await status({ id: circleId }).unwrap();
        if (relation.status === 'invitation_pending' && relation.invitation_id !== null) {
          await accept({ id: relation.invitation_id }).unwrap();
          showSnack(t('circles.accepted'));
        } else if (relation.status === 'none') {
          await join({ joinCircleDto: { community: circleId } }).unwrap();
          showSnack(t('circles.joinSent'));
        }
      } catch {
        showSnack(t('circles.error'), 'error');
      }
      rememberInvitedCircle(null);
      navigate(circlePaths.thread(circleId));
    })();
  }, [circleId, status, accept, join, navigate, showSnack, t]);

  return null;
}
