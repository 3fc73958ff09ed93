import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '@/api/api';
import { LoginPrompt } from '@/components/login-prompt';
import { PageContainer } from '@/components/page-container';
import { loggedOut } from '@/lib/session-slice';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';
import { absoluteDate } from '@/utils/dates';

/** The server's default grace period (ACCOUNT_DELETION_GRACE_DAYS); the answer of the request says the real date. */
const GRACE_DAYS = 14;

/**
 * Deleting an account says what happens at once (logged out, hidden) and when it is gone for good;
 * after the request it stays on this screen and confirms with the server's date (issue 41, item 5).
 */
export function DeleteAccountRoute() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const { isLoggedIn } = useSession();
  const showSnack = useSnackbar();
  const [deleteProfile, { isLoading }] = api.endpoints.deleteProfile.useMutation();
  const [failed, setFailed] = useState(false);
  const [done, setDone] = useState<{ deletesAt: string; days: number } | null>(null);

  const confirm = async () => {
    setFailed(false);
    const result = await deleteProfile();
    if (!('data' in result) || !result.data) {
      setFailed(true);
      return;
    }
    setDone({ deletesAt: result.data.deletes_at, days: result.data.grace_days });
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
    showSnack(t('settings.deleteRequested'), 'success');
  };

  if (done) {
    return (
      <PageContainer documentTitle={t('settings.deleteDoneTitle')}>
        <Card>
          <CardContent>
            <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
              {t('settings.deleteDoneTitle')}
            </Typography>
            <Alert severity="success" role="status">
              {t('settings.deleteDoneBody', { date: absoluteDate(done.deletesAt), days: done.days })}
            </Alert>
          </CardContent>
          <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
            <Button component={RouterLink} to="/" variant="contained">
              {t('settings.deleteDoneHome')}
            </Button>
          </CardActions>
        </Card>
      </PageContainer>
    );
  }
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
          <Typography sx={{ fontWeight: 700 }}>{t('settings.deleteQuestion')}</Typography>
          <Typography sx={{ mt: 1 }}>{t('settings.deleteWhenConfirmed')}</Typography>
          <ul>
            <li>
              <Typography>{t('settings.deleteNow')}</Typography>
            </li>
            <li>
              <Typography>{t('settings.deleteLater', { days: GRACE_DAYS })}</Typography>
            </li>
            <li>
              <Typography>{t('settings.deleteMeanwhile', { days: GRACE_DAYS })}</Typography>
            </li>
          </ul>
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
