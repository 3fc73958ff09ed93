import { Suspense, lazy } from 'react';
import { api } from '@/api/api';

export type SignInProviders = NonNullable<ReturnType<typeof api.endpoints.signInProviders.useQuery>['data']>;

// The buttons (their form error, the Google login, the server-message translations) load only
// where a provider is configured: a first visit to a site without one downloads none of it.
const ProviderButtons = lazy(() => import('./provider-buttons').then((module) => ({ default: module.ProviderButtons })));

/**
 * The sign-in providers this site offers (the server says which): LINE and Yahoo! JAPAN by a
 * redirect through the server, Google with its own button. Nothing shows when none is configured.
 */
export function ProviderSignIn() {
  const { data: providers } = api.endpoints.signInProviders.useQuery();
  if (!providers || (!providers.google_client_id && !providers.line && !providers.yahoo)) return null;
  return (
    <Suspense fallback={null}>
      <ProviderButtons providers={providers} />
    </Suspense>
  );
}
