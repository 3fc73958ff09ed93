import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router-dom';
import { api } from '@/api/api';
import { PageContainer } from '@/components/page-container';
import { loggedOut } from '@/lib/session-slice';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';

export function LogoutRoute() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const showSnack = useSnackbar();
  const [logout, { isLoading }] = api.endpoints.logout.useMutation();
  const { isLoggedIn } = useSession();

  const confirm = async () => {
    // The token is dropped locally even when the server call fails.
    await logout();
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
    showSnack(t('auth.loggedOut'), 'success');
    // Replace /logout in the history: Back must not ask a logged-out user to log out.
    navigate('/login', { replace: true });
  };

  // Nobody to log out (Back to here, or a bookmark): the login screen.
  if (!isLoggedIn) return <Navigate to="/login" replace />;

  return (
    <PageContainer documentTitle={t('auth.logoutTitle')}>
      <Card>
        <CardContent>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
            {t('auth.logoutTitle')}
          </Typography>
          <Typography>{t('auth.logoutConfirm')}</Typography>
        </CardContent>
        <CardActions sx={{ justifyContent: 'flex-end', gap: 1, px: 2, pb: 2 }}>
          <Button component={RouterLink} to="/settings">
            {t('common.cancel')}
          </Button>
          <Button variant="contained" onClick={() => void confirm()} disabled={isLoading}>
            {t('auth.logoutButton')}
          </Button>
        </CardActions>
      </Card>
    </PageContainer>
  );
}
