import Stripe from 'stripe';
import type { AppConfig } from '../../config/config';

/**
 * The Stripe SDK as configured: Stripe itself, or the stand-in at STRIPE_API_URL (tests, local
 * trials), reached over plain HTTP without retries. Undefined when payments are off.
 */
export function stripeClient(payments: AppConfig['payments']): Stripe | undefined {
  if (!payments.secretKey) return undefined;
  const api = payments.apiUrl ? new URL(payments.apiUrl) : undefined;
  return new Stripe(payments.secretKey, {
    timeout: 20_000,
    maxNetworkRetries: api ? 0 : 2,
    appInfo: { name: 'monobook' },
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}
