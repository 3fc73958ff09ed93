import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import * as crypto from 'node:crypto';
import * as client from 'openid-client';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import type { AuthUser } from '../../common/auth/auth-user';
import { Signer } from '../../common/crypto/signer';
import { DrfValidationError, Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import { EventsService } from '../../common/events/events.service';
import type { Language } from '../../common/i18n/language';
import { Db, type Tx } from '../../database/db';
import { JobsService } from '../../jobs/jobs.service';
import type { LoginResponse } from '../auth/dto/auth.dto';
import { ExternalAccountsService } from '../auth/external-accounts.service';
import { sha256 } from '../auth/token.service';
import { type CodeFlowProvider, configuredProviders, type OidcProvider, type Provider, type VerifiedIdentity } from './providers';
import type { SignInMethodsResponse, SignInProvidersResponse } from './dto/sign-in.dto';

const STATE_PURPOSE = 'sign-in-state';
const LINK_PURPOSE = 'sign-in-link';
/** A started code flow must come back within this time. */
const FLOW_SECONDS = 600;
/** The one-time code a finished sign-in sends to /login must be exchanged within this time. */
export const CODE_SECONDS = 120;
/** A link URL from `sign-in-methods/{provider}/start/` must be opened within this time. */
const LINK_TICKET_SECONDS = 120;
export const BROWSER_COOKIE = 'mb_sign_in';
/** Binds a link flow to the browser that asked for it (set on the answer of the start POST). */
export const LINK_COOKIE = 'mb_sign_in_link';
const PRUNE_QUEUE = 'sign-in-flows-prune';

/** Why a code flow ended without a session: the login page says it in the user's language. */
export type SignInFailure = 'cancelled' | 'failed' | 'expired' | 'email_unverified' | 'inactive' | 'taken' | 'other_browser' | 'signed_out';

export class SignInRefused extends Error {
  /** A link flow's refusal: the account page says it (`/account?signin_error=`), not /login. */
  constructor(
    readonly reason: SignInFailure,
    readonly linking = false,
  ) {
    super(reason);
  }
}

export interface StartedFlow {
  url: string;
  /** The value of the browser-binding cookie: the callback must come from the same browser. */
  browserSecret: string;
}

/**
 * A finished code flow: a sign-in hands the app a one-time code (exchanged for the token by the
 * browser that started the flow, `exchange`), never the token itself; a link flow is done.
 */
export type FinishedFlow =
  { kind: 'code'; code: string; next: '/home' | '/account'; community: number | null } | { kind: 'linked'; provider: CodeFlowProvider };

export interface LinkStart {
  url: string;
  /** The value of the link cookie: the flow finishes only in the browser that asked for it. */
  browserSecret: string;
}

/** Whether a cookie's value is the one whose hash a flow keeps (constant time). */
const sameSecret = (secret: string | undefined, hash: string | null): boolean =>
  secret !== undefined && hash !== null && crypto.timingSafeEqual(Buffer.from(sha256(secret)), Buffer.from(hash));

/**
 * Sign-in with Google (an ID token from the browser, checked here), LINE and Yahoo! JAPAN
 * (authorization code flows with PKCE, state and nonce, finished server-side). Owns
 * sign_in_links (an account's identities, keyed on the provider's subject) and sign_in_flows
 * (the started code flows, each consumed once).
 */
@Injectable()
export class SignInService implements OnModuleInit {
  private readonly logger = new Logger('SignIn');
  private readonly providers: Map<Provider, OidcProvider>;

  constructor(
    private readonly db: Db,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly accounts: ExternalAccountsService,
    private readonly signer: Signer,
    private readonly jobs: JobsService,
    events: EventsService,
  ) {
    this.providers = configuredProviders(options.config);
    events.subscribe('account.deleted', 'sign-in', ({ userId }) => this.deleteOfUser(userId));
  }

  onModuleInit(): void {
    this.jobs.define(PRUNE_QUEUE, () => this.pruneFlows(), { cron: '17 * * * *', retryLimit: 1 });
  }

  available(): SignInProvidersResponse {
    return {
      google_client_id: this.providers.get('google')?.settings.clientId ?? null,
      line: this.providers.has('line'),
      yahoo: this.providers.has('yahoo'),
    };
  }

  private provider(name: Provider): OidcProvider {
    const provider = this.providers.get(name);
    if (!provider) throw notFound();
    return provider;
  }

  callbackUrl(provider: CodeFlowProvider): string {
    return `${this.options.config.publicUrl}/api/user/${provider}-callback/`;
  }

  /**
   * Starts a code flow: a flow row (PKCE verifier, nonce, browser binding, circle to join, or the
   * account to link to), and the provider's authorization URL carrying a signed state.
   */
  async start(name: CodeFlowProvider, options: { community?: number; linkTicket?: string; language?: Language }): Promise<StartedFlow> {
    const provider = this.provider(name);
    let link: { userId: number; tokenId: number; browserHash: string } | null = null;
    if (options.linkTicket !== undefined) {
      // `{provider}:{user id}:{token id}:{SHA-256 of the link cookie}` (linkStart)
      const parts = this.signer.verify(LINK_PURPOSE, options.linkTicket)?.split(':');
      if (!parts || parts.length !== 4 || parts[0] !== name || !/^[0-9a-f]{64}$/.test(parts[3])) throw DrfValidationError.field('link', Msg.linkExpired);
      link = { userId: Number(parts[1]), tokenId: Number(parts[2]), browserHash: parts[3] };
    }
    const configuration = await provider.configuration();
    const id = crypto.randomUUID();
    const verifier = client.randomPKCECodeVerifier();
    const nonce = client.randomNonce();
    const browserSecret = crypto.randomBytes(32).toString('base64url');
    await this.db.exec(
      `INSERT INTO sign_in_flows (id, provider, code_verifier, nonce, browser_hash, community_id, link_user_id, link_token_id, link_browser_hash, language)
       VALUES (:id, :name, :verifier, :nonce, :browserHash, :community, :linkUserId, :linkTokenId, :linkBrowserHash, :language)`,
      {
        id,
        name,
        verifier,
        nonce,
        browserHash: sha256(browserSecret),
        community: options.community ?? null,
        linkUserId: link?.userId ?? null,
        linkTokenId: link?.tokenId ?? null,
        linkBrowserHash: link?.browserHash ?? null,
        // A visitor whose language the request did not say started on the Japanese site (the flow's language is its UI's).
        language: options.language ?? 'ja',
      },
    );
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.callbackUrl(name),
      scope: 'openid profile email',
      state: this.signer.sign(STATE_PURPOSE, `${name}:${id}`, FLOW_SECONDS),
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, browserSecret };
  }

  /**
   * Finishes a code flow from the provider's redirect: the state must be ours, unexpired, unused
   * and from the browser that started it; the code is exchanged with the PKCE verifier; the ID
   * token's signature, issuer, audience, expiry and nonce are checked. Then the account is found
   * (or made) and a one-time code issued for the app to exchange (`exchange`), or the identity
   * is linked to the account that asked, when the link cookie proves this is the browser that
   * asked and that session is still signed in.
   */
  async finish(name: CodeFlowProvider, query: Record<string, unknown>, cookies: { browser?: string; link?: string }): Promise<FinishedFlow> {
    const provider = this.provider(name);
    const state = typeof query.state === 'string' ? query.state : undefined;
    const payload = this.signer.verify(STATE_PURPOSE, state);
    if (!payload || !payload.startsWith(`${name}:`)) throw new SignInRefused('expired');
    const flowId = payload.slice(name.length + 1);
    const flow = await this.db.row<{
      code_verifier: string;
      nonce: string;
      browser_hash: string;
      community_id: number | null;
      link_user_id: number | null;
      link_token_id: number | null;
      link_browser_hash: string | null;
      language: Language;
    }>(
      `UPDATE sign_in_flows SET used_on = now()
        WHERE id = :flowId AND provider = :name AND used_on IS NULL AND created_on > now() - make_interval(secs => :seconds)
        RETURNING code_verifier, nonce, browser_hash, community_id, link_user_id, link_token_id, link_browser_hash, language`,
      { flowId, name, seconds: FLOW_SECONDS },
    );
    if (!flow) throw new SignInRefused('expired'); // replayed, or too old
    const linking = flow.link_user_id !== null;
    if (!sameSecret(cookies.browser, flow.browser_hash)) throw new SignInRefused('failed', linking);
    if (linking) {
      // The link URL opened by another browser (someone sent it around) links nothing: only the
      // browser whose start POST set the link cookie finishes it, while that session stands.
      if (!sameSecret(cookies.link, flow.link_browser_hash)) throw new SignInRefused('other_browser', true);
      if (flow.link_token_id === null || !(await this.accounts.sessionStands(flow.link_token_id))) throw new SignInRefused('signed_out', true);
    }
    if (typeof query.error === 'string') throw new SignInRefused('cancelled', linking);

    let identity: VerifiedIdentity;
    try {
      const callback = new URL(this.callbackUrl(name));
      for (const [key, value] of Object.entries(query)) if (typeof value === 'string') callback.searchParams.set(key, value);
      const tokens = await client.authorizationCodeGrant(await provider.configuration(), callback, {
        pkceCodeVerifier: flow.code_verifier,
        expectedState: state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      identity = await provider.verifyIdToken(tokens.id_token!, flow.nonce);
    } catch (error) {
      this.logger.warn({ provider: name, reason: (error as Error).message }, 'sign-in refused');
      throw new SignInRefused('failed', linking);
    }
    if (flow.link_user_id !== null) {
      try {
        await this.link(flow.link_user_id, name, identity);
      } catch (error) {
        if (error instanceof SignInRefused) throw new SignInRefused(error.reason, true);
        throw error;
      }
      return { kind: 'linked', provider: name };
    }
    const userId = await this.account(name, identity, flow.language);
    const code = crypto.randomBytes(32).toString('base64url');
    await this.db.exec(`UPDATE sign_in_flows SET code_hash = :codeHash, code_user_id = :userId, code_issued_on = now() WHERE id = :flowId`, {
      flowId,
      codeHash: sha256(code),
      userId,
    });
    return { kind: 'code', code, next: await this.accounts.landing(userId, flow.language), community: flow.community_id };
  }

  /**
   * POST sign-in/exchange/: the one-time code a finished LINE or Yahoo! JAPAN sign-in sent to
   * /login, for a session. Only the browser that started the flow (its cookie) can use it, once,
   * within CODE_SECONDS: a code carried to another browser (a link someone was sent) opens nothing.
   */
  async exchange(code: string, browserSecret: string | undefined): Promise<LoginResponse> {
    const hash = sha256(code);
    const used = await this.db.row<{ code_user_id: number }>(
      `UPDATE sign_in_flows SET code_used_on = now()
        WHERE code_hash = :hash AND code_used_on IS NULL AND code_issued_on > now() - make_interval(secs => :seconds) AND browser_hash = :browserHash
        RETURNING code_user_id`,
      { hash, seconds: CODE_SECONDS, browserHash: sha256(browserSecret ?? '') },
    );
    if (!used) {
      // Why not: a live code from another browser is told so (and stays unused); anything else is gone.
      const live = await this.db.row<{ one: number }>(
        `SELECT 1 AS one FROM sign_in_flows WHERE code_hash = :hash AND code_used_on IS NULL AND code_issued_on > now() - make_interval(secs => :seconds)`,
        { hash, seconds: CODE_SECONDS },
      );
      throw live ? DrfValidationError.nonField(Msg.signInOtherBrowser) : DrfValidationError.field('code', Msg.signInCodeInvalid);
    }
    const account = await this.accounts.byId(used.code_user_id);
    if (!account?.isActive) throw DrfValidationError.nonField(Msg.inactiveUser);
    return this.accounts.startSession(account.id);
  }

  /** POST loginGoogle/: the ID token Google Identity Services gave the browser, checked here. */
  async google(idToken: string | undefined, language: Language = 'ja'): Promise<LoginResponse> {
    const identity = await this.verifiedGoogle(idToken);
    try {
      return await this.accounts.startSession(await this.account('google', identity, language));
    } catch (error) {
      if (error instanceof SignInRefused && error.reason === 'inactive') throw DrfValidationError.nonField(Msg.inactiveUser);
      throw error;
    }
  }

  private async verifiedGoogle(idToken: string | undefined): Promise<VerifiedIdentity> {
    const provider = this.provider('google');
    // The address alone proves nothing: only a token Google signed for this site does.
    if (!idToken) throw DrfValidationError.field('id_token', Msg.required);
    let identity: VerifiedIdentity;
    try {
      identity = await provider.verifyIdToken(idToken);
    } catch (error) {
      this.logger.warn({ provider: 'google', reason: (error as Error).message }, 'sign-in refused');
      throw DrfValidationError.field('id_token', Msg.invalidIdToken);
    }
    if (!identity.email || !identity.emailVerified) throw DrfValidationError.nonField(Msg.googleEmailNotVerified);
    return identity;
  }

  /**
   * The account of a provider identity: the one linked to its subject; else the account of the
   * address the provider says it verified (linked now); else a new account, in the language the
   * visitor was using (the UI then stays in it).
   */
  private async account(name: Provider, identity: VerifiedIdentity, language: Language): Promise<number> {
    return this.db.transaction(async (tx) => {
      const linked = await this.db.row<{ user_id: number }>(
        `UPDATE sign_in_links SET last_used_on = now() WHERE provider = :name AND subject = :subject RETURNING user_id`,
        { name, subject: identity.subject },
        tx,
      );
      if (linked) {
        const account = await this.accounts.byId(linked.user_id, tx);
        if (!account?.isActive) throw new SignInRefused('inactive');
        return account.id;
      }
      if (identity.email !== null && !identity.emailVerified) throw new SignInRefused('email_unverified');
      const existing = identity.email ? await this.accounts.byEmail(identity.email, tx) : null;
      if (existing && !existing.isActive) throw new SignInRefused('inactive');
      const id = existing?.id ?? (await this.accounts.create(identity.email, language, tx));
      if (existing && !existing.emailVerified) await this.accounts.confirmByProvider(existing.id, tx);
      await this.insertLink(id, name, identity, tx);
      return id;
    });
  }

  private async insertLink(userId: number, name: Provider, identity: VerifiedIdentity, tx: Tx): Promise<boolean> {
    const inserted = await this.db.exec(
      `INSERT INTO sign_in_links (user_id, provider, subject, email) VALUES (:userId, :name, :subject, :email) ON CONFLICT DO NOTHING`,
      { userId, name, subject: identity.subject, email: identity.email },
      tx,
    );
    return inserted > 0;
  }

  /** Links a provider identity to a signed-in account; refused when it belongs to another account. */
  private async link(userId: number, name: Provider, identity: VerifiedIdentity): Promise<void> {
    await this.db.transaction(async (tx) => {
      const owner = await this.db.row<{ user_id: number }>(
        `SELECT user_id FROM sign_in_links WHERE provider = :name AND subject = :subject`,
        { name, subject: identity.subject },
        tx,
      );
      if (owner && owner.user_id !== userId) throw new SignInRefused('taken');
      if (owner) return;
      const other = await this.db.row<{ one: number }>(`SELECT 1 AS one FROM sign_in_links WHERE user_id = :userId AND provider = :name`, { userId, name }, tx);
      if (other) throw new SignInRefused('taken'); // one identity per provider and account
      if (!(await this.insertLink(userId, name, identity, tx))) throw new SignInRefused('taken');
    });
  }

  /** POST sign-in-methods/google/: links the Google account of an ID token to the signed-in user. */
  async linkGoogle(user: AuthUser, idToken: string | undefined): Promise<SignInMethodsResponse> {
    const identity = await this.verifiedGoogle(idToken);
    try {
      await this.link(user.id, 'google', identity);
    } catch (error) {
      if (error instanceof SignInRefused) throw DrfValidationError.nonField(Msg.signInMethodTaken);
      throw error;
    }
    return this.methods(user);
  }

  /**
   * A URL that starts a LINE or Yahoo! JAPAN flow linking that provider to the signed-in user,
   * and the secret of the cookie that binds it to this browser (the ticket carries its hash and
   * the session that asked; the callback checks both).
   */
  linkStart(user: AuthUser, name: CodeFlowProvider): LinkStart {
    this.provider(name);
    const browserSecret = crypto.randomBytes(32).toString('base64url');
    const ticket = this.signer.sign(LINK_PURPOSE, `${name}:${user.id}:${user.tokenId}:${sha256(browserSecret)}`, LINK_TICKET_SECONDS);
    return { url: `${this.options.config.publicUrl}/api/user/${name}-login/?link=${encodeURIComponent(ticket)}`, browserSecret };
  }

  async methods(user: AuthUser): Promise<SignInMethodsResponse> {
    const rows = await this.db.rows<{ provider: Provider; email: string | null; created_on: Date }>(
      `SELECT provider, email, created_on FROM sign_in_links WHERE user_id = :userId ORDER BY created_on, id`,
      { userId: user.id },
    );
    return {
      password: await this.accounts.hasPassword(user.id),
      methods: rows.map((r) => ({ provider: r.provider, email: r.email, created_on: r.created_on.toISOString() })),
      available: this.available(),
    };
  }

  /** Removes a linked provider; the last way to sign in stays. */
  async unlink(user: AuthUser, name: Provider): Promise<void> {
    await this.db.transaction(async (tx) => {
      const rows = await this.db.rows<{ provider: Provider }>(`SELECT provider FROM sign_in_links WHERE user_id = :userId FOR UPDATE`, { userId: user.id }, tx);
      if (!rows.some((r) => r.provider === name)) throw notFound();
      const password = await this.accounts.hasPassword(user.id, tx);
      if (rows.length === 1 && !password) throw DrfValidationError.nonField(Msg.lastSignInMethod);
      await this.db.exec(`DELETE FROM sign_in_links WHERE user_id = :userId AND provider = :name`, { userId: user.id, name }, tx);
    });
  }

  /** A purged account's identities and flows (idempotent). */
  async deleteOfUser(userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.db.exec(`DELETE FROM sign_in_flows WHERE link_user_id = :userId OR code_user_id = :userId`, { userId }, tx);
      await this.db.exec(`DELETE FROM sign_in_links WHERE user_id = :userId`, { userId }, tx);
    });
  }

  /** Started flows nobody finished. */
  async pruneFlows(): Promise<void> {
    await this.db.exec(`DELETE FROM sign_in_flows WHERE created_on < now() - interval '1 day'`);
  }
}
