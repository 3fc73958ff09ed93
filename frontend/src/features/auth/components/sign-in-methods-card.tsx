import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { api } from '@/api/api';
import { FormError } from '@/components/form-error';
import { useServerMessage } from '@/hooks/use-server-message';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useAppDispatch } from '@/hooks/use-app-dispatch';
import { allMessages, parseApiError } from '@/utils/api-error';
import { isLineInAppBrowser } from '../utils/in-app-browser';
import { GoogleSignInButton } from './google-sign-in-button';

type Provider = 'google' | 'line' | 'yahoo';
const PROVIDERS: Provider[] = ['line', 'yahoo', 'google'];
const FAILURES = ['cancelled', 'failed', 'expired', 'email_unverified', 'inactive', 'taken', 'other_browser', 'signed_out'] as const;

/**
 * The account's ways to log in: the password and each provider, linked or not. A provider is
 * linked by signing in with it; the last way to log in cannot be removed (the server refuses too).
 */
export function SignInMethodsCard() {
  const { t } = useTranslation();
  const translate = useServerMessage();
  const snack = useSnackbar();
  const [params, setParams] = useSearchParams();
  const { data, refetch } = api.endpoints.signInMethods.useQuery();
  const dispatch = useAppDispatch();
  const [linkGoogle] = api.endpoints.linkGoogle.useMutation();
  const [startLink] = api.endpoints.linkProviderStart.useMutation();
  const [unlink] = api.endpoints.unlinkProvider.useMutation();
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState<Provider | null>(null);

  // Back from a provider's link flow: /account?linked=line or ?signin_error=taken|other_browser|….
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    const linked = params.get('linked');
    const failure = params.get('signin_error');
    if (!linked && !failure) return;
    handled.current = true;
    if (linked && PROVIDERS.includes(linked as Provider)) snack(t('signIn.linkedDone', { provider: t(`signIn.providers.${linked as Provider}`) }), 'success');
    if (failure) setErrors([t(`signIn.errors.${(FAILURES as readonly string[]).includes(failure) ? (failure as (typeof FAILURES)[number]) : 'failed'}`)]);
    const next = new URLSearchParams(params);
    next.delete('linked');
    next.delete('signin_error');
    setParams(next, { replace: true });
  }, [params, setParams, snack, t]);

  if (!data) return null;
  const available = data.available;
  const offered = PROVIDERS.filter((p) => (p === 'google' ? !!available.google_client_id : available[p]));
  const linked = new Map(data.methods.map((m) => [m.provider as Provider, m]));
  if (offered.length === 0 && linked.size === 0) return null;
  const ways = linked.size + (data.password ? 1 : 0);

  const fail = (error: unknown) => {
    const parsed = parseApiError(error);
    const messages = allMessages(parsed).map(translate);
    setErrors(messages.length ? messages : [t('common.errorGeneric')]);
  };

  const onLink = async (provider: Exclude<Provider, 'google'>) => {
    setErrors([]);
    setBusy(provider);
    const result = await startLink({ provider });
    if ('data' in result && result.data) {
      window.location.assign(result.data.url);
      return;
    }
    setBusy(null);
    fail(result.error);
  };

  const onGoogle = async (idToken: string) => {
    setErrors([]);
    const result = await linkGoogle({ googleLinkDto: { id_token: idToken } });
    if ('data' in result && result.data) {
      // The answer is the account's methods as they are now.
      dispatch(api.util.upsertQueryData('signInMethods', undefined, result.data));
      snack(t('signIn.linkedDone', { provider: t('signIn.providers.google') }), 'success');
    } else fail(result.error);
  };

  const onRemove = async (provider: Provider) => {
    setErrors([]);
    setBusy(provider);
    const result = await unlink({ provider });
    setBusy(null);
    if ('error' in result) fail(result.error);
    else {
      void refetch();
      snack(t('signIn.removedDone', { provider: t(`signIn.providers.${provider}`) }), 'success');
    }
  };

  return (
    <Card sx={{ mt: 3 }}>
      <CardContent>
        <Typography id="sign-in-methods-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('signIn.methodsTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('signIn.methodsIntro')}
        </Typography>
        <FormError messages={errors} />
        <List aria-labelledby="sign-in-methods-title">
          <ListItem divider>
            <ListItemText primary={t('signIn.password')} secondary={data.password ? t('signIn.linked') : t('signIn.notLinked')} />
          </ListItem>
          {PROVIDERS.filter((p) => linked.has(p) || offered.includes(p)).map((provider) => {
            const method = linked.get(provider);
            const name = t(`signIn.providers.${provider}`);
            return (
              <ListItem key={provider} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText primary={name} secondary={method ? (method.email ?? t('signIn.linked')) : t('signIn.notLinked')} />
                {method ? (
                  <Button
                    size="small"
                    color="error"
                    disabled={ways <= 1 || busy !== null}
                    onClick={() => void onRemove(provider)}
                    aria-label={t('signIn.removeLabel', { provider: name })}
                  >
                    {t('signIn.remove')}
                  </Button>
                ) : provider === 'google' ? (
                  isLineInAppBrowser() ? null : (
                    <GoogleSignInButton clientId={available.google_client_id!} onCredential={(token) => void onGoogle(token)} />
                  )
                ) : (
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={busy !== null}
                    onClick={() => void onLink(provider)}
                    aria-label={t('signIn.linkLabel', { provider: name })}
                  >
                    {t('signIn.link')}
                  </Button>
                )}
              </ListItem>
            );
          })}
        </List>
        {ways <= 1 ? <Alert severity="info">{t('signIn.lastMethod')}</Alert> : null}
      </CardContent>
    </Card>
  );
}
