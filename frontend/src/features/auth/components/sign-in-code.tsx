import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '@/api/api';
import type { LoginResponse } from '@/api/generated';
import { useServerMessage } from '@/hooks/use-server-message';
import { i18n } from '@/i18n';
import { readToken, writeToken } from '@/lib/token-storage';
import { allMessages, parseApiError } from '@/utils/api-error';
import { rememberInvitedCircle } from '../utils/in-app-browser';

/** Who a token signs in as: the account (its address, unique) and a name to show, if any. */
type Who = { account: string | null; name: string | null };

/** The addresses of accounts a provider made without one (LINE may share none). */
const NO_EMAIL_DOMAIN = '@users.invalid';

/** Only paths inside the app are followed. */
const insideApp = (path: string | null | undefined) => (path && path.startsWith('/') && !path.startsWith('//') ? path : null);

/** A call made with a given token (not the stored one): who it is, or ending it. */
async function withToken(token: string, path: string, method: 'GET' | 'POST' = 'GET'): Promise<Record<string, unknown> | null> {
  try {
    const res = await fetch(`${globalThis.location.origin}${path}`, {
      method,
      headers: { Authorization: `Token ${token}`, 'Accept-Language': i18n.language || 'en' },
    });
    return res.ok ? ((await res.json()) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

async function whoIs(token: string): Promise<Who> {
  const [account, profile] = await Promise.all([withToken(token, '/api/user/account/'), withToken(token, '/api/user/myprofile/')]);
  const email = typeof account?.email === 'string' ? account.email : null;
  const nick = typeof profile?.nickName === 'string' && profile.nickName !== '' && profile.nickName !== 'default' ? profile.nickName : null;
  return { account: email, name: nick ?? (email && !email.endsWith(NO_EMAIL_DOMAIN) ? email : null) };
}

type CodeState =
  { phase: 'none' } | { phase: 'exchanging' } | { phase: 'failed'; messages: string[] } | { phase: 'choose'; current: Who; other: Who; session: LoginResponse };

/**
 * LINE and Yahoo! JAPAN sign-ins come back as /login?code=…&next=…(&community=…): a one-time
 * code that only this browser (the flow's cookie) can exchange for the token. A token in the
 * address (`?token=`, the old way) is never taken: anyone could send such a link. Someone
 * already signed in as another account is asked which account to continue with, never
 * switched silently.
 */
export function useSignInCode(): { state: CodeState; resolve: (choice: 'continue' | 'stay') => void } {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const translate = useServerMessage();
  const { t } = useTranslation();
  const [exchange] = api.endpoints.exchangeSignInCode.useMutation();
  const code = params.get('code');
  const [state, setState] = useState<CodeState>(code ? { phase: 'exchanging' } : { phase: 'none' });
  const started = useRef(false);

  // A token in the address opens nothing; it leaves the address (and the history) at once.
  const carriesToken = params.has('token');
  useEffect(() => {
    if (!carriesToken) return;
    const next = new URLSearchParams(params);
    next.delete('token');
    setParams(next, { replace: true });
  }, [carriesToken, params, setParams]);

  /** Takes the new session: the app starts again on its first screen (or the invited circle). */
  const adopt = (session: LoginResponse, community: number) => {
    writeToken(session.token);
    if (Number.isInteger(community) && community > 0) rememberInvitedCircle(community);
    window.history.replaceState(null, '', insideApp(session.redirect_url) ?? '/home');
    window.location.reload();
  };

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    const community = Number(params.get('community'));
    void (async () => {
      let result = await exchange({ signInCodeDto: { code } });
      // A stale stored token is refused even on public calls (it is dropped then): once more without it.
      if ('error' in result && parseApiError(result.error).status === 401) result = await exchange({ signInCodeDto: { code } });
      if ('error' in result || !result.data) {
        const messages = allMessages(parseApiError('error' in result ? result.error : undefined)).map(translate);
        setState({ phase: 'failed', messages: messages.length ? messages : [t('signIn.errors.failed')] });
        const rest = new URLSearchParams(params);
        for (const key of ['code', 'next', 'community']) rest.delete(key);
        setParams(rest, { replace: true });
        return;
      }
      const session = result.data;
      const stored = readToken();
      if (stored && stored !== session.token) {
        const [current, other] = await Promise.all([whoIs(stored), whoIs(session.token)]);
        if (current.account !== null && current.account !== other.account) {
          setState({ phase: 'choose', current, other, session });
          return;
        }
        if (current.account !== null) {
          // The same account: the session this browser has stays; the new one ends.
          await withToken(session.token, '/api/user/logout/', 'POST');
          if (Number.isInteger(community) && community > 0) rememberInvitedCircle(community);
          navigate(insideApp(session.redirect_url) ?? '/home', { replace: true });
          return;
        }
      }
      adopt(session, community);
    })();
  }, [code, exchange, navigate, params, setParams, t, translate]);

  const resolve = (choice: 'continue' | 'stay') => {
    if (state.phase !== 'choose') return;
    const stored = readToken();
    void (async () => {
      if (choice === 'continue') {
        if (stored) await withToken(stored, '/api/user/logout/', 'POST');
        adopt(state.session, Number(params.get('community')));
      } else {
        await withToken(state.session.token, '/api/user/logout/', 'POST');
        setState({ phase: 'none' });
        navigate('/home', { replace: true });
      }
    })();
  };

  return { state, resolve };
}

/** Signed in as one account, back from a provider's sign-in as another: which one? */
export function SwitchAccountDialog({ current, other, onChoose }: { current: Who; other: Who; onChoose: (choice: 'continue' | 'stay') => void }) {
  const { t } = useTranslation();
  const currentName = current.name ?? t('signIn.switch.unnamed');
  const otherName = other.name ?? t('signIn.switch.unnamed');
  return (
    <Dialog open onClose={() => onChoose('stay')} aria-labelledby="switch-account-title" aria-describedby="switch-account-text">
      <DialogTitle id="switch-account-title">{t('signIn.switch.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="switch-account-text" sx={{ overflowWrap: 'anywhere' }}>
          {t('signIn.switch.text', { current: currentName, other: otherName })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" onClick={() => onChoose('stay')} sx={{ overflowWrap: 'anywhere' }}>
          {t('signIn.switch.stay', { name: currentName })}
        </Button>
        <Button variant="outlined" onClick={() => onChoose('continue')} sx={{ overflowWrap: 'anywhere' }}>
          {t('signIn.switch.continue', { name: otherName })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
