import '@/i18n/payments';
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '@/api/api';
import type { CheckoutStatusResponse } from '@/api/generated';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useDispatch } from 'react-redux';
import { formatDateTime } from '@/utils/japan-time';

/**
 * /gotpage?success=true&session_id=…&index={pageId}: where Stripe Checkout returns. The server is
 * asked about the session (it fulfils it if Stripe says it is paid and the webhook is late); paid
 * goes on to /owningpages, a konbini voucher shows its state, anything else offers /home.
 */
export function GotPageRoute() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const showSnack = useSnackbar();
  const { isLoggedIn } = useSession();
  const sessionId = params.get('session_id');
  const success = params.get('success') === 'true';
  const [ask, state] = api.endpoints.checkoutSessionStatus.useMutation();
  const [status, setStatus] = useState<CheckoutStatusResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const asked = useRef(false);

  const check = async () => {
    if (!sessionId) return;
    setFailed(false);
    const result = await ask({ checkoutStatusDto: { session_id: sessionId } });
    if (!('data' in result) || !result.data) {
      setFailed(true);
      return;
    }
    setStatus(result.data);
    if (result.data.status === 'paid') {
      dispatch(api.util.invalidateTags(['Book', 'BookStatus', 'BookList']));
      showSnack(t('payments.paid'), 'success');
      navigate('/owningpages', { replace: true });
    }
  };

  useEffect(() => {
    if (asked.current || !success || !sessionId || !isLoggedIn) return;
    asked.current = true;
    void check();
  }, [success, sessionId, isLoggedIn]);

  if (!success || !sessionId || !isLoggedIn) return <Navigate to="/home" replace />;

  const toHome = (
    <Button component={RouterLink} to="/home">
      {t('payments.toHome')}
    </Button>
  );
  let body;
  if (failed) {
    body = (
      <>
        <Alert severity="warning">{t('payments.checkFailed')}</Alert>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={check}>
            {t('payments.checkAgain')}
          </Button>
          <Button component={RouterLink} to="/owningpages">
            {t('payments.toOwningPages')}
          </Button>
          {toHome}
        </Box>
      </>
    );
  } else if (!status || state.isLoading || status.status === 'paid') {
    body = <LoadingState shape="progress" label={t('payments.checking')} />;
  } else if (status.status === 'pending') {
    body = (
      <>
        <Alert severity="info">
          {status.voucher_expires_at ? t('payments.pending', { date: formatDateTime(status.voucher_expires_at, i18n.language) }) : t('payments.pendingNoDate')}
        </Alert>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {status.voucher_url ? (
            <Button variant="contained" href={status.voucher_url}>
              {t('payments.showVoucher')}
            </Button>
          ) : null}
          {toHome}
        </Box>
      </>
    );
  } else {
    body = (
      <>
        <Alert severity={status.status === 'open' ? 'info' : 'warning'}>{t(`payments.${status.status}`)}</Alert>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {status.status === 'open' ? (
            <Button variant="contained" onClick={check}>
              {t('payments.checkAgain')}
            </Button>
          ) : null}
          {status.pageId ? (
            <Button component={RouterLink} to={`/mono/${status.pageId}`}>
              {t('payments.backToBook')}
            </Button>
          ) : null}
          {toHome}
        </Box>
      </>
    );
  }
  return (
    <PageContainer title={t('payments.gotPageTitle')}>
      <Card>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} aria-live="polite">
          {body}
        </CardContent>
      </Card>
    </PageContainer>
  );
}

/** /success: straight on to /home. */
export function SuccessRoute() {
  return <Navigate to="/home" replace />;
}
