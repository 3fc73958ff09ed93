import '@/i18n/circles';
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LegalLinks } from '@/components/legal-links';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { useSession } from '@/hooks/use-session';
import { ProviderSignIn } from '@/features/auth/components/provider-sign-in';
import { rememberInvitedCircle } from '@/features/auth/utils/in-app-browser';
import { circlePaths } from '@/features/circles/utils/circle-paths';
import { circlesApi } from '@/features/circles/api';

/**
 * /communitylogin/{id}, the invitation URL: the circle's icon and title, "you are invited", and
 * the ways to log in. The circle id is kept in localStorage through the login (LINE and Yahoo
 * also carry it in `state`); right after the login the invitation is accepted, or a join request
 * sent, and the user lands in the circle (see ../../circle-invitation-handoff.tsx).
 */
export function CircleLoginRoute() {
  const { t } = useTranslation();
  const { communityid } = useParams();
  const id = Number(communityid);
  const valid = Number.isInteger(id) && id > 0;
  const { isLoggedIn } = useSession();
  const circle = circlesApi.endpoints.getCommunity.useQuery({ id }, { skip: !valid });

  // Kept before the ways to log in show: the LINE and Yahoo! JAPAN buttons carry it as ?community=.
  const [kept, setKept] = useState(false);
  useEffect(() => {
    if (!valid || !circle.data) return;
    rememberInvitedCircle(id);
    setKept(true);
  }, [valid, id, circle.data]);

  if (!valid || circle.isError) {
    return (
      <PageContainer title={t('circles.notFound')}>
        <Button component={RouterLink} to="/communitylist" variant="contained">
          {t('circles.toList')}
        </Button>
      </PageContainer>
    );
  }
  if (!circle.data) return <LoadingState />;
  const data = circle.data;
  return (
    <PageContainer documentTitle={t('circles.loginTitle')}>
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2, justifyItems: 'center', textAlign: 'center' }}>
          {data.image ? (
            <Box
              component="img"
              src={data.image}
              alt={t('circles.icon', { title: data.title })}
              sx={{ width: 112, height: 112, borderRadius: 3, objectFit: 'cover' }}
            />
          ) : null}
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
            {t('circles.loginTitle')}
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{t('circles.loginInvited', { title: data.title })}</Typography>
          {isLoggedIn ? (
            <Button component={RouterLink} to={circlePaths.thread(data.id)} variant="contained">
              {t('circles.loginAsMember')}
            </Button>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('circles.loginIntro')}
              </Typography>
              <Box sx={{ width: '100%', maxWidth: 400 }}>
                {kept ? <ProviderSignIn /> : null}
                <Button component={RouterLink} to="/login" variant="contained" fullWidth size="large">
                  {t('circles.loginButton')}
                </Button>
              </Box>
            </>
          )}
        </CardContent>
      </Card>
      <LegalLinks />
    </PageContainer>
  );
}
