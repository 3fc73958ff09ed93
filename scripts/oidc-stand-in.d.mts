/** Types of oidc-stand-in.mjs, for the TypeScript test that starts it. */
import type { OAuth2Server } from 'oauth2-mock-server';

export const PEOPLE: Record<'google' | 'line' | 'yahoo', { sub: string; email: string; email_verified?: boolean; name: string }>;
export const CLIENTS: { google: { id: string }; line: { id: string; secret: string }; yahoo: { id: string; secret: string } };

export interface OidcStandIn {
  google: OAuth2Server;
  line: OAuth2Server;
  yahoo: OAuth2Server;
  /** The environment that points the app at the three issuers. */
  env: Record<
    | 'GOOGLE_CLIENT_ID'
    | 'GOOGLE_ISSUER'
    | 'LINE_CHANNEL_ID'
    | 'LINE_CHANNEL_SECRET'
    | 'LINE_ISSUER'
    | 'YAHOO_CLIENT_ID'
    | 'YAHOO_CLIENT_SECRET'
    | 'YAHOO_ISSUER',
    string
  >;
  googleIdToken(expiresIn?: number): Promise<string>;
  close(): Promise<unknown>;
}

export function startOidcStandIn(options?: { port?: number; host?: string }): Promise<OidcStandIn>;
