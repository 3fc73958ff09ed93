import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/api';
import { expiryHandled, selectSessionExpired } from '@/lib/session-slice';
import type { SessionState } from '@/lib/session-slice';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';
import { chooseLanguage, isLanguage } from '@/i18n';

/** Screens a user without a complete profile may still use. */
const PROFILE_FREE_PATHS = ['/account', '/logout', '/settings', '/languagesetting', '/deleteaccount', '/login'];

/**
 * Keeps the session honest: a rejected token sends the user to /login, and a user without a
 * profile (or without a birthday) is asked to fill it in on /account.
 */
export function SessionGate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const dispatch = useDispatch();
  const showSnack = useSnackbar();
  const expired = useSelector((state: { session: SessionState }) => selectSessionExpired(state));
  const { token, profile, hasNoProfile } = useSession();
  const account = api.endpoints.getAccount.useQuery(undefined, { skip: token === null });
  const accountLanguage = token === null ? undefined : account.data?.language;
  const incomplete = hasNoProfile || (profile !== undefined && !profile.birth);

  // The UI follows the account: a Japanese account gets Japanese on an English browser.
  useEffect(() => {
    if (isLanguage(accountLanguage)) void chooseLanguage(accountLanguage);
  }, [accountLanguage]);

  useEffect(() => {
    if (!expired) return;
    dispatch(expiryHandled());
    dispatch(api.util.resetApiState());
    navigate('/login');
  }, [expired, dispatch, navigate]);

  useEffect(() => {
    if (!incomplete || PROFILE_FREE_PATHS.includes(pathname)) return;
    showSnack(t('messages.fillInProfile'), 'info');
    navigate('/account');
  }, [incomplete, pathname, navigate, showSnack, t]);

  return null;
}
