import { applyDecorators, Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiFoundResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthUser, CurrentUser, Public } from '../../common/auth/auth-user';
import { ApiAuthErrors, ApiNotFound, ApiThrottled, ApiValidationErrors } from '../../common/http/api-responses';
import { notFound } from '../../common/http/id-param.pipe';
import { parseId } from '../../common/http/paging';
import { RequestLanguage } from '../../common/http/request-language';
import type { Language } from '../../common/i18n/language';
import { AuthRateLimitGuard } from '../../common/http/rate-limit';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { LoginResponse } from '../auth/dto/auth.dto';
import { NoStore } from '../auth/no-store.guard';
import { GoogleLinkDto, GoogleLoginDto, LinkStartResponse, SignInCodeDto, SignInMethodsResponse, SignInProvidersResponse } from './dto/sign-in.dto';
import { type CodeFlowProvider, CODE_FLOW_PROVIDERS, type Provider, PROVIDERS } from './providers';
import { BROWSER_COOKIE, CODE_SECONDS, LINK_COOKIE, SignInRefused, SignInService } from './sign-in.service';

function cookieValue(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function codeFlowProvider(value: string): CodeFlowProvider {
  if (!(CODE_FLOW_PROVIDERS as readonly string[]).includes(value)) throw notFound();
  return value as CodeFlowProvider;
}

const StartDocs = (label: string) =>
  applyDecorators(
    ApiQuery({
      name: 'community',
      type: Number,
      required: false,
      description: 'The circle the user was invited to; carried in `state` and handed back after the login.',
    }),
    ApiQuery({
      name: 'link',
      type: String,
      required: false,
      description: 'A ticket from `sign-in-methods/{provider}/start/`: link the provider to that account instead of signing in.',
    }),
    ApiOperation({
      operationId: label === 'LINE' ? 'lineLogin' : 'yahooLogin',
      summary: `Sign in with ${label}: redirect to the provider`,
      description:
        'Starts an authorization code flow with PKCE (S256), a signed single-use `state` and a `nonce`, bound to this browser by a short-lived cookie. 404 when the provider is not configured.',
    }),
    ApiFoundResponse({ description: 'Redirect to the provider.' }),
    ApiValidationErrors(),
    ApiNotFound(),
  );

const CallbackDocs = (label: string) =>
  applyDecorators(
    ApiQuery({ name: 'code', type: String, required: false }),
    ApiQuery({ name: 'state', type: String, required: false }),
    ApiOperation({
      operationId: label === 'LINE' ? 'lineCallback' : 'yahooCallback',
      summary: `Finish a ${label} sign-in (the provider redirects here)`,
      description:
        "Exchanges the code server-side and checks the ID token (signature, issuer, audience, expiry, nonce); then redirects to `/login?code=…&next=/home|/account` (and `&community=` when the flow carried one): a one-time code, valid 2 minutes, that only this browser (the flow's cookie) can exchange for the token (`POST sign-in/exchange/`). Never a token in the URL. A refused sign-in redirects to `/login?error=cancelled|failed|expired|email_unverified|inactive`. A link flow finishes only in the browser whose `sign-in-methods/{provider}/start/` set the link cookie, while that session is signed in: `/account?linked={provider}`, else `/account?signin_error=taken|other_browser|signed_out|cancelled|failed|expired`.",
    }),
    ApiFoundResponse({ description: 'Redirect to the site.' }),
    ApiNotFound(),
  );

@ApiTags('sign-in')
@Controller()
export class SignInController {
  constructor(
    private readonly signIn: SignInService,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
  ) {}

  @Get('sign-in-providers')
  @Public()
  @ApiOperation({ operationId: 'signInProviders', summary: 'The sign-in providers this site offers (unconfigured ones are hidden)' })
  @ApiOkResponse({ type: SignInProvidersResponse })
  providers(): SignInProvidersResponse {
    return this.signIn.available();
  }

  @Post('loginGoogle')
  @UseGuards(AuthRateLimitGuard)
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'loginGoogle',
    summary: 'Sign in with a Google ID token',
    description:
      "The server checks the ID token (signature against the issuer's keys, issuer, audience, expiry) and requires a verified address; the account is found by Google's subject, then by that address, else made. An address without a valid token is refused (400). 404 when Google sign-in is not configured.",
  })
  @ApiOkResponse({ type: LoginResponse })
  @ApiValidationErrors()
  @ApiNotFound()
  @ApiThrottled()
  loginGoogle(@Body() dto: GoogleLoginDto, @RequestLanguage() language: Language | undefined): Promise<LoginResponse> {
    return this.signIn.google(dto.id_token, language);
  }

  @Get('line-login')
  @Public()
  @StartDocs('LINE')
  lineLogin(
    @Query('community') community: string | undefined,
    @Query('link') link: string | undefined,
    @RequestLanguage() language: Language | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.start('line', community, link, language, reply);
  }

  @Get('yahoo-login')
  @Public()
  @StartDocs('Yahoo! JAPAN')
  yahooLogin(
    @Query('community') community: string | undefined,
    @Query('link') link: string | undefined,
    @RequestLanguage() language: Language | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.start('yahoo', community, link, language, reply);
  }

  @Get('line-callback')
  @Public()
  @CallbackDocs('LINE')
  lineCallback(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.callback('line', req, reply);
  }

  @Get('yahoo-callback')
  @Public()
  @CallbackDocs('Yahoo! JAPAN')
  yahooCallback(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.callback('yahoo', req, reply);
  }

  private async start(
    name: CodeFlowProvider,
    community: string | undefined,
    link: string | undefined,
    language: Language | undefined,
    reply: FastifyReply,
  ): Promise<void> {
    const flow = await this.signIn.start(name, {
      language,
      community: community === undefined || community === '' ? undefined : parseId(community, 'community'),
      linkTicket: typeof link === 'string' ? link : undefined,
    });
    reply.header('Set-Cookie', `${BROWSER_COOKIE}=${flow.browserSecret}; Path=/api/user/; Max-Age=600; HttpOnly; SameSite=Lax${this.secure}`);
    reply.header('Cache-Control', 'no-store');
    await reply.redirect(flow.url, 302);
  }

  /** `; Secure` when the site is served over https. */
  private get secure(): string {
    return this.options.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  }

  private async callback(name: CodeFlowProvider, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const site = this.options.config.publicUrl;
    const query = (req.query ?? {}) as Record<string, unknown>;
    const browser = cookieValue(req, BROWSER_COOKIE);
    let location: string;
    // The browser cookie stays only while the one-time code waits for its exchange.
    let keep = false;
    try {
      const finished = await this.signIn.finish(name, query, { browser, link: cookieValue(req, LINK_COOKIE) });
      if (finished.kind === 'linked') {
        location = `${site}/account?linked=${finished.provider}`;
      } else {
        const params = new URLSearchParams({ code: finished.code, next: finished.next });
        if (finished.community !== null) params.set('community', String(finished.community));
        location = `${site}/login?${params}`;
        keep = true;
      }
    } catch (error) {
      if (!(error instanceof SignInRefused)) throw error;
      location = error.linking || error.reason === 'taken' ? `${site}/account?signin_error=${error.reason}` : `${site}/login?error=${error.reason}`;
    }
    reply.header('Set-Cookie', [
      keep
        ? `${BROWSER_COOKIE}=${browser}; Path=/api/user/; Max-Age=${CODE_SECONDS}; HttpOnly; SameSite=Lax${this.secure}`
        : `${BROWSER_COOKIE}=; Path=/api/user/; Max-Age=0; HttpOnly; SameSite=Lax${this.secure}`,
      `${LINK_COOKIE}=; Path=/api/user/${name}-callback/; Max-Age=0; HttpOnly; SameSite=Lax${this.secure}`,
    ]);
    reply.header('Cache-Control', 'no-store');
    reply.header('Referrer-Policy', 'no-referrer');
    await reply.redirect(location, 302);
  }

  @Post('sign-in/exchange')
  @UseGuards(AuthRateLimitGuard)
  @Public()
  @HttpCode(HttpStatus.OK)
  @NoStore()
  @ApiOperation({
    operationId: 'exchangeSignInCode',
    summary: 'Exchange the one-time code of a LINE or Yahoo! JAPAN sign-in for the token',
    description:
      'The `code` of `/login?code=…` (the callbacks send it), for the same answer as `login/`. Only the browser that started the flow can use it: the request must carry its cookie (same origin). Refused with 400: `{"non_field_errors": ["Please finish signing in in the browser where you started it."]}` without that cookie or with another browser\'s (the code stays unused); `{"code": ["This sign-in has expired or was already used. Please sign in again."]}` for a code that is unknown, used (single use) or older than 2 minutes; `{"non_field_errors": ["User inactive or deleted."]}` when the account is being deleted.',
  })
  @ApiOkResponse({ type: LoginResponse })
  @ApiValidationErrors()
  @ApiThrottled()
  async exchange(@Body() dto: SignInCodeDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<LoginResponse> {
    const session = await this.signIn.exchange(dto.code, cookieValue(req, BROWSER_COOKIE));
    void reply.header('Set-Cookie', `${BROWSER_COOKIE}=; Path=/api/user/; Max-Age=0; HttpOnly; SameSite=Lax${this.secure}`);
    return session;
  }

  @Get('sign-in-methods')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'signInMethods', summary: 'How the account can sign in: password, and the linked providers' })
  @ApiOkResponse({ type: SignInMethodsResponse })
  @ApiAuthErrors()
  methods(@CurrentUser() user: AuthUser): Promise<SignInMethodsResponse> {
    return this.signIn.methods(user);
  }

  @Post('sign-in-methods/google')
  @HttpCode(HttpStatus.OK)
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'linkGoogle', summary: 'Link a Google account (its ID token) to the signed-in account' })
  @ApiOkResponse({ type: SignInMethodsResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiNotFound()
  linkGoogle(@CurrentUser() user: AuthUser, @Body() dto: GoogleLinkDto): Promise<SignInMethodsResponse> {
    return this.signIn.linkGoogle(user, dto.id_token);
  }

  @Post('sign-in-methods/:provider/start')
  @ApiSecurity('token')
  @ApiParam({ name: 'provider', enum: CODE_FLOW_PROVIDERS })
  @ApiOperation({
    operationId: 'linkProviderStart',
    summary: 'A URL that signs in at LINE or Yahoo! JAPAN and links it to this account (valid 2 minutes)',
    description:
      'The answer sets an HttpOnly cookie (`Path=/api/user/{provider}-callback/`, SameSite=Lax) that binds the flow to this browser: the link is made only when the callback comes back to the browser that asked, while this session is still signed in. Opened anywhere else, it links nothing (`/account?signin_error=other_browser`).',
  })
  @ApiCreatedResponse({ type: LinkStartResponse })
  @ApiAuthErrors()
  @ApiNotFound()
  linkStart(@CurrentUser() user: AuthUser, @Param('provider') provider: string, @Res({ passthrough: true }) reply: FastifyReply): LinkStartResponse {
    const name = codeFlowProvider(provider);
    const started = this.signIn.linkStart(user, name);
    // The ticket is valid 2 minutes, the flow it starts 10 more.
    void reply.header(
      'Set-Cookie',
      `${LINK_COOKIE}=${started.browserSecret}; Path=/api/user/${name}-callback/; Max-Age=720; HttpOnly; SameSite=Lax${this.secure}`,
    );
    return { url: started.url };
  }

  @Delete('sign-in-methods/:provider')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiSecurity('token')
  @ApiParam({ name: 'provider', enum: PROVIDERS })
  @ApiOperation({ operationId: 'unlinkProvider', summary: 'Remove a linked provider; the last way to sign in cannot be removed (400)' })
  @ApiNoContentResponse()
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiNotFound()
  async unlink(@CurrentUser() user: AuthUser, @Param('provider') provider: string): Promise<void> {
    if (!(PROVIDERS as readonly string[]).includes(provider)) throw notFound();
    await this.signIn.unlink(user, provider as Provider);
  }
}
