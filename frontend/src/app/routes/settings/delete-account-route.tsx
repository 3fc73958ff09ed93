import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { api } from '@/api/api';
import { LoginPrompt } from '@/components/login-prompt';
import { PageContainer } from '@/components/page-container';
import { loggedOut } from '@/lib/session-slice';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';

export function DeleteAccountRoute() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const showSnack = useSnackbar();
  const { isLoggedIn } = useSession();
  const [deleteProfile, { isLoading }] = api.endpoints.deleteProfile.useMutation();
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    setFailed(false);
    const result = await deleteProfile();
    if ('error' in result) {
      setFailed(true);
      return;
    }
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
    showSnack(t('settings.deleteRequested'), 'success');
    navigate('/login');
  };

  if (!isLoggedIn) {
    return (
      <PageContainer title={t('settings.deleteTitle')}>
        <LoginPrompt />
      </PageContainer>
    );
  }
  return (
    <PageContainer documentTitle={t('settings.deleteTitle')}>
      <Card>
        <CardContent>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
            {t('settings.deleteTitle')}
          </Typography>
          {failed ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {t('settings.deleteFailed')}
            </Alert>
          ) : null}
          <Typography>{t('settings.deleteConfirm')}</Typography>
        </CardContent>
        <CardActions sx={{ justifyContent: 'flex-end', gap: 1, px: 2, pb: 2, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/settings">
            {t('common.cancel')}
          </Button>
          <Button variant="contained" color="error" onClick={() => void confirm()} disabled={isLoading}>
            {t('settings.deleteButton')}
          </Button>
        </CardActions>
      </Card>
    </PageContainer>
  );
}
