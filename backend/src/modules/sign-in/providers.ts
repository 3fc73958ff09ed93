import * as client from 'openid-client';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import type { AppConfig } from '../../config/config';

export const PROVIDERS = ['google', 'line', 'yahoo'] as const;
export type Provider = (typeof PROVIDERS)[number];
/** Providers signed in to through a server-side code flow (the browser is redirected to them). */
export const CODE_FLOW_PROVIDERS = ['line', 'yahoo'] as const;
export type CodeFlowProvider = (typeof CODE_FLOW_PROVIDERS)[number];

interface ProviderSettings {
  clientId: string;
  clientSecret?: string;
  issuer: string;
}

/** What a verified ID token says about the person. */
export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/** An ID token or a provider's answer that cannot be trusted: the sign-in is refused. */
export class UntrustedIdentity extends Error {}

/**
 * One provider's OpenID configuration, read from its issuer's
 * `/.well-known/openid-configuration` on first use and kept (a failed discovery is tried again
 * on the next sign-in). Tests and local trials point the issuer at a stand-in; nothing else changes.
 */
export class OidcProvider {
  private discovered?: Promise<client.Configuration>;
  private keys?: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    readonly name: Provider,
    readonly settings: ProviderSettings,
  ) {}

  configuration(): Promise<client.Configuration> {
    if (!this.discovered) {
      const issuer = new URL(this.settings.issuer);
      const insecure = issuer.protocol === 'http:';
      // LINE web login signs ID tokens with the channel secret (HS256); Yahoo! JAPAN with its keys.
      const metadata: Partial<client.ClientMetadata> =
        this.name === 'line'
          ? { client_secret: this.settings.clientSecret, id_token_signed_response_alg: 'HS256' }
          : { client_secret: this.settings.clientSecret };
      const auth =
        this.settings.clientSecret === undefined
          ? client.None()
          : this.name === 'yahoo'
            ? client.ClientSecretBasic(this.settings.clientSecret)
            : client.ClientSecretPost(this.settings.clientSecret);
      this.discovered = client
        .discovery(issuer, this.settings.clientId, metadata, auth, { execute: insecure ? [client.allowInsecureRequests] : [], timeout: 10 })
        .catch((error: unknown) => {
          this.discovered = undefined;
          throw error;
        });
    }
    return this.discovered;
  }

  /**
   * Checks an ID token's signature (the issuer's published keys, or for HS256 the client secret),
   * issuer, audience, expiry and, when given, nonce; answers who it is about.
   */
  async verifyIdToken(idToken: string, nonce?: string): Promise<VerifiedIdentity> {
    const metadata = (await this.configuration()).serverMetadata();
    let alg: string | undefined;
    try {
      alg = decodeProtectedHeader(idToken).alg;
    } catch {
      throw new UntrustedIdentity('not a JWT');
    }
    // Google's older tokens name the issuer without the scheme.
    const issuers = this.name === 'google' ? [metadata.issuer, metadata.issuer.replace(/^https:\/\//, '')] : [metadata.issuer];
    let payload: JWTPayload;
    try {
      if (alg === 'HS256') {
        if (this.name !== 'line' || !this.settings.clientSecret) throw new UntrustedIdentity('unexpected HS256');
        ({ payload } = await jwtVerify(idToken, new TextEncoder().encode(this.settings.clientSecret), {
          issuer: issuers,
          audience: this.settings.clientId,
          algorithms: ['HS256'],
        }));
      } else {
        if (!metadata.jwks_uri) throw new UntrustedIdentity('the issuer publishes no keys');
        this.keys ??= createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: 10_000 });
        ({ payload } = await jwtVerify(idToken, this.keys, { issuer: issuers, audience: this.settings.clientId, algorithms: ['RS256', 'ES256', 'PS256'] }));
      }
    } catch (error) {
      if (error instanceof UntrustedIdentity) throw error;
      throw new UntrustedIdentity((error as Error).message);
    }
    if (nonce !== undefined && payload.nonce !== nonce) throw new UntrustedIdentity('nonce mismatch');
    if (typeof payload.sub !== 'string' || !payload.sub || payload.sub.length > 255) throw new UntrustedIdentity('no subject');
    const email =
      typeof payload.email === 'string' && payload.email.length <= 254 && /^[^@\s]+@[^@\s]+$/.test(payload.email) ? payload.email.toLowerCase() : null;
    // LINE names an address only when its owner allowed it, and LINE has confirmed it; Google and
    // Yahoo! JAPAN say whether they did.
    const emailVerified = email !== null && (this.name === 'line' || payload.email_verified === true || payload.email_verified === 'true');
    return { subject: payload.sub, email, emailVerified };
  }
}

/** The configured providers; an unconfigured one is absent (its button is hidden). */
export function configuredProviders(config: AppConfig): Map<Provider, OidcProvider> {
  const providers = new Map<Provider, OidcProvider>();
  const { google, line, yahoo } = config.signIn;
  if (google) providers.set('google', new OidcProvider('google', google));
  if (line) providers.set('line', new OidcProvider('line', line));
  if (yahoo) providers.set('yahoo', new OidcProvider('yahoo', yahoo));
  return providers;
}
