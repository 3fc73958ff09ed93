import '@/i18n/circles';
import { Suspense, lazy, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Circle, CircleStatus } from '@/api/types';
import { useLoginPrompt } from '@/hooks/use-login-prompt';
import { useSession } from '@/hooks/use-session';
import { absoluteDate } from '@/utils/dates';
import { circlePaths } from '../utils/circle-paths';
import { JoinButton } from './join-button';

// The dialogs (and MUI's Dialog) load when first opened.
const InviteDialog = lazy(() => import('./invite-dialog').then((module) => ({ default: module.InviteDialog })));
const IconDialog = lazy(() => import('./icon-dialog').then((module) => ({ default: module.IconDialog })));

type Props = { circle: Circle; status: CircleStatus; invitationId: number | null };

/**
 * The circle's header: cover, icon (enlarges on click), title, the counts linking to the tabs,
 * the join button, the invite button (members) and About.
 */
export function CircleHeader({ circle, status, invitationId }: Props) {
  const { t } = useTranslation();
  const { isLoggedIn, profile } = useSession();
  const promptLogin = useLoginPrompt();
  const [enlarged, setEnlarged] = useState(false);
  const [inviting, setInviting] = useState(false);
  const counts = [
    { label: t('circles.books'), value: circle.page_count, to: circlePaths.books(circle.id) },
    { label: t('circles.membersTab'), value: circle.member_count, to: circlePaths.members(circle.id) },
    { label: t('circles.posts'), value: circle.post_count, to: circlePaths.thread(circle.id) },
    { label: t('circles.waiting'), value: circle.joinrequest_count, to: circlePaths.waiting(circle.id) },
  ];
  const onInvite = () => {
    if (!isLoggedIn) promptLogin('circles.loginToJoin');
    else setInviting(true);
  };

  return (
    <>
      {circle.moderated_reason ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('circles.moderated', { reason: circle.moderated_reason })}
        </Alert>
      ) : null}
      <Card sx={{ mb: 2, overflow: 'hidden' }}>
        <Box
          role="img"
          aria-label={t('circles.cover', { title: circle.title })}
          sx={{
            height: { xs: 120, sm: 180 },
            bgcolor: 'primary.light',
            backgroundImage: circle.background_image ? `url(${circle.background_image})` : undefined,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
        />
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: 2 }}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-end', flexWrap: 'wrap', mt: { xs: -5, sm: -6 } }}>
            <ButtonBase
              onClick={() => setEnlarged(true)}
              aria-label={t('circles.enlargeIcon', { title: circle.title })}
              sx={{
                borderRadius: 3,
                border: 4,
                borderColor: 'background.paper',
                bgcolor: 'grey.200',
                overflow: 'hidden',
                width: { xs: 88, sm: 112 },
                height: { xs: 88, sm: 112 },
                flexShrink: 0,
              }}
            >
              {circle.image ? (
                <Box
                  component="img"
                  src={circle.image}
                  alt={t('circles.icon', { title: circle.title })}
                  sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                />
              ) : null}
            </ButtonBase>
            <Box sx={{ flex: '1 1 200px', minWidth: 0, pb: 0.5 }}>
              <Typography component="h1" variant="h5" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {circle.title}
              </Typography>
              <Typography variant="caption" color="text.secondary" title={absoluteDate(circle.created_on)}>
                {t('circles.createdOn', { date: absoluteDate(circle.created_on) })}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', pb: 0.5 }}>
              <JoinButton circleId={circle.id} status={status} invitationId={invitationId} />
              {status === 'member' || !isLoggedIn ? (
                <Button variant="outlined" startIcon={<PersonAddAlt1Outlined />} onClick={onInvite}>
                  {t('circles.invite')}
                </Button>
              ) : null}
            </Box>
          </Box>
          <Box
            component="ul"
            aria-label={t('circles.countsLabel')}
            sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1 }}
          >
            {counts.map((count) => (
              <Box component="li" key={count.to} sx={{ textAlign: 'center', borderRadius: 2, bgcolor: 'action.hover' }}>
                <Link component={RouterLink} to={count.to} underline="hover" color="inherit" sx={{ display: 'block', p: 1 }}>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 800, fontSize: '1.2rem' }}>
                    {count.value}
                  </Typography>
                  <Typography component="span" variant="caption" color="text.secondary">
                    {count.label}
                  </Typography>
                </Link>
              </Box>
            ))}
          </Box>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mt: 2 }}>
            {t('circles.about')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.8 }}>{circle.description}</Typography>
        </Box>
        {enlarged ? (
          <Suspense fallback={null}>
            <IconDialog title={circle.title} image={circle.image} onClose={() => setEnlarged(false)} />
          </Suspense>
        ) : null}
        {inviting ? (
          <Suspense fallback={null}>
            <InviteDialog open onClose={() => setInviting(false)} circle={circle} selfId={profile?.userProfile} />
          </Suspense>
        ) : null}
      </Card>
    </>
  );
}
