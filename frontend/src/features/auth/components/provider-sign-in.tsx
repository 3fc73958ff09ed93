import { Suspense, lazy } from 'react';
import { api } from '@/api/api';

export type SignInProviders = NonNullable<ReturnType<typeof api.endpoints.signInProviders.useQuery>['data']>;

// The buttons (their form error, the Google login, the server-message translations) load only
// where a provider is configured: a first visit to a site without one downloads none of it.
export const loadProviderButtons = () => import('./provider-buttons');
const ProviderButtons = lazy(() => loadProviderButtons().then((module) => ({ default: module.ProviderButtons })));

/** Whether the server offers any sign-in provider (then ProviderSignIn shows buttons). */
export const anyProvider = (providers: SignInProviders | undefined): boolean =>
  !!providers && (!!providers.google_client_id || !!providers.line || !!providers.yahoo);

/**
 * The sign-in providers this site offers (the server says which): LINE and Yahoo! JAPAN by a
 * redirect through the server, Google with its own button. Nothing shows when none is configured.
 * `ownSuspense={false}`: while the buttons' code loads, the caller's Suspense boundary waits (the
 * welcome dialog opens with its buttons in it rather than growing when they arrive).
 */
export function ProviderSignIn({ ownSuspense = true }: { ownSuspense?: boolean }) {
  const { data: providers } = api.endpoints.signInProviders.useQuery();
  if (!providers || !anyProvider(providers)) return null;
  const buttons = <ProviderButtons providers={providers} />;
  return ownSuspense ? <Suspense fallback={null}>{buttons}</Suspense> : buttons;
}
