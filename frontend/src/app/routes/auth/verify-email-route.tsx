import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { MESSAGES } from '../../../../../backend/src/common/http/messages';
import { api } from '@/api/api';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { useServerMessage } from '@/hooks/use-server-message';

export const VERIFY_REDIRECT_MS = 5000;

type Status = 'loading' | 'verified' | 'already' | 'failed';

export function VerifyEmailRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id, key } = useParams();
  const serverText = useServerMessage();
  const [verify] = api.endpoints.verifyEmail.useMutation();
  const [status, setStatus] = useState<Status>('loading');
  // The key is single-use: post it exactly once, also when StrictMode runs effects twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const userId = Number(id);
    if (!Number.isInteger(userId) || !key) {
      setStatus('failed');
      return;
    }
    void verify({ keyDto: { id: userId, key } }).then((result) => {
      if ('error' in result) setStatus('failed');
      // The link opened a second time: the account is verified, nothing failed.
      else setStatus(result.data.message === MESSAGES.alreadyVerified ? 'already' : 'verified');
    });
  }, [id, key, verify]);

  useEffect(() => {
    if (status !== 'verified') return undefined;
    const timer = window.setTimeout(() => navigate('/login'), VERIFY_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [status, navigate]);

  return (
    <PageContainer title={t('auth.verifyTitle')}>
      {status === 'loading' ? <LoadingState shape="progress" label={t('auth.verifying')} /> : null}
      {status === 'verified' ? <Alert severity="success">{t('auth.verified')}</Alert> : null}
      {status === 'already' ? <Alert severity="info">{serverText({ code: 'alreadyVerified' })}</Alert> : null}
      {status === 'failed' ? <Alert severity="error">{t('messages.verificationFailed')}</Alert> : null}
      {status !== 'loading' ? (
        <Button component={RouterLink} to="/login" variant="contained" sx={{ mt: 3 }}>
          {t('auth.toLogin')}
        </Button>
      ) : null}
    </PageContainer>
  );
}
