import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential?: string }) => void; ux_mode?: 'popup' }): void;
      renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

const SCRIPT = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleIdentity> | undefined;

/** Google Identity Services, loaded once and only where a Google button is shown. */
function loadGoogleIdentity(): Promise<GoogleIdentity> {
  const existing = (globalThis as { google?: GoogleIdentity }).google;
  if (existing?.accounts?.id) return Promise.resolve(existing);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => {
      const google = (globalThis as { google?: GoogleIdentity }).google;
      if (google?.accounts?.id) resolve(google);
      else reject(new Error('Google Identity Services did not start'));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Google Identity Services could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * Google's own sign-in button (Google Identity Services). It hands us an ID token, which the
 * server checks; nothing here is trusted on its own.
 */
export function GoogleSignInButton({ clientId, onCredential }: { clientId: string; onCredential: (idToken: string) => void }) {
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let active = true;
    loadGoogleIdentity()
      .then((google) => {
        if (!active || !host.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: (response) => response.credential && callback.current(response.credential),
        });
        google.accounts.id.renderButton(host.current, { theme: 'outline', size: 'large', text: 'signin_with', width: 300, locale: i18n.language });
        setState('ready');
      })
      .catch(() => active && setState('failed'));
    return () => {
      active = false;
    };
  }, [clientId, i18n.language]);

  return (
    <>
      <div ref={host} style={{ display: 'flex', justifyContent: 'center', minHeight: state === 'ready' ? 44 : 0 }} />
      {state === 'loading' ? (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('signIn.googleLoading')}
        </Typography>
      ) : null}
      {state === 'failed' ? <Alert severity="warning">{t('signIn.googleUnavailable')}</Alert> : null}
    </>
  );
}
