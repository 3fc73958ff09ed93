import { useSelector } from 'react-redux';
import { api } from '@/api/api';
import { selectToken } from '@/lib/session-slice';
import type { SessionState } from '@/lib/session-slice';
import type { Profile } from '@/api/types';

export type MySession = {
  token: string | null;
  isLoggedIn: boolean;
  /** The logged-in user's profile; undefined while loading, when logged out or without a profile. */
  profile: Profile | undefined;
  isProfileLoading: boolean;
  /** Logged in but the profile does not exist yet (404). */
  hasNoProfile: boolean;
  profileError: unknown;
};

/** The session and the own profile, loaded only when a token exists. */
export function useSession(): MySession {
  const token = useSelector((state: { session: SessionState }) => selectToken(state));
  const result = api.endpoints.getMyProfile.useQuery(undefined, { skip: token === null });
  const error = token === null ? undefined : result.error;
  // While a refetch runs the old 404 is still there: judge only settled answers.
  const hasNoProfile = !result.isFetching && typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
  return {
    token,
    isLoggedIn: token !== null,
    profile: token === null ? undefined : result.data,
    isProfileLoading: token !== null && result.isLoading,
    hasNoProfile,
    profileError: error,
  };
}
