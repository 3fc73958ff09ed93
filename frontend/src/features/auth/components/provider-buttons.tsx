import { Suspense, lazy, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { api } from '@/api/api';
import { FormError } from '@/components/form-error';
import { useServerMessage } from '@/hooks/use-server-message';
import { chooseLanguage, isLanguage } from '@/i18n';
import type { SignInProviders } from './provider-sign-in';
import { loggedIn } from '@/lib/session-slice';
import { allMessages, parseApiError } from '@/utils/api-error';
import { invitedCircle, isLineInAppBrowser } from '../utils/in-app-browser';

// Google's button (and its script loader) loads only where Google sign-in is configured.
const GoogleSignInButton = lazy(() => import('./google-sign-in-button').then((module) => ({ default: module.GoogleSignInButton })));

/** Only paths inside the app are followed after login. */
function safePath(url: string | undefined): string {
  return url && url.startsWith('/') && !url.startsWith('//') ? url : '/home';
}

/** The providers' buttons (the server says which are configured), then 'or' above the email way. */
export function ProviderButtons({ providers }: { providers: SignInProviders }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const translate = useServerMessage();
  const [loginGoogle, { isLoading }] = api.endpoints.loginGoogle.useMutation();
  const [errors, setErrors] = useState<string[]>([]);

  const circle = invitedCircle();
  const query = circle ? `?community=${circle}` : '';
  const inLine = isLineInAppBrowser();

  const onGoogle = async (idToken: string) => {
    setErrors([]);
    const result = await loginGoogle({ googleLoginDto: { id_token: idToken, ...(circle ? { community: circle } : {}) } });
    if ('data' in result && result.data) {
      if (isLanguage(result.data.language)) await chooseLanguage(result.data.language);
      dispatch(api.util.resetApiState());
      dispatch(loggedIn(result.data.token));
      navigate(safePath(result.data.redirect_url));
      return;
    }
    const error = parseApiError(result.error);
    const messages = error.kind === 'network' || error.kind === 'server' ? [] : allMessages(error).map(translate);
    setErrors(messages.length ? messages : [t(error.kind === 'network' ? 'common.networkError' : 'common.errorGeneric')]);
  };

  return (
    <Stack spacing={1.5} sx={{ mb: 2 }} aria-busy={isLoading}>
      <FormError messages={errors} />
      {providers.line ? (
        <Button variant="outlined" size="large" fullWidth href={`/api/user/line-login/${query}`}>
          {t('signIn.withLine')}
        </Button>
      ) : null}
      {providers.yahoo ? (
        <Button variant="outlined" size="large" fullWidth href={`/api/user/yahoo-login/${query}`}>
          {t('signIn.withYahoo')}
        </Button>
      ) : null}
      {providers.google_client_id ? (
        inLine ? (
          <Alert severity="info">{t('signIn.lineBrowserHint')}</Alert>
        ) : (
          <Suspense fallback={null}>
            <GoogleSignInButton clientId={providers.google_client_id} onCredential={(token) => void onGoogle(token)} />
          </Suspense>
        )
      ) : null}
      <Divider>{t('signIn.or')}</Divider>
    </Stack>
  );
}
