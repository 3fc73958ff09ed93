import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { api } from '@/api/api';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { useServerMessage } from '@/hooks/use-server-message';
import { allMessages, parseApiError, type ServerError } from '@/utils/api-error';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

type LinkState = { status: 'checking' } | { status: 'invalid'; messages: ServerError[] } | { status: 'valid'; email: string };

export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const translate = useServerMessage();
  const { id, key } = useParams();
  const userId = Number(id);
  const [verifyLink] = api.endpoints.verifyForPasswordReset.useMutation();
  const [link, setLink] = useState<LinkState>({ status: 'checking' });
  const [done, setDone] = useState(false);
  const checked = useRef(false);

  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    if (!Number.isInteger(userId) || !key) {
      setLink({ status: 'invalid', messages: [] });
      return;
    }
    void verifyLink({ keyDto: { id: userId, key } }).then((result) => {
      if ('data' in result && result.data) setLink({ status: 'valid', email: result.data.email });
      else setLink({ status: 'invalid', messages: allMessages(parseApiError(result.error)) });
    });
  }, [userId, key, verifyLink]);

  let body;
  if (done) {
    body = (
      <>
        <Alert severity="success" role="status">
          {t('auth.resetDone')}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained" sx={{ mt: 2 }}>
          {t('auth.toLogin')}
        </Button>
      </>
    );
  } else if (link.status === 'checking') {
    body = <LoadingState shape="progress" label={t('auth.resetChecking')} />;
  } else if (link.status === 'invalid') {
    const messages = link.messages.map(translate);
    body = (
      <>
        <Alert severity="error" role="alert">
          {messages.length > 0 ? messages.join(' ') : t('ResetPassword1')}
        </Alert>
        <Button component={RouterLink} to="/forgot" sx={{ mt: 2 }}>
          {t('auth.forgotTitle')}
        </Button>
      </>
    );
  } else {
    body = <ResetPasswordForm id={userId} resetKey={key ?? ''} email={link.email} onDone={() => setDone(true)} />;
  }

  return (
    <PageContainer documentTitle={t('auth.resetTitle')}>
      <Card>
        <CardContent>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
            {t('auth.resetTitle')}
          </Typography>
          {body}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
